import type { AlarmItem, JobRunItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Space } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { RequestError } from '@/shared/request/errors.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { JOB_RUNS_KEY, useJobRunDetail } from '../api/job-runs.ts';
import { RunHeader } from '../components/run-header.tsx';
import { RunTimeline } from '../components/run-timeline.tsx';

function TaskNotFound() {
  const { t } = useTranslation('jobRuns');
  return (
    <Result
      status="warning"
      title={t('notFound.title')}
      subTitle={t('notFound.text')}
      data-testid="task-not-found"
      extra={
        <Link to="/historyRecords/historyTask">
          <Button>{t('notFound.back')}</Button>
        </Link>
      }
    />
  );
}

/** /historyRecords/taskDetails/:id — a job run: its fields, the scene's safety rate and its timeline. */
export default function TaskDetailsPage() {
  const { t } = useTranslation('jobRuns');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useJobRunDetail(id);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [...JOB_RUNS_KEY, 'detail', id] });
  useRealtime<JobRunItem>('jobRun.updated', (run) => {
    if (run?.id === id) void refresh();
  });
  useRealtime<AlarmItem>('alarm.created', (alarm) => {
    if (alarm?.historyAssignmentId === id) void refresh();
  });
  useRealtime<{ historyAssignmentId?: number | null }>('event.created', (event) => {
    if (event?.historyAssignmentId === id) void refresh();
  });

  if (!valid) return <TaskNotFound />;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof RequestError && error.httpStatus === 404) return <TaskNotFound />;
    return <PageError message={error.message} onRetry={() => query.refetch()} />;
  }
  const run = query.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="task-details-page">
      <Card variant="borderless" title={`${t('detailTitle')} · ${run.jobNumber || run.id}`}>
        <RunHeader run={run} />
      </Card>
      <Card variant="borderless" title={t('timeline.title')}>
        <RunTimeline entries={run.timeline} eventCount={run.eventCount} alarmCount={run.alarmCount} />
      </Card>
    </Space>
  );
}
