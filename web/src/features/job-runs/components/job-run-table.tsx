import type { JobRunItem } from '@sentinel/contract';
import type { TablePaginationConfig } from 'antd';
import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { formatTime } from '../../../shared/utils/time.ts';
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
    <Table<JobRunItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={tc('noData')} data-testid="job-run-empty" /> }}
      pagination={pagination}
      onRow={(row) =>
        ({
          'data-testid': `job-run-row-${row.id}`,
          onClick: () => onOpen(row.id),
          style: { cursor: 'pointer' },
        }) as React.HTMLAttributes<HTMLElement>
      }
      data-testid="job-run-table"
    />
  );
}
