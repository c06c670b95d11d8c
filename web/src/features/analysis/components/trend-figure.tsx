import { Segmented } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, lineOption, THEME_COLOR } from '@/shared/charts/chart-options.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { bucketLabel } from '../lib/labels.ts';
import { CountTable } from './count-table.tsx';
import { FigureCard } from './figure-card.tsx';

export interface TrendRow {
  time: string;
  count: number;
  to?: string;
}

interface TrendFigureProps {
  title: string;
  testId: string;
  rows: TrendRow[];
  granularity: 'hour' | 'day';
  /** Offer hour / day (absent: the buckets the server chose, no switch). */
  onGranularity?: (granularity: 'hour' | 'day') => void;
  /** Hourly buckets are offered for ranges up to a month. */
  allowHour?: boolean;
  kind: 'bar' | 'line';
  countTitle: string;
  emptyText: string;
  /** A line under the figure. */
  note?: string;
  /** An empty trend is drawn (a backlog of zeros is a figure), not replaced by the empty text. */
  drawEmpty?: boolean;
}

/** Counts over time buckets; a click on a bucket (or its table link) lists that bucket. */
export function TrendFigure(props: TrendFigureProps) {
  const {
    title,
    testId,
    rows,
    granularity,
    onGranularity,
    allowHour = true,
    kind,
    countTitle,
    emptyText,
  } = props;
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const labels = useMemo(() => rows.map((r) => bucketLabel(r.time, granularity)), [rows, granularity]);
  const option = useMemo(() => {
    const series = [{ name: countTitle, color: THEME_COLOR, data: rows.map((r) => r.count) }];
    return kind === 'bar'
      ? barOption({ categories: labels, series })
      : lineOption({ categories: labels, series, area: true });
  }, [rows, labels, kind, countTitle]);

  return (
    <FigureCard
      title={title}
      testId={testId}
      empty={!props.drawEmpty && rows.every((r) => r.count === 0)}
      emptyText={emptyText}
      note={props.note}
      extra={
        onGranularity ? (
          <Segmented<'hour' | 'day'>
            size="small"
            value={granularity}
            onChange={onGranularity}
            aria-label={t('granularity.label')}
            data-testid={`${testId}-granularity`}
            options={[
              { value: 'hour', label: t('granularity.hour'), disabled: !allowHour },
              { value: 'day', label: t('granularity.day') },
            ]}
          />
        ) : undefined
      }
      chart={() => (
        <EChart
          option={option}
          label={title}
          testId={`${testId}-chart`}
          onItemClick={(item) => {
            const to = rows[item.dataIndex]?.to;
            if (to) navigate(to);
          }}
        />
      )}
      table={() => (
        <CountTable
          rows={rows.map((r, i) => ({ key: String(i), name: labels[i], count: r.count, to: r.to }))}
          nameTitle={t('column.time')}
          countTitle={countTitle}
          testId={`${testId}-table`}
        />
      )}
    />
  );
}
