import { JOB_RUN_STATE, type SceneSafety } from '@sentinel/contract';
import { Progress, Table } from 'antd';
import { percentText } from '@/shared/charts/duration-text.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { Drill } from '../lib/use-drill.ts';
import { DrillLink } from './drill-link.tsx';

interface SceneSafetyTableProps {
  rows: SceneSafety[];
  drill: Drill;
  testId: string;
  /** Only the columns of the riskiest scenes (violated runs, violation alarms, rate). */
  compact?: boolean;
}

const rowKey = (row: SceneSafety) => String(row.sceneId ?? 'none');

/**
 * Job runs of each scene by outcome, its safety rate and the alarms raised during its runs; every
 * count links to History tasks (runs) or History alarms (alarms) filtered to it.
 */
export function SceneSafetyTable({ rows, drill, testId, compact = false }: SceneSafetyTableProps) {
  const { t } = useTranslation('analysis');
  const tasks = (row: SceneSafety, state?: number) =>
    row.sceneId === null ? undefined : drill.tasks({ sceneId: row.sceneId, state });
  const link = (row: SceneSafety, column: string, value: number, to: string | undefined) => (
    <DrillLink to={to} testId={`${testId}-${rowKey(row)}-${column}`}>
      {value}
    </DrillLink>
  );
  const runColumns = [
    {
      key: 'runs',
      title: t('column.runs'),
      render: (row: SceneSafety) => link(row, 'runs', row.runs, tasks(row)),
    },
    {
      key: 'completed',
      title: t('state.2'),
      align: 'right' as const,
      render: (row: SceneSafety) =>
        link(row, 'completed', row.completed, tasks(row, JOB_RUN_STATE.completed)),
    },
    {
      key: 'undetermined',
      title: t('state.4'),
      align: 'right' as const,
      render: (row: SceneSafety) =>
        link(row, 'undetermined', row.undetermined, tasks(row, JOB_RUN_STATE.undetermined)),
    },
  ];
  return (
    <Table<SceneSafety>
      size="small"
      rowKey={rowKey}
      data-testid={testId}
      dataSource={rows}
      scroll={{ x: compact ? undefined : 820 }}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
      columns={[
        {
          key: 'name',
          title: t('column.scene'),
          width: 160,
          ellipsis: true,
          render: (row) => row.name || t('unknown'),
        },
        ...(compact ? [] : runColumns.slice(0, 2)),
        {
          key: 'violated',
          title: t('state.3'),
          align: 'right',
          render: (row) => link(row, 'violated', row.violated, tasks(row, JOB_RUN_STATE.violated)),
        },
        ...(compact ? [] : runColumns.slice(2)),
        {
          key: 'violationAlarms',
          title: t('column.violationAlarms'),
          align: 'right',
          render: (row) =>
            link(
              row,
              'alarms',
              row.violationAlarms,
              row.sceneId === null ? undefined : drill.alarms({ sceneId: row.sceneId, inJob: true }),
            ),
        },
        {
          key: 'rate',
          title: t('column.safetyRate'),
          width: 160,
          render: (row) =>
            row.safetyRate === null ? (
              t('noRate')
            ) : (
              <Progress
                size="small"
                percent={Math.round(row.safetyRate * 1000) / 10}
                format={() => percentText(row.safetyRate)}
              />
            ),
        },
      ]}
    />
  );
}
