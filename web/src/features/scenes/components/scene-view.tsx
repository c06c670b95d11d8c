import type { SceneKind } from '@sentinel/contract';
import { Alert, Card, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useSceneDetail } from '../api/scene-detail.ts';
import { CameraGrid } from './camera-grid.tsx';
import { SceneHeader } from './scene-header.tsx';
import { SceneNotFound } from './scene-not-found.tsx';

const GROUP_PATH: Record<SceneKind, string> = {
  general: '/generalSceneManage',
  job: '/jobSceneManage',
  temporary: '/temporaryJobScene/temporaryJobManage',
};

/** The page of one enabled scene of a scene menu: header, cameras, latest alarms. */
export function SceneView({ kind }: { kind: SceneKind }) {
  const { t } = useTranslation('scenes');
  const params = useParams();
  const id = Number(params.id);
  const query = useSceneDetail(id);
  if (!Number.isInteger(id) || id <= 0) return <SceneNotFound backTo={GROUP_PATH[kind]} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageError message={query.error.message} onRetry={() => query.refetch()} />;
  const scene = query.data;
  if (!scene || scene.kind !== kind || !scene.enabled) return <SceneNotFound backTo={GROUP_PATH[kind]} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="scene-page">
      <Card
        variant="borderless"
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {scene.name}
          </Typography.Title>
        }
      >
        <SceneHeader scene={scene} />
      </Card>
      <Card variant="borderless" title={t('field.cameras')}>
        <CameraGrid cameras={scene.cameras} />
      </Card>
      <Card variant="borderless" title={t('latestAlarms')}>
        <Alert type="info" showIcon title={t('alarmsLater')} data-testid="scene-alarms-later" />
      </Card>
    </Space>
  );
}
