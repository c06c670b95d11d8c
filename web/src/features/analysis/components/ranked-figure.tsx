import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, pieOption, THEME_COLOR } from '@/shared/charts/chart-options.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { type CountRow, CountTable } from './count-table.tsx';
import { FigureCard } from './figure-card.tsx';

export interface RankedRow extends CountRow {
  name: string;
  color?: string;
}

interface RankedFigureProps {
  title: string;
  testId: string;
  rows: RankedRow[];
  /** Horizontal bars (ranked names), vertical bars (a few or ordered categories) or a ring. */
  kind: 'hbar' | 'vbar' | 'pie';
  nameTitle: string;
  countTitle: string;
  emptyText: string;
  extra?: ReactNode;
}

/** Height that fits one horizontal bar per row. */
const barsHeight = (rows: number) => Math.max(220, Math.min(rows, 20) * 26 + 48);

/**
 * Counts by one dimension as a chart (a click on a bar or slice opens its list) or as a table of
 * links: the same drill-through by pointer or keyboard.
 */
export function RankedFigure({
  title,
  testId,
  rows,
  kind,
  nameTitle,
  countTitle,
  emptyText,
  extra,
}: RankedFigureProps) {
  const navigate = useNavigate();
  const option = useMemo(() => {
    if (kind === 'pie')
      return pieOption({
        name: title,
        items: rows.map((r) => ({ name: r.name, value: r.count, color: r.color })),
      });
    return barOption({
      categories: rows.map((r) => r.name),
      horizontal: kind === 'hbar',
      series: [
        { name: countTitle, color: THEME_COLOR, data: rows.map((r) => ({ value: r.count, color: r.color })) },
      ],
    });
  }, [rows, kind, title, countTitle]);

  return (
    <FigureCard
      title={title}
      testId={testId}
      empty={rows.every((r) => r.count === 0)}
      emptyText={emptyText}
      extra={extra}
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId={`${testId}-chart`}
          height={kind === 'hbar' ? barsHeight(rows.length) : 280}
          onItemClick={(item) => {
            const to = rows[item.dataIndex]?.to;
            if (to) navigate(to);
          }}
        />
      )}
      table={() => (
        <CountTable rows={rows} nameTitle={nameTitle} countTitle={countTitle} testId={`${testId}-table`} />
      )}
    />
  );
}
