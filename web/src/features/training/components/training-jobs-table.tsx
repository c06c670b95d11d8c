import type { TrainingJobItem } from '@sentinel/contract';
import { Progress, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useJobs } from '../api.ts';
import { step3Path } from '../paths.ts';
import { StateTag } from './state-tag.tsx';

const duration = (job: TrainingJobItem) => {
  if (!job.startedAt) return '';
  const end = job.finishedAt ? Date.parse(job.finishedAt) : Date.now();
  const seconds = Math.max(0, Math.round((end - Date.parse(job.startedAt)) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** An instance's training jobs (state, progress, started, duration, result version), newest first. */
export function TrainingJobsTable({
  algorithmId,
  instanceName,
}: {
  algorithmId: number;
  instanceName: string;
}) {
  const { t } = useTranslation('training');
  const [page, setPage] = useState({ page: 1, limit: 10 });
  const jobs = useJobs(algorithmId, page.page, page.limit);
  if (jobs.isError) return <PageError onRetry={() => void jobs.refetch()} />;
  return (
    <Table<TrainingJobItem>
      rowKey="id"
      size="small"
      data-testid="training-jobs"
      loading={jobs.isLoading}
      dataSource={jobs.data?.list ?? []}
      locale={{ emptyText: t('jobs.empty') }}
      pagination={{
        current: page.page,
        pageSize: page.limit,
        total: jobs.data?.count ?? 0,
        pageSizeOptions: [10, 20, 30, 50],
        onChange: (p, limit) => setPage({ page: p, limit }),
      }}
      columns={[
        {
          title: t('jobs.id'),
          dataIndex: 'id',
          render: (id: number) => <Link to={step3Path(instanceName, id)}>#{id}</Link>,
        },
        { title: t('jobs.state'), dataIndex: 'state', render: (_, job) => <StateTag state={job.state} /> },
        {
          title: t('jobs.progress'),
          dataIndex: 'progress',
          render: (_, job) => <Progress percent={job.progress} size="small" style={{ minWidth: 120 }} />,
        },
        { title: t('jobs.started'), dataIndex: 'startedAt', render: (v: string | null) => formatTime(v) },
        { title: t('jobs.duration'), key: 'duration', render: (_, job) => duration(job) },
        {
          title: t('jobs.result'),
          dataIndex: 'resultVersionNumber',
          render: (n: number | null) => (n === null ? '—' : `v${n}`),
        },
      ]}
    />
  );
}
