import { Table } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, PALETTE } from '@/shared/charts/chart-options.ts';
import { durationText, durationUnit } from '@/shared/charts/duration-text.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { DrillLink } from './drill-link.tsx';
import { FigureCard } from './figure-card.tsx';

export interface DurationRow {
  key: string;
  name: string;
  /** Processed alarms of the group (the drill-through list's total). */
  count: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  to?: string;
}

interface DurationFigureProps {
  title: string;
  testId: string;
  nameTitle: string;
  rows: DurationRow[];
  emptyText: string;
}

/**
 * Time from alarm to handling of a group (level, scene, handler): median and p90 as grouped bars
 * and as a table with the processed count; a click on a bar or the count lists the group's
 * processed alarms.
 */
export function DurationFigure({ title, testId, nameTitle, rows, emptyText }: DurationFigureProps) {
  const { t } = useTranslation('analysis');
  const lang = useLang();
  const navigate = useNavigate();
  const option = useMemo(() => {
    // The axis counts in one readable unit (min, h, d); the tooltip says "1 h 5 min".
    const unit = durationUnit(Math.max(0, ...rows.map((r) => r.p90Seconds ?? r.medianSeconds ?? 0)));
    const scaled = (seconds: number | null) => (seconds === null ? 0 : seconds / unit.seconds);
    const unitText = lang === 'zh-CN' ? unit.zh : ` ${unit.en}`;
    return barOption({
      categories: rows.map((r) => r.name),
      horizontal: true,
      valueFormatter: (v) => durationText(v * unit.seconds, lang),
      axisFormatter: (v) => `${Math.round(v * 10) / 10}${unitText}`,
      series: [
        { name: t('column.median'), color: PALETTE[0], data: rows.map((r) => scaled(r.medianSeconds)) },
        { name: t('column.p90'), color: PALETTE[1], data: rows.map((r) => scaled(r.p90Seconds)) },
      ],
    });
  }, [rows, lang, t]);
  return (
    <FigureCard
      title={title}
      testId={testId}
      empty={rows.every((r) => r.count === 0)}
      emptyText={emptyText}
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId={`${testId}-chart`}
          height={Math.max(220, Math.min(rows.length, 15) * 40 + 56)}
          onItemClick={(item) => {
            const to = rows[item.dataIndex]?.to;
            if (to) navigate(to);
          }}
        />
      )}
      table={() => (
        <Table<DurationRow>
          size="small"
          rowKey="key"
          data-testid={`${testId}-table`}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
          columns={[
            { key: 'name', title: nameTitle, dataIndex: 'name', ellipsis: true },
            {
              key: 'count',
              title: t('column.processed'),
              align: 'right',
              render: (_, row) => (
                <DrillLink to={row.to} testId={`${testId}-table-${row.key}`}>
                  {row.count}
                </DrillLink>
              ),
            },
            {
              key: 'median',
              title: t('column.median'),
              align: 'right',
              render: (_, row) => durationText(row.medianSeconds, lang),
            },
            {
              key: 'p90',
              title: t('column.p90'),
              align: 'right',
              render: (_, row) => durationText(row.p90Seconds, lang),
            },
          ]}
        />
      )}
    />
  );
}
