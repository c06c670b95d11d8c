import type { QueueMeasure } from '@sentinel/contract';
import {
  Button,
  type ButtonProps,
  Card,
  Flex,
  Popconfirm,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useCallback } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useQueueMeasures, useQueueSamples, useSetQueuePaused } from '../api/queues.ts';
import { LastHourChart } from '../components/last-hour-chart.tsx';

type Row = QueueMeasure & { id: number };

/**
 * /selfCheck/queueMonitoring: every queue's waiting, running, oldest waiting age and last-minute
 * throughput, asked again every few seconds; pause / resume (audited) and the last hour's chart.
 */
export default function QueueMonitoringPage() {
  const { t, i18n } = useTranslation('selfCheckQueues');
  const query = useQueueMeasures();
  const samples = useQueueSamples();
  const setPaused = useSetQueuePaused();
  const label = useCallback(
    (queue: string) => (i18n.exists(`selfCheckQueues:queue.${queue}`) ? t(`queue.${queue}`) : queue),
    [t, i18n],
  );
  const columns: TableColumnsType<Row> = [
    {
      title: t('column.queue'),
      dataIndex: 'queue',
      render: (queue: string, row) => (
        <Flex vertical>
          <span>
            {label(queue)}{' '}
            {row.paused && (
              <Tooltip title={t('pausedBy', { name: row.paused.accountName, at: formatTime(row.paused.at) })}>
                <Tag color="orange" data-testid={`queue-${queue}-paused`}>
                  {t('paused')}
                </Tag>
              </Tooltip>
            )}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {queue}
          </Typography.Text>
        </Flex>
      ),
    },
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
    {
      title: t('column.actions'),
      key: 'actions',
      render: (_: unknown, row) =>
        !row.pausable ? (
          <Typography.Text type="secondary">{t('notPausable')}</Typography.Text>
        ) : row.paused ? (
          <Button
            type="link"
            size="small"
            loading={setPaused.isPending && setPaused.variables?.queue === row.queue}
            onClick={() => setPaused.mutate({ queue: row.queue, paused: false })}
            data-testid={`queue-${row.queue}-resume`}
          >
            {t('resume')}
          </Button>
        ) : (
          <Popconfirm
            title={t('pauseConfirm', { queue: label(row.queue) })}
            description={t('pauseNote')}
            onConfirm={() => setPaused.mutateAsync({ queue: row.queue, paused: true })}
            okButtonProps={{ danger: true, ...({ 'data-testid': 'queue-pause-confirm' } as ButtonProps) }}
          >
            <Button type="link" size="small" danger data-testid={`queue-${row.queue}-pause`}>
              {t('pause')}
            </Button>
          </Popconfirm>
        ),
    },
  ];
  return (
    <Flex vertical gap={16} data-testid="queue-monitoring-page">
      <Card variant="borderless">
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
      {samples.isError && !samples.data ? (
        <PageError message={samples.error.message} onRetry={() => void samples.refetch()} />
      ) : (
        <LastHourChart samples={samples.data?.list ?? []} label={label} />
      )}
    </Flex>
  );
}
