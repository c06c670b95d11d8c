import type { JobRunDetail, SceneItem } from '@sentinel/contract';
import { Alert, Button, Card, Col, Row, Skeleton, Space, Timeline, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useFixedOperation } from '../api/fixed-operation.ts';
import { FlowChartView } from '../components/flow-chart-view.tsx';
import { useFixedAlarms, useLastRun, useRunDetail, useSafetyRate } from './api/run-queries.ts';
import { JobSceneSwitcher } from './job-scene-switcher.tsx';
import { nodeProgress, type ProgressAlarm } from './node-progress.ts';
import { RunFlowChart } from './run-flow-chart.tsx';
import { RunSummary, SafetyRateText } from './run-summary.tsx';
import { AlarmRows } from './scene-alarm-list.tsx';

/** How many of a temporary job run's latest events and alarms are listed. */
const RECENT_ENTRIES = 8;

/** The latest events and alarms of a run (temporary jobs have no flowchart); alarms open on a click. */
function RecentEntries({ detail, onOpen }: { detail: JobRunDetail; onOpen: (id: number) => void }) {
  const { t } = useTranslation('scenes');
  const entries = detail.timeline.slice(-RECENT_ENTRIES).reverse();
  if (entries.length === 0)
    return <Typography.Text type="secondary">{t('monitor.noEntries')}</Typography.Text>;
  return (
    <Timeline
      data-testid="monitor-run-entries"
      items={entries.map((e) => ({
        key: `${e.kind}-${e.id}`,
        color: e.kind === 'alarm' ? 'red' : 'blue',
        content:
          e.kind === 'alarm' ? (
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(e.id)}>
              {formatTime(e.time)} · {e.name}
            </Button>
          ) : (
            `${formatTime(e.time)} · ${e.name}`
          ),
      }))}
    />
  );
}

/**
 * A job scene's (or temporary job's) current run: its facts and counts, the scene's safety rate,
 * for a job scene the saved flowchart with each step's progress and the alarms of the fixed
 * operation's latest run; for a temporary job its latest events. Kept live by the page's events.
 */
export function JobRunPanel({
  scene,
  onOpen,
}: {
  scene: SceneItem;
  onOpen: (ids: number[], index: number) => void;
}) {
  const { t } = useTranslation('scenes');
  const canHistory = usePermissionStore((s) => s.codes.has('historyTask'));
  const last = useLastRun(scene.id);
  const runId = last.data?.historyAssignmentId ?? null;
  const detail = useRunDetail(scene.id, runId, canHistory);
  const rate = useSafetyRate(scene.id);
  const fixedId = scene.kind === 'job' ? (scene.fixedOperation?.id ?? null) : null;
  const operation = useFixedOperation(fixedId ?? 0);
  const fixedAlarms = useFixedAlarms(scene.id, fixedId);

  const run = detail.data?.id === runId ? detail.data : undefined;
  const runAlarms: ProgressAlarm[] = run
    ? run.timeline.filter((e) => e.kind === 'alarm').map((e) => ({ time: e.time, state: e.state ?? 1 }))
    : fixedAlarms.data?.historyAssignmentId === runId && runId !== null
      ? fixedAlarms.data.list.map((a) => ({ time: a.alarmTime, state: a.alarmState }))
      : [];
  const events = (run?.timeline ?? []).filter((e) => e.kind === 'event');

  const extra = (
    <Space size={8} wrap>
      {scene.kind === 'job' ? <JobSceneSwitcher sceneId={scene.id} /> : null}
      {canHistory && runId !== null ? (
        <Link to={`/historyRecords/taskDetails/${runId}`} data-testid="monitor-run-details">
          {t('monitor.taskDetails')}
        </Link>
      ) : null}
    </Space>
  );

  let body: React.ReactNode;
  if (last.isPending) body = <Skeleton active />;
  else if (last.isError)
    body = <PageError message={last.error.message} onRetry={() => void last.refetch()} />;
  else {
    const counts = last.data;
    const progress = nodeProgress(
      operation.data?.chart ?? { nodes: [], edges: [] },
      counts.state === null ? null : { state: counts.state, startTime: run?.startTime ?? null },
      events,
      runAlarms,
    );
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {runId === null ? (
          <Alert
            type="info"
            showIcon
            title={t('monitor.noRun')}
            description={<SafetyRateText rate={rate.data} failed={rate.isError} />}
            data-testid="monitor-no-run"
          />
        ) : (
          <RunSummary last={counts} facts={run ?? {}} rate={rate.data} rateFailed={rate.isError} />
        )}
        {scene.kind === 'job' ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              <Typography.Title level={5}>
                {t('flowchart')}
                {operation.data?.workflowName ? ` · ${operation.data.workflowName}` : ''}
              </Typography.Title>
              {operation.isPending && fixedId !== null ? (
                <Skeleton active />
              ) : operation.isError ? (
                <PageError message={operation.error.message} onRetry={() => void operation.refetch()} />
              ) : operation.data && operation.data.chart.nodes.length > 0 ? (
                <RunFlowChart chart={operation.data.chart} progress={progress} />
              ) : (
                <FlowChartView chart={{ nodes: [], edges: [] }} />
              )}
            </Col>
            <Col xs={24} xl={10}>
              <Typography.Title level={5}>{t('monitor.fixedAlarms')}</Typography.Title>
              <AlarmRows
                rows={fixedAlarms.data?.list}
                loading={fixedAlarms.isPending && fixedId !== null}
                error={fixedAlarms.error}
                onRetry={() => void fixedAlarms.refetch()}
                onOpen={onOpen}
                empty={t('monitor.noFixedAlarms')}
                testId="monitor-fixed-alarms"
              />
            </Col>
          </Row>
        ) : run ? (
          <RecentEntries detail={run} onOpen={(id) => onOpen([id], 0)} />
        ) : null}
      </Space>
    );
  }
  return (
    <Card variant="borderless" title={t('monitor.currentRun')} extra={extra} data-testid="monitor-run-card">
      {body}
    </Card>
  );
}
