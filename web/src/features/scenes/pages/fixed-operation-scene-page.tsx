import { Card, Space, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useFixedOperation } from '../api/fixed-operation.ts';
import { CameraGrid } from '../components/camera-grid.tsx';
import { FlowChartView } from '../components/flow-chart-view.tsx';
import { SceneHeader } from '../components/scene-header.tsx';
import { SceneNotFound } from '../components/scene-not-found.tsx';

/** /sceneManagement/fixedOperationScene/:id — a fixed operation: its scene, job type, flowchart, cameras. */
export default function FixedOperationScenePage() {
  const { t } = useTranslation('scenes');
  const id = Number(useParams().id);
  const query = useFixedOperation(id);
  const back = '/sceneManagement/fixedOperationSet';
  if (!Number.isInteger(id) || id <= 0) return <SceneNotFound backTo={back} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageError message={query.error.message} onRetry={() => query.refetch()} />;
  const op = query.data;
  if (!op) return <SceneNotFound backTo={back} />;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="fixed-operation-page">
      <Card
        variant="borderless"
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {op.sceneName}
          </Typography.Title>
        }
      >
        <SceneHeader scene={op.scene} />
      </Card>
      <Card variant="borderless" title={`${t('flowchart')}${op.workflowName ? ` · ${op.workflowName}` : ''}`}>
        <FlowChartView chart={op.chart} />
      </Card>
      <Card variant="borderless" title={t('field.cameras')}>
        <CameraGrid cameras={op.scene.cameras} />
      </Card>
    </Space>
  );
}
