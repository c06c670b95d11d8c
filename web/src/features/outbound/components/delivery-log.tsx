import { DELIVERY_STATES, type DeliveryItem, type DeliveryState } from '@sentinel/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilterSelect } from '@/shared/crud/filter-select.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { receiverApi, useDeliveries, useRedeliver } from '../api.ts';

const STATE_COLOR: Record<DeliveryState, string> = {
  pending: 'orange',
  sending: 'processing',
  delivered: 'green',
  dead: 'red',
};

const text = (v: string) =>
  v ? (
    <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: v }}>
      {v}
    </Typography.Text>
  ) : (
    '—'
  );

/** The delivery log, or (deadLetter) the dead letter with redeliver, single and all. */
export function DeliveryLog({
  deadLetter = false,
  canRedeliver,
}: {
  deadLetter?: boolean;
  canRedeliver: boolean;
}) {
  const { t } = useTranslation('outbound');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [receiverId, setReceiverId] = useState<number | null>(null);
  const [state, setState] = useState<DeliveryState | null>(null);
  const receivers = receiverApi.useList({ page: 1, limit: 50 });
  const query = useDeliveries({
    ...paging,
    ...(receiverId ? { receiverId } : {}),
    ...(deadLetter ? { state: 'dead' as const } : state ? { state } : {}),
  });
  const redeliver = useRedeliver(t('redelivered'));
  const testId = deadLetter ? 'dead-letter' : 'delivery-log';
  const columns: TableColumnsType<DeliveryItem> = [
    { title: t('column.time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v), width: 170 },
    { title: t('column.receiver'), dataIndex: 'receiverName' },
    { title: t('column.alarm'), dataIndex: 'alarmId', width: 90 },
    { title: t('column.attempts'), dataIndex: 'attempts', width: 90 },
    {
      title: t('column.outcome'),
      dataIndex: 'state',
      width: 110,
      render: (v: DeliveryState) => (
        <Tag color={STATE_COLOR[v]} data-testid={`delivery-state-${v}`}>
          {t(`state.${v}`)}
        </Tag>
      ),
    },
    {
      title: t('column.answer'),
      key: 'answer',
      render: (_: unknown, row: DeliveryItem) => text(row.state === 'delivered' ? row.answer : row.lastError),
    },
    {
      title: t('column.deliveredAt'),
      dataIndex: 'deliveredAt',
      responsive: ['lg'],
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
  ];
  if (deadLetter && canRedeliver)
    columns.push({
      title: t('column.actions'),
      key: 'actions',
      width: 120,
      render: (_: unknown, row: DeliveryItem) => (
        <Button
          size="small"
          data-testid={`redeliver-${row.id}`}
          onClick={() => redeliver.mutate({ ids: [row.id] })}
          aria-label={t('redeliverOne', { id: row.alarmId })}
        >
          {t('redeliver')}
        </Button>
      ),
    });
  const pick =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPaging(FIRST_PAGE);
    };
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <FilterSelect<number>
          label={t('filterReceiver')}
          value={receiverId}
          onChange={pick(setReceiverId)}
          options={(receivers.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
          minWidth={200}
        />
        {deadLetter ? null : (
          <FilterSelect<DeliveryState>
            label={t('filterOutcome')}
            value={state}
            onChange={pick(setState)}
            options={DELIVERY_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
        )}
        {deadLetter && canRedeliver ? (
          <Popconfirm
            title={t('redeliverAllConfirm')}
            onConfirm={() => redeliver.mutateAsync({ all: true, ...(receiverId ? { receiverId } : {}) })}
          >
            <Button type="primary" danger disabled={!query.data?.count} data-testid="redeliver-all">
              {t('redeliverAll')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<DeliveryItem>
          testId={testId}
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </>
  );
}
