import { alarmListQuery } from '@sentinel/contract';
import { Card, Flex } from 'antd';
import { useState } from 'react';
import { SceneOnDuty } from '@/features/duty-roster/index.ts';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { AlarmDetailDialog } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useAlarmList } from '../api/alarm-list.ts';
import { AlarmFilterBar } from '../components/alarm-filters.tsx';
import { AlarmTable } from '../components/alarm-table.tsx';
import { BatchBar } from '../components/batch-bar.tsx';
import { ExportButtons } from '../components/export-buttons.tsx';
import { totalText } from '../lib/total-text.ts';

/**
 * /historyRecords/historyAlarm: filter, browse and handle video alarms. The filters live in the
 * URL (the contract's list query names): a link from an analysis opens the list already filtered,
 * and a reload keeps the last search.
 */
export default function HistoryAlarmPage() {
  const { t } = useTranslation('alarms');
  const buttons = useButtons('historyAlarm');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(alarmListQuery);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<{ ids: number[]; index: number } | null>(null);
  const query = useAlarmList({ ...paging, ...filters });
  const rows = query.data?.list ?? [];
  const canDeal = buttons.can('historyAlarm:deal');
  const canCancel = buttons.can('historyAlarm:cancel');
  const canExport = buttons.can('historyAlarm:export');
  const pagination = tablePagination(paging, query.data?.count ?? 0, (next) => {
    setPaging(next);
    setSelected([]);
  });
  pagination.showTotal = () => totalText(t, query.data?.count ?? 0, query.data?.countCapped ?? false);

  return (
    <Card variant="borderless" data-testid="history-alarm-page">
      <AlarmFilterBar
        value={filters}
        handlerName={filters.handlerId ? rows[0]?.handler : undefined}
        onSearch={(next) => {
          // Searching again with the same filters on the first page refreshes the list.
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          setSelected([]);
          if (same) void query.refetch();
        }}
      />
      <Flex justify="flex-end" wrap gap={8} style={{ marginBottom: 12 }}>
        {canExport ? <ExportButtons filters={filters} /> : null}
        <BatchBar ids={selected} canDeal={canDeal} canCancel={canCancel} onDone={() => setSelected([])} />
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <AlarmTable
          testId="history-alarm-table"
          rows={rows}
          loading={query.isFetching}
          mode="normal"
          pagination={pagination}
          onOpen={(index) => setOpen({ ids: rows.map((r) => r.id), index })}
          rowSelection={
            canDeal || canCancel
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys.map(Number)),
                  getCheckboxProps: (row) => ({ disabled: row.alarmState !== 1 && row.alarmState !== 4 }),
                }
              : undefined
          }
        />
      )}
      {open ? (
        <AlarmDetailDialog
          ids={open.ids}
          index={open.index}
          mode="normal"
          onClose={() => setOpen(null)}
          extra={(alarm) => <SceneOnDuty sceneId={alarm.sceneId} />}
        />
      ) : null}
    </Card>
  );
}
