import type { JobRunItem } from '@sentinel/contract';
import type { TablePaginationConfig } from 'antd';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { durationMinutes, splitMinutes } from '../lib/duration.ts';
import { DetectionTag, RunStateTag } from './run-tags.tsx';

/** Job runs: number, name, state, detection, scene, start, end, duration, details (the key ones first for narrow screens). */
export function JobRunTable({
  rows,
  loading,
  pagination,
  onOpen,
}: {
  rows: JobRunItem[];
  loading: boolean;
  pagination: TablePaginationConfig | false;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('jobRuns');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<JobRunItem> = [
    { title: t('column.jobNumber'), dataIndex: 'jobNumber', render: (v: string) => v || '—' },
    { title: t('column.jobName'), dataIndex: 'jobName', render: (v: string) => v || '—' },
    { title: t('column.state'), dataIndex: 'state', render: (v: number) => <RunStateTag state={v} /> },
    {
      title: t('column.detection'),
      dataIndex: 'detection',
      render: (v: number) => <DetectionTag detection={v} />,
    },
    { title: t('column.scene'), dataIndex: 'sceneName', responsive: ['xl'], render: (v: string) => v || '—' },
    { title: t('column.start'), dataIndex: 'startTime', render: (v: string | null) => formatTime(v) || '—' },
    {
      title: t('column.end'),
      dataIndex: 'endTime',
      responsive: ['xl'],
      render: (v: string | null) => formatTime(v) || '—',
    },
    {
      title: t('column.duration'),
      key: 'duration',
      responsive: ['xl'],
      render: (_, row) => {
        const minutes = durationMinutes(row.startTime, row.endTime);
        return minutes === null ? '—' : t('duration', splitMinutes(minutes));
      },
    },
    {
      title: tc('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row.id);
          }}
          data-testid={`job-run-${row.id}-details`}
        >
          {t('details')}
        </Button>
      ),
    },
  ];
  return (
    <ListTable<JobRunItem>
      testId="job-run"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      onRowClick={(row) => onOpen(row.id)}
    />
  );
}
