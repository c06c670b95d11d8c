import { PauseCircleOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { isPriorityCode, PRIORITY_LABELS, type SceneCameraTile } from '@sentinel/contract';
import { Badge, Button, Card, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { VideoPlayer } from '@/shared/ui/video-player/index.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useCameraLastAlarm } from './api/alarm-queries.ts';
import { useCameraAlgorithms } from './api/algorithm-queries.ts';
import { useInView } from './use-in-view.ts';

export interface TileState {
  online: boolean;
  /** Algorithm id → whether it runs now (algorithmStateHOI); undefined while unknown. */
  running?: Map<number, boolean>;
}

const placeholder: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 4,
  color: '#8a8f99',
  background: '#1f2329',
};

/** Off screen: the snapshot (or an icon) instead of a player. */
function Paused({ camera }: { camera: SceneCameraTile }) {
  const { t } = useTranslation('scenes');
  return (
    <div style={placeholder} data-testid="monitor-paused">
      {camera.snapshotUrl ? (
        <img
          src={camera.snapshotUrl}
          alt={camera.name}
          loading="lazy"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <VideoCameraOutlined style={{ fontSize: 28 }} />
      )}
      <Tag icon={<PauseCircleOutlined />} style={{ position: 'relative' }}>
        {t('monitor.paused')}
      </Tag>
    </div>
  );
}

/** The algorithms configured on the camera (getAlgorithm), each tagged running or stopped. */
function TileAlgorithms({
  sceneId,
  cameraId,
  state,
}: {
  sceneId: number;
  cameraId: number;
  state: TileState;
}) {
  const { t } = useTranslation('scenes');
  const lang = useLang();
  const query = useCameraAlgorithms(sceneId, cameraId);
  if (query.isPending) return <Typography.Text type="secondary">{t('monitor.loadingShort')}</Typography.Text>;
  if (query.isError)
    return (
      <Typography.Text type="danger" data-testid="tile-algorithms-error">
        {t('monitor.algorithmsFailed')}
      </Typography.Text>
    );
  if (query.data.length === 0)
    return <Typography.Text type="secondary">{t('monitor.noAlgorithms')}</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap data-testid="tile-algorithms">
      {query.data.map((a) => {
        const running = state.running?.get(a.id);
        const level = isPriorityCode(a.level) ? PRIORITY_LABELS[a.level][lang] : String(a.level);
        return (
          <Tooltip key={a.id} title={`${t('monitor.alarmLevel')}: ${level}`}>
            <Tag
              color={running === undefined ? 'default' : running ? 'green' : 'default'}
              data-testid="tile-algorithm"
              data-running={running === undefined ? undefined : String(running)}
            >
              {a.name} · {running === undefined ? '…' : t(running ? 'monitor.running' : 'monitor.stopped')}
            </Tag>
          </Tooltip>
        );
      })}
    </Space>
  );
}

/** The camera's latest alarm in this scene (lastAlarmRecord); a click opens it. */
function TileLastAlarm({
  sceneId,
  cameraId,
  onOpen,
}: {
  sceneId: number;
  cameraId: number;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('scenes');
  const query = useCameraLastAlarm(sceneId, cameraId);
  if (query.isPending || query.isError) return null;
  const alarm = query.data;
  if (!alarm)
    return (
      <Typography.Text type="secondary" data-testid="tile-last-alarm">
        {t('monitor.noCameraAlarm')}
      </Typography.Text>
    );
  return (
    <Button
      type="link"
      size="small"
      danger={alarm.alarmState === 1 || alarm.alarmState === 4}
      style={{
        padding: 0,
        height: 'auto',
        whiteSpace: 'normal',
        textAlign: 'left',
        justifyContent: 'flex-start',
      }}
      onClick={() => onOpen(alarm.id)}
      data-testid="tile-last-alarm"
    >
      {t('monitor.lastAlarm', { type: alarm.videoAlarmTypeName, time: formatTime(alarm.alarmTime) })}
    </Button>
  );
}

/** One camera of the scene: live while on screen, its algorithms' state and its latest alarm. */
export function CameraTile({
  sceneId,
  camera,
  state,
  onOpenAlarm,
}: {
  sceneId: number;
  camera: SceneCameraTile;
  state: TileState;
  onOpenAlarm: (id: number) => void;
}) {
  const { t } = useTranslation('scenes');
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  return (
    <Card
      size="small"
      data-testid="monitor-camera"
      data-camera-id={camera.cameraId}
      data-in-view={String(inView)}
      cover={
        <div ref={ref} style={{ position: 'relative', aspectRatio: '6 / 3', background: '#000' }}>
          {inView ? (
            <VideoPlayer
              source={camera.cameraId}
              fit="fill"
              notifyNotFound={false}
              style={{ position: 'absolute', inset: 0 }}
            />
          ) : (
            <Paused camera={camera} />
          )}
        </div>
      }
    >
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong ellipsis title={camera.name}>
            {camera.name}
          </Typography.Text>
          <Badge
            status={state.online ? 'success' : 'default'}
            text={state.online ? t('status.online') : t('status.offline')}
          />
        </Flex>
        <Space size={4} wrap>
          <Typography.Text type="secondary">{camera.code}</Typography.Text>
          {camera.enabled ? null : <Tag>{t('cameraDisabled')}</Tag>}
        </Space>
        <TileAlgorithms sceneId={sceneId} cameraId={camera.cameraId} state={state} />
        <TileLastAlarm sceneId={sceneId} cameraId={camera.cameraId} onOpen={onOpenAlarm} />
      </Flex>
    </Card>
  );
}
