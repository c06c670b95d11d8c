import type { DcsAlarmItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { DCS_KEY, useDcsList } from '../api/dcs-alarms.ts';
import { DcsDealDialog } from '../components/dcs-deal-dialog.tsx';
import { DcsDetailDialog } from '../components/dcs-detail-dialog.tsx';
import { DcsFilterBar, type DcsFilters } from '../components/dcs-filters.tsx';
import { DcsTable } from '../components/dcs-table.tsx';
import { totalText } from '../lib/total.ts';

/** /historyRecords/dcsAlarm: control-system tags out of their limits; process with a comment. */
export default function DcsAlarmPage() {
  const { t } = useTranslation('historyEvents');
  const client = useQueryClient();
  const canDeal = useButtons('dcsAlarm').can('dcsAlarm:deal');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<DcsFilters>({});
  const [dealing, setDealing] = useState<DcsAlarmItem | null>(null);
  const [viewing, setViewing] = useState<DcsAlarmItem | null>(null);
  const query = useDcsList({ ...paging, ...filters });
  const pagination = tablePagination(paging, query.data?.count ?? 0, setPaging);
  pagination.showTotal = () => totalText(t, query.data?.count ?? 0, query.data?.countCapped ?? false);
  const refresh = () => void client.invalidateQueries({ queryKey: [...DCS_KEY, 'list'] });
  useRealtime('dcsAlarm.created', refresh);
  useRealtime('dcsAlarm.updated', refresh);

  return (
    <Card variant="borderless" data-testid="dcs-alarm-page">
      <DcsFilterBar
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <DcsTable
          rows={query.data?.list ?? []}
          loading={query.isFetching}
          pagination={pagination}
          canDeal={canDeal}
          onDeal={setDealing}
          onView={setViewing}
        />
      )}
      {dealing ? <DcsDealDialog alarm={dealing} onClose={() => setDealing(null)} /> : null}
      {viewing ? <DcsDetailDialog alarm={viewing} onClose={() => setViewing(null)} /> : null}
    </Card>
  );
}
