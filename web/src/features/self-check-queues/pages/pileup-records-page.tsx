import type { PileupItem } from '@sentinel/contract';
import { Card, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { usePileups } from '../api/queues.ts';

/** /selfCheck/messageQueuePilesUpRecords: the queues' pile-ups, open ones first. */
export default function PileupRecordsPage() {
  const { t } = useTranslation('selfCheckQueues');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const query = usePileups(paging);
  const seconds = (v: number | null) => (v === null ? '—' : t('seconds', { count: v }));
  const columns: TableColumnsType<PileupItem> = [
    { title: t('column.queue'), dataIndex: 'queue' },
    { title: t('column.reason'), dataIndex: 'reason', render: (r: string) => t(`reason.${r}`) },
    { title: t('column.opened'), dataIndex: 'openedAt', render: (v: string) => formatTime(v) },
    { title: t('column.peakDepth'), dataIndex: 'peakDepth' },
    { title: t('column.peakAge'), dataIndex: 'peakAgeSeconds', render: seconds },
    {
      title: t('column.duration'),
      dataIndex: 'durationSeconds',
      render: (v: number | null) => (v === null ? <Tag color="orange">{t('open')}</Tag> : seconds(v)),
    },
    { title: t('column.drain'), dataIndex: 'drainSeconds', render: seconds },
  ];
  return (
    <Card variant="borderless" data-testid="pileup-records-page">
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<PileupItem>
          testId="pileup-records"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Card>
  );
}
