import { type ProtocolLogItem, protocolLogListQuery } from '@sentinel/contract';
import { Card, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useProtocolList } from '../api/protocol.ts';
import { MessageDrawer } from '../components/message-drawer.tsx';
import { OutcomeTag } from '../components/outcome-tag.tsx';
import { ProtocolFilterBar } from '../components/protocol-filters.tsx';

/**
 * /selfCheck/messageProtocolLog: every engine message, newest first, with its outcome and the
 * refusal's reason; a row opens its raw metadata and parse result. The filters live in the URL
 * (the protocol count page links here with a cell's filters). The total is exact up to 10,000.
 */
export default function ProtocolLogPage() {
  const { t } = useTranslation('selfCheckProtocol');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(protocolLogListQuery);
  const [openId, setOpenId] = useState<number | null>(null);
  const query = useProtocolList({ ...paging, ...filters });
  const data = query.data;
  const pagination = {
    ...tablePagination(paging, data?.count ?? 0, setPaging),
    showTotal: (count: number) => t(data?.capped ? 'totalCapped' : 'total', { count }),
  };
  const columns: TableColumnsType<ProtocolLogItem> = [
    { title: t('column.time'), dataIndex: 'receivedAt', render: (v: string) => formatTime(v) },
    {
      title: t('column.kind'),
      dataIndex: 'kind',
      render: (v: string) => t(`kind.${v}`, { defaultValue: v }),
    },
    { title: t('column.engine'), dataIndex: 'engineName', render: (v: string | null) => v ?? '—' },
    {
      title: t('column.camera'),
      dataIndex: 'cameraName',
      render: (v: string | null, r) => v ?? r.cameraId ?? '—',
    },
    { title: t('column.outcome'), dataIndex: 'outcome', render: (v: string) => <OutcomeTag outcome={v} /> },
    { title: t('column.status'), dataIndex: 'status' },
    {
      title: t('column.reason'),
      dataIndex: 'reason',
      render: (v: string | null) => (v ? <span title={v}>{tr(v)}</span> : '—'),
    },
    {
      title: t('column.duration'),
      dataIndex: 'durationMs',
      render: (v: number | null) => (v === null ? '—' : t('ms', { count: v })),
    },
  ];
  return (
    <Card variant="borderless" data-testid="protocol-log-page">
      <ProtocolFilterBar
        value={filters}
        onSearch={(next) => {
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {query.isError && !data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<ProtocolLogItem>
          testId="protocol-log"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={pagination}
          onRowClick={(row) => setOpenId(row.id)}
        />
      )}
      <MessageDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
