import { SCENE_PAGE, type SceneItem } from '@sentinel/contract';
import { Button, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useSceneDetail } from '../api/scene-detail.ts';
import { CameraGrid } from './camera-grid.tsx';

/** Expanded row of the temporary job details: the job's cameras (snapshots, online) and its scene page. */
export function TemporaryJobCameras({ scene }: { scene: SceneItem }) {
  const { t } = useTranslation('scenes');
  const detail = useSceneDetail(scene.id);
  return (
    <div data-testid={`job-cameras-${scene.id}`} style={{ padding: '4px 8px' }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text strong>
          {t('detail.camerasOf', { name: scene.temporaryJob?.name ?? scene.name })}
        </Typography.Text>
        <Link to={SCENE_PAGE.temporary.path(scene.id)} data-testid={`job-open-${scene.id}`}>
          <Button size="small">{t('action.open')}</Button>
        </Link>
      </Flex>
      {detail.isPending ? (
        <PageLoading />
      ) : detail.isError ? (
        <PageError message={detail.error.message} onRetry={() => void detail.refetch()} />
      ) : (
        <CameraGrid cameras={detail.data?.cameras ?? []} />
      )}
    </div>
  );
}
