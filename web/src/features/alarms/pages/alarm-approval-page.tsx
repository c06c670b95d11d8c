import type { AlarmItem } from '@sentinel/contract';
import { useQueries } from '@tanstack/react-query';
import { Badge, Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import {
  AlarmDetailDialog,
  alarmDetailQueryOptions,
  isApproved,
  useApproveCount,
  useSessionApproved,
} from '../../../shared/ui/alarm-detail-dialog/index.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '../../../shared/ui/table-pagination.ts';
import { useAlarmList } from '../api/alarm-list.ts';
import { AlarmTable } from '../components/alarm-table.tsx';
import { totalText } from '../lib/total-text.ts';

export { useApproveCount };

const RECENT_LIMIT = 50;

/**
 * /meDetails/alarmApproval: alarms awaiting approval (state 4) and recently approved ones
 * (state 2 with an approval time: the newest 50 processed alarms plus those approved in this session).
 */
export default function AlarmApprovalPage() {
  const { t } = useTranslation('alarms');
  const [tab, setTab] = useState<'pending' | 'approved'>('pending');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [open, setOpen] = useState<{ ids: number[]; index: number } | null>(null);
  const count = useApproveCount();
  const sessionApproved = useSessionApproved();
  const pending = useAlarmList({ ...paging, alarmState: 4 });
  const recent = useAlarmList({ page: 1, limit: RECENT_LIMIT, alarmState: 2 });
  const approvedDetails = useQueries({
    queries: sessionApproved.ids.map((id) => ({
      ...alarmDetailQueryOptions(id),
      enabled: tab === 'approved',
    })),
  });
  const approvedRows: AlarmItem[] = [];
  const seen = new Set<number>();
  for (const row of [...approvedDetails.map((q) => q.data), ...(recent.data?.list ?? [])]) {
    if (row && isApproved(row) && !seen.has(row.id)) {
      seen.add(row.id);
      approvedRows.push(row);
    }
  }
  const rows = tab === 'pending' ? (pending.data?.list ?? []) : approvedRows;
  const active = tab === 'pending' ? pending : recent;
  const pagination = tablePagination(paging, pending.data?.count ?? 0, setPaging);
  pagination.showTotal = () => totalText(t, pending.data?.count ?? 0, pending.data?.countCapped ?? false);

  return (
    <Card variant="borderless" data-testid="alarm-approval-page">
      <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('approval.title')}
        </Typography.Title>
        <Badge count={count.data ?? 0} showZero overflowCount={9999} data-testid="approve-count" />
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as 'pending' | 'approved')}
        items={[
          { key: 'pending', label: t('approval.pending') },
          { key: 'approved', label: t('approval.approved') },
        ]}
      />
      {active.isError && !active.data ? (
        <PageError message={active.error.message} onRetry={() => active.refetch()} />
      ) : (
        <AlarmTable
          testId={`alarm-approval-${tab}`}
          rows={rows}
          loading={active.isFetching}
          mode="approval"
          pagination={tab === 'pending' ? pagination : false}
          onOpen={(index) => setOpen({ ids: rows.map((r) => r.id), index })}
        />
      )}
      {open ? (
        <AlarmDetailDialog ids={open.ids} index={open.index} mode="approval" onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
