import { Badge, Card, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmDetailDialog, useApproveCount } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useAlarmList } from '../api/alarm-list.ts';
import { AlarmTable } from '../components/alarm-table.tsx';
import { totalText } from '../lib/total-text.ts';

export { useApproveCount };

/**
 * /meDetails/alarmApproval: alarms awaiting approval (state 4) and approved ones (state 2 with an
 * approval time: the list's `approved` filter), each tab paged on its own.
 */
export default function AlarmApprovalPage() {
  const { t } = useTranslation('alarms');
  const [tab, setTab] = useState<'pending' | 'approved'>('pending');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [approvedPaging, setApprovedPaging] = useState<PageState>(FIRST_PAGE);
  const [open, setOpen] = useState<{ ids: number[]; index: number } | null>(null);
  const count = useApproveCount();
  const pending = useAlarmList({ ...paging, alarmState: 4 });
  const approved = useAlarmList({ ...approvedPaging, alarmState: 2, approved: true }, tab === 'approved');
  const active = tab === 'pending' ? pending : approved;
  const rows = active.data?.list ?? [];
  const pagination =
    tab === 'pending'
      ? tablePagination(paging, pending.data?.count ?? 0, setPaging)
      : tablePagination(approvedPaging, approved.data?.count ?? 0, setApprovedPaging);
  pagination.showTotal = () => totalText(t, active.data?.count ?? 0, active.data?.countCapped ?? false);

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
          pagination={pagination}
          onOpen={(index) => setOpen({ ids: rows.map((r) => r.id), index })}
        />
      )}
      {open ? (
        <AlarmDetailDialog ids={open.ids} index={open.index} mode="approval" onClose={() => setOpen(null)} />
      ) : null}
    </Card>
  );
}
