import type { PlanTaskItem } from '@sentinel/contract';
import { Alert, Button, Card, Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { usePlanTasks, useRunPlanTask, useUpdatePlanTask } from '../api.ts';
import { cronText } from '../components/cron-text.ts';
import { EditTaskDialog } from '../components/edit-task-dialog.tsx';
import { durationText, OutcomeTag, taskName } from '../components/labels.tsx';
import { RunHistoryDrawer } from '../components/run-history.tsx';

type Row = PlanTaskItem & { id: number };

/**
 * /systemSettings/planTask (admin): the product's periodic work — schedule in words, next and
 * last run, switch, run now, history; failing tasks are marked and listed on top. The list
 * follows runs live (event stream).
 */
export default function PlanTasksPage() {
  const { t } = useTranslation('planTasks');
  const lang = useLang();
  const query = usePlanTasks();
  const update = useUpdatePlanTask();
  const runNow = useRunPlanTask(t('runStarted'));
  const [editing, setEditing] = useState<PlanTaskItem | null>(null);
  const [history, setHistory] = useState<{ open: boolean; code: string | null }>({ open: false, code: null });
  const rows: Row[] = (query.data?.list ?? []).map((task, i) => ({ ...task, id: i + 1 }));
  const failing = rows.filter((r) => r.failingSince !== null);

  const toggle = (row: Row, enabled: boolean) =>
    confirmDialog({
      title: t(enabled ? 'enableConfirm' : 'disableConfirm'),
      content: taskName(t, row.code),
      onOk: () => update.mutateAsync({ code: row.code, change: { enabled } }),
    });

  const columns: TableColumnsType<Row> = [
    {
      title: t('column.task'),
      dataIndex: 'code',
      render: (code: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{taskName(t, code)}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {code}
          </Typography.Text>
          {row.failingSince ? (
            <Tag color="red" data-testid={`plan-task-failing-${code}`}>
              {t('state.failing', { since: formatTime(row.failingSince), count: row.consecutiveFailures })}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('column.cron'),
      dataIndex: 'cron',
      render: (cron: string) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{cron}</Typography.Text>
          <Typography.Text type="secondary">{cronText(cron, lang) ?? '—'}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('column.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, row) => (
        <Switch
          checked={enabled}
          onChange={(next) => toggle(row, next)}
          aria-label={`${t('column.enabled')}: ${taskName(t, row.code)}`}
          data-testid={`plan-task-switch-${row.code}`}
        />
      ),
    },
    {
      title: t('column.nextRun'),
      dataIndex: 'nextRunAt',
      render: (v: string | null, row) => (row.enabled ? formatTime(v) : t('disabledNext')),
    },
    {
      title: t('column.lastRun'),
      dataIndex: 'lastRunAt',
      render: (v: string | null, row) =>
        v && row.lastOutcome ? (
          <Space orientation="vertical" size={0}>
            <span>{formatTime(v)}</span>
            <Space size={4}>
              <Tooltip title={row.lastError || undefined}>
                <span>
                  <OutcomeTag outcome={row.lastOutcome} />
                </span>
              </Tooltip>
              <Typography.Text type="secondary">{durationText(t, row.lastDurationMs)}</Typography.Text>
            </Space>
          </Space>
        ) : (
          t('state.never')
        ),
    },
    {
      title: t('column.state'),
      key: 'state',
      render: (_: unknown, row) =>
        row.runningBy ? (
          <Tag color="processing" data-testid={`plan-task-running-${row.code}`}>
            {t('state.running', { instance: row.runningBy })}
          </Tag>
        ) : row.failingSince ? (
          <OutcomeTag outcome={row.lastOutcome ?? 'failed'} />
        ) : (
          <Tag color="green">{t('state.fine')}</Tag>
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            disabled={row.runningBy !== null}
            loading={runNow.isPending && runNow.variables === row.code}
            onClick={() => runNow.mutate(row.code)}
            data-testid={`plan-task-run-${row.code}`}
          >
            {t('runNow')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(row)}
            data-testid={`plan-task-edit-${row.code}`}
          >
            {t('edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setHistory({ open: true, code: row.code })}
            data-testid={`plan-task-history-${row.code}`}
          >
            {t('history')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="plan-tasks-page">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        <Button onClick={() => setHistory({ open: true, code: null })} data-testid="plan-task-all-history">
          {t('allHistory')}
        </Button>
      </Space>
      {failing.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="plan-task-failing-alert"
          title={t('failingAlert', {
            count: failing.length,
            names: failing.map((r) => taskName(t, r.code)).join(lang === 'zh-CN' ? '、' : ', '),
          })}
        />
      ) : null}
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <ListTable<Row>
          testId="plan-tasks"
          columns={columns}
          dataSource={rows}
          loading={query.isPending}
          pagination={false}
          rowClassName={(row) => (row.failingSince ? 'plan-task-failing' : '')}
        />
      )}
      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
      <RunHistoryDrawer
        open={history.open}
        code={history.code}
        codes={rows.map((r) => r.code)}
        onClose={() => setHistory({ open: false, code: null })}
      />
    </Card>
  );
}
