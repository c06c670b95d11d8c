import type { SceneDetail, SceneKind } from '@sentinel/contract';
import { Card, Col, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmDetailDialog } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useSceneDetail } from '../api/scene-detail.ts';
import { useLastRun } from '../monitoring/api/run-queries.ts';
import { JobRunPanel } from '../monitoring/job-run-panel.tsx';
import { LiveCameraGrid } from '../monitoring/live-camera-grid.tsx';
import { SceneAlarmsPanel } from '../monitoring/scene-alarms-panel.tsx';
import { useSceneLive } from '../monitoring/use-scene-live.ts';
import { SceneHeader } from './scene-header.tsx';
import { SceneNotFound } from './scene-not-found.tsx';

const GROUP_PATH: Record<SceneKind, string> = {
  general: '/generalSceneManage',
  job: '/jobSceneManage',
  temporary: '/temporaryJobScene/temporaryJobManage',
};

/**
 * Monitoring of one scene: its cameras live with their algorithms, its alarms arriving live with
 * handling in place, and for job scenes and temporary jobs the current run.
 */
function SceneMonitor({ scene }: { scene: SceneDetail }) {
  const { t } = useTranslation('scenes');
  const withRun = scene.kind !== 'general';
  const last = useLastRun(scene.id, withRun);
  const arrived = useSceneLive(scene.id, last.data?.historyAssignmentId ?? null);
  const [open, setOpen] = useState<{ ids: number[]; index: number } | null>(null);
  const openAlarm = (ids: number[], index: number) => setOpen({ ids, index });
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
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={16}>
          <Card variant="borderless" title={t('field.cameras')}>
            <LiveCameraGrid
              sceneId={scene.id}
              cameras={scene.cameras}
              onOpenAlarm={(id) => openAlarm([id], 0)}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card variant="borderless" title={t('latestAlarms')}>
            <SceneAlarmsPanel sceneId={scene.id} arrived={arrived} onOpen={openAlarm} />
          </Card>
        </Col>
      </Row>
      {withRun ? <JobRunPanel scene={scene} onOpen={openAlarm} /> : null}
      {open ? (
        <AlarmDetailDialog ids={open.ids} index={open.index} mode="normal" onClose={() => setOpen(null)} />
      ) : null}
    </Space>
  );
}

/** The page of one enabled scene of a scene menu (general, job or temporary). */
export function SceneView({ kind }: { kind: SceneKind }) {
  const params = useParams();
  const id = Number(params.id);
  const query = useSceneDetail(id);
  if (!Number.isInteger(id) || id <= 0) return <SceneNotFound backTo={GROUP_PATH[kind]} />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) return <PageError message={query.error.message} onRetry={() => query.refetch()} />;
  const scene = query.data;
  if (!scene || scene.kind !== kind || !scene.enabled) return <SceneNotFound backTo={GROUP_PATH[kind]} />;
  return <SceneMonitor key={scene.id} scene={scene} />;
}
