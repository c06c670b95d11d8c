import { PLAN_TASK_RUN_OUTCOMES, type PlanTaskRunItem, type PlanTaskRunOutcome } from '@sentinel/contract';
import { Drawer, Space, type TableColumnsType, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FilterSelect } from '@/shared/crud/filter-select.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { usePlanTaskRuns } from '../api.ts';
import { durationText, OutcomeTag, summaryText, taskName } from './labels.tsx';

/** The run history (90 days) in a drawer, by task and outcome, newest first. */
export function RunHistoryDrawer({
  open,
  code,
  codes,
  onClose,
}: {
  open: boolean;
  /** The task it opened for (null: every task). */
  code: string | null;
  codes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('planTasks');
  const lang = useLang();
  const [task, setTask] = useState<string | null>(code);
  const [outcome, setOutcome] = useState<PlanTaskRunOutcome | null>(null);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  useEffect(() => {
    setTask(code);
    setOutcome(null);
    setPaging(FIRST_PAGE);
  }, [code]);
  const query = usePlanTaskRuns(
    { ...paging, ...(task ? { code: task } : {}), ...(outcome ? { outcome } : {}) },
    open,
  );
  const columns: TableColumnsType<PlanTaskRunItem> = [
    { title: t('column.task'), dataIndex: 'code', render: (c: string) => taskName(t, c) },
    { title: t('column.started'), dataIndex: 'startedAt', render: (v: string) => formatTime(v) },
    {
      title: t('column.duration'),
      dataIndex: 'durationMs',
      render: (v: number | null) => durationText(t, v),
    },
    {
      title: t('column.outcome'),
      dataIndex: 'outcome',
      render: (v: PlanTaskRunOutcome) => <OutcomeTag outcome={v} />,
    },
    { title: t('column.trigger'), dataIndex: 'trigger', render: (v: string) => t(`trigger.${v}`) },
    { title: t('column.instance'), dataIndex: 'instance' },
    {
      title: t('column.summary'),
      dataIndex: 'summary',
      render: (v: PlanTaskRunItem['summary']) => summaryText(t, v, lang) || '—',
    },
    {
      title: t('column.error'),
      dataIndex: 'error',
      render: (v: string) =>
        v ? (
          <Typography.Text type="danger" style={{ maxWidth: 360 }} ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];
  const filter =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPaging(FIRST_PAGE);
    };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1100}
      title={code ? t('historyOf', { name: taskName(t, code) }) : t('allHistory')}
      data-testid="plan-task-history"
      destroyOnHidden
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <FilterSelect<string>
          label={t('filterTask')}
          value={task}
          onChange={filter(setTask)}
          options={codes.map((c) => ({ value: c, label: taskName(t, c) }))}
          minWidth={220}
        />
        <FilterSelect<PlanTaskRunOutcome>
          label={t('filterOutcome')}
          value={outcome}
          onChange={filter(setOutcome)}
          options={PLAN_TASK_RUN_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
        />
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<PlanTaskRunItem>
          testId="plan-task-runs"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Drawer>
  );
}
