import { type DcsAlarmItem, isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Button, Space, type TableColumnsType, type TablePaginationConfig, Tag } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { limitsText, valueText } from '../lib/dcs-format.ts';

export function DcsStateTag({ state }: { state: number }) {
  const { t } = useTranslation('historyEvents');
  return <Tag color={state === 1 ? 'red' : 'green'}>{t(`state.${state === 1 ? 1 : 2}`)}</Tag>;
}

export function LevelTag({ priority }: { priority: number }) {
  const lang = useLang();
  if (!isPriorityCode(priority)) return <Tag>{priority}</Tag>;
  return <Tag color={PRIORITY_COLORS[priority]}>{PRIORITY_LABELS[priority][lang]}</Tag>;
}

/**
 * DCS alarm rows: time, tag, point, value + unit, limits, level, area, message, state, who
 * processed it, actions.
 */
export function DcsTable({
  rows,
  loading,
  pagination,
  canDeal,
  onDeal,
  onView,
}: {
  rows: DcsAlarmItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  canDeal: boolean;
  onDeal: (row: DcsAlarmItem) => void;
  onView: (row: DcsAlarmItem) => void;
}) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<DcsAlarmItem> = [
    { title: t('dcs.time'), dataIndex: 'alarmTime', render: (v: string) => formatTime(v) },
    { title: t('dcs.tag'), dataIndex: 'tag' },
    { title: t('dcs.point'), dataIndex: 'pointName' },
    {
      title: t('dcs.value'),
      key: 'value',
      render: (_, row) => valueText(row),
    },
    { title: t('dcs.limits'), key: 'limits', responsive: ['md'], render: (_, row) => limitsText(row) },
    { title: t('dcs.level'), dataIndex: 'priority', render: (v: number) => <LevelTag priority={v} /> },
    { title: t('dcs.area'), dataIndex: 'areaName', responsive: ['lg'], render: (v: string) => v || '—' },
    { title: t('dcs.message'), dataIndex: 'message', responsive: ['lg'], render: (v: string) => v || '—' },
    { title: t('dcs.state'), dataIndex: 'alarmState', render: (v: number) => <DcsStateTag state={v} /> },
    {
      title: t('dcs.handler'),
      dataIndex: 'handler',
      responsive: ['lg'],
      render: (v: string) => <span data-testid="dcs-handler">{v || '—'}</span>,
    },
    {
      title: tc('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onView(row)} data-testid={`dcs-${row.id}-view`}>
            {t('view')}
          </Button>
          {canDeal && row.alarmState === 1 ? (
            <Button type="link" size="small" onClick={() => onDeal(row)} data-testid={`dcs-${row.id}-deal`}>
              {tc('alarm.action.deal')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <ListTable<DcsAlarmItem>
      testId="dcs"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
    />
  );
}
