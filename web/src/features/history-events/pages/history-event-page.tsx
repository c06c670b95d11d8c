import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { EVENTS_KEY, useEventList } from '../api/event-list.ts';
import { EventDetailDialog } from '../components/event-detail-dialog.tsx';
import { EventFilterBar, type EventFilters } from '../components/event-filters.tsx';
import { EventTable } from '../components/event-table.tsx';
import { totalText } from '../lib/total.ts';

/** /historyRecords/historyEvent: events the engines reported, with their images. */
export default function HistoryEventPage() {
  const { t } = useTranslation('historyEvents');
  const client = useQueryClient();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<EventFilters>({});
  const [open, setOpen] = useState<number | null>(null);
  const query = useEventList({ ...paging, ...filters });
  const rows = query.data?.list ?? [];
  const pagination = tablePagination(paging, query.data?.count ?? 0, setPaging);
  pagination.showTotal = () => totalText(t, query.data?.count ?? 0, query.data?.countCapped ?? false);
  // New events arrive on the event stream: refresh the list (the first page shows them).
  useRealtime('event.created', () => {
    void client.invalidateQueries({ queryKey: [...EVENTS_KEY, 'list'] });
  });

  return (
    <Card variant="borderless" data-testid="history-event-page">
      <EventFilterBar
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <EventTable rows={rows} loading={query.isFetching} pagination={pagination} onOpen={setOpen} />
      )}
      {open !== null && rows[open] ? (
        <EventDetailDialog rows={rows} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
