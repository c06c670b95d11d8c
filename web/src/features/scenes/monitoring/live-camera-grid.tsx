import type { SceneCameraTile } from '@sentinel/contract';
import { Alert, Col, Empty, Row } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAlgorithmStates } from './api/algorithm-queries.ts';
import { CameraTile, type TileState } from './camera-tile.tsx';

/**
 * The scene's cameras playing live (the shared player, by camera id), two or three a row; a tile
 * out of view holds no player. Online flags and running algorithms come from algorithmStateHOI.
 */
export function LiveCameraGrid({
  sceneId,
  cameras,
  onOpenAlarm,
}: {
  sceneId: number;
  cameras: SceneCameraTile[];
  onOpenAlarm: (id: number) => void;
}) {
  const { t } = useTranslation('scenes');
  const states = useAlgorithmStates(sceneId);
  if (cameras.length === 0) return <Empty description={t('noCameras')} data-testid="scene-no-cameras" />;
  const byCamera = new Map((states.data?.cameras ?? []).map((c) => [c.cameraId, c]));
  const stateOf = (camera: SceneCameraTile): TileState => {
    const found = byCamera.get(camera.cameraId);
    if (!found) return { online: camera.online };
    return { online: found.online, running: new Map(found.algorithms.map((a) => [a.id, a.running])) };
  };
  return (
    <>
      {states.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('monitor.statesFailed')}
          style={{ marginBottom: 12 }}
          data-testid="monitor-states-error"
        />
      ) : null}
      <Row gutter={[12, 12]} data-testid="scene-cameras">
        {cameras.map((camera) => (
          <Col key={camera.sceneCameraId} xs={24} md={12} xxl={8}>
            <CameraTile sceneId={sceneId} camera={camera} state={stateOf(camera)} onOpenAlarm={onOpenAlarm} />
          </Col>
        ))}
      </Row>
    </>
  );
}
