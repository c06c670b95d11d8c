import type { EfficiencyAnalysis } from '@sentinel/contract';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, TAG_HEX } from '@/shared/charts/chart-options.ts';
import { percentText } from '@/shared/charts/duration-text.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { Drill } from '../lib/use-drill.ts';
import { DrillLink } from './drill-link.tsx';
import { FigureCard } from './figure-card.tsx';

type Row = EfficiencyAnalysis['falsePositiveByAlgorithm'][number];

const keyOf = (row: Row) => String(row.algorithmId ?? 'none');

/**
 * The false-positive share per algorithm: bars of the share (a click lists that algorithm's false
 * positives) and a table whose total and false-positive counts link to their lists.
 */
export function FalsePositiveFigure({ rows, drill }: { rows: Row[]; drill: Drill }) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const title = t('figure.falsePositive');
  const to = (row: Row, falsePositive?: boolean) =>
    row.algorithmId === null ? undefined : drill.alarms({ algorithmId: row.algorithmId, falsePositive });
  const option = useMemo(
    () =>
      barOption({
        categories: rows.map((r) => r.name || t('unknown')),
        horizontal: true,
        valueFormatter: (v) => percentText(v),
        series: [{ name: t('column.share'), color: TAG_HEX.orange, data: rows.map((r) => r.share) }],
      }),
    [rows, t],
  );
  return (
    <FigureCard
      title={title}
      testId="figure-false-positive"
      empty={rows.every((r) => r.total === 0)}
      emptyText={t('empty.alarms')}
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId="figure-false-positive-chart"
          height={Math.max(220, Math.min(rows.length, 20) * 26 + 48)}
          onItemClick={(item) => {
            const row = rows[item.dataIndex];
            const link = row && to(row, true);
            if (link) navigate(link);
          }}
        />
      )}
      table={() => (
        <Table<Row>
          size="small"
          rowKey={keyOf}
          data-testid="figure-false-positive-table"
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            {
              key: 'name',
              title: t('column.type'),
              ellipsis: true,
              render: (_, r) => r.name || t('unknown'),
            },
            {
              key: 'total',
              title: t('column.alarms'),
              align: 'right',
              render: (_, r) => (
                <DrillLink to={to(r)} testId={`figure-false-positive-table-${keyOf(r)}-total`}>
                  {r.total}
                </DrillLink>
              ),
            },
            {
              key: 'falsePositive',
              title: t('kpi.falsePositive'),
              align: 'right',
              render: (_, r) => (
                <DrillLink to={to(r, true)} testId={`figure-false-positive-table-${keyOf(r)}-fp`}>
                  {r.falsePositive}
                </DrillLink>
              ),
            },
            {
              key: 'share',
              title: t('column.share'),
              align: 'right',
              render: (_, r) => percentText(r.share),
            },
          ]}
        />
      )}
    />
  );
}
