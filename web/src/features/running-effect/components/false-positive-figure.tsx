import type { FalseAlarmRateResult, FalseAlarmRateRow } from '@sentinel/contract';
import { Table } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, TAG_HEX } from '@/shared/charts/chart-options.ts';
import { percentText } from '@/shared/charts/duration-text.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { DrillLink, FigureCard } from '../../analysis/index.ts';

interface Row extends FalseAlarmRateRow {
  key: string;
  children?: Row[];
}

interface Props {
  data: FalseAlarmRateResult;
  /** History alarms of the range for one algorithm (false positives only with `falsePositive`). */
  alarmsOf: (algorithmId: number, falsePositive?: boolean) => string | undefined;
}

/**
 * The false-positive rate per algorithm (bars: a click lists that algorithm's false positives) and
 * a table of the algorithms with their versions below them, with the review outcomes of the
 * false-alarm records. Algorithm counts link to History alarms (which has no version filter).
 */
export function FalsePositiveFigure({ data, alarmsOf }: Props) {
  const { t } = useTranslation('runningEffect');
  const navigate = useNavigate();
  const title = t('figure.falsePositive');
  const algorithms = data.algorithms;
  const rows = useMemo<Row[]>(
    () =>
      algorithms.map((a) => ({
        ...a,
        key: `a${a.algorithmId}`,
        children: data.versions
          .filter((v) => v.algorithmId === a.algorithmId)
          .map((v) => ({ ...v, key: `v${a.algorithmId}:${v.versionId ?? 'none'}` })),
      })),
    [algorithms, data.versions],
  );
  const option = useMemo(
    () =>
      barOption({
        categories: algorithms.map((r) => r.algorithmName || t('unknown')),
        horizontal: true,
        max: 1,
        valueFormatter: (v) => percentText(v),
        series: [{ name: t('column.rate'), color: TAG_HEX.orange, data: algorithms.map((r) => r.rate) }],
      }),
    [algorithms, t],
  );
  const isAlgorithm = (r: Row) => r.key.startsWith('a');
  return (
    <FigureCard
      title={title}
      testId="effect-false-positive"
      mode="both"
      empty={algorithms.every((r) => r.alarms === 0)}
      emptyText={t('empty.alarms')}
      note={t('figure.falsePositiveNote')}
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId="effect-false-positive-chart"
          height={Math.max(180, Math.min(algorithms.length, 20) * 26 + 48)}
          onItemClick={(item) => {
            const row = algorithms[item.dataIndex];
            const link = row && alarmsOf(row.algorithmId, true);
            if (link) navigate(link);
          }}
        />
      )}
      table={() => (
        <Table<Row>
          size="small"
          rowKey="key"
          data-testid="effect-false-positive-table"
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            {
              key: 'name',
              title: t('column.algorithm'),
              ellipsis: true,
              render: (_, r) =>
                isAlgorithm(r)
                  ? r.algorithmName || t('unknown')
                  : r.versionNumber === null
                    ? t('noVersion')
                    : t('version', { number: r.versionNumber }),
            },
            {
              key: 'alarms',
              title: t('column.alarms'),
              align: 'right',
              render: (_, r) =>
                isAlgorithm(r) ? (
                  <DrillLink to={alarmsOf(r.algorithmId)} testId={`effect-fp-${r.algorithmId}-alarms`}>
                    {r.alarms}
                  </DrillLink>
                ) : (
                  r.alarms
                ),
            },
            {
              key: 'falsePositives',
              title: t('column.falsePositives'),
              align: 'right',
              render: (_, r) =>
                isAlgorithm(r) ? (
                  <DrillLink to={alarmsOf(r.algorithmId, true)} testId={`effect-fp-${r.algorithmId}-fp`}>
                    {r.falsePositives}
                  </DrillLink>
                ) : (
                  r.falsePositives
                ),
            },
            { key: 'rate', title: t('column.rate'), align: 'right', render: (_, r) => percentText(r.rate) },
            {
              key: 'review',
              title: t('column.review'),
              align: 'right',
              render: (_, r) =>
                t('review', {
                  pending: r.pending,
                  accepted: r.accepted,
                  relabelled: r.relabelled,
                  dropped: r.dropped,
                }),
            },
          ]}
        />
      )}
    />
  );
}
