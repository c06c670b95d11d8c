import type { QueueMeasure } from '@sentinel/contract';
import { Card, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useQueueMeasures } from '../api/queues.ts';

type Row = QueueMeasure & { id: number };

/** /selfCheck/queueMonitoring: every queue's depth, running, oldest waiting age and throughput, live. */
export default function QueueMonitoringPage() {
  const { t } = useTranslation('selfCheckQueues');
  const query = useQueueMeasures();
  const columns: TableColumnsType<Row> = [
    { title: t('column.queue'), dataIndex: 'queue' },
    { title: t('column.depth'), dataIndex: 'depth' },
    { title: t('column.running'), dataIndex: 'running' },
    {
      title: t('column.oldestAge'),
      dataIndex: 'oldestAgeSeconds',
      render: (v: number | null) => (v === null ? '—' : t('seconds', { count: v })),
    },
    { title: t('column.donePerMinute'), dataIndex: 'doneLastMinute' },
    {
      title: t('column.failed'),
      dataIndex: 'failedLastMinute',
      render: (v: number) => (v > 0 ? <Tag color="red">{v}</Tag> : v),
    },
  ];
  return (
    <Card variant="borderless" data-testid="queue-monitoring-page">
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<Row>
          testId="queue-monitoring"
          columns={columns}
          dataSource={(query.data ?? []).map((m, id) => ({ ...m, id }))}
          loading={query.isPending}
          pagination={false}
        />
      )}
    </Card>
  );
}
