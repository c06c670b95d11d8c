import { PALETTE } from '@/shared/charts/chart-options.ts';

/**
 * Per day: bars of a count (alarms) on the left axis and a line of the mean availability (%) on
 * the right axis. Days without an observed figure leave a gap in the line.
 */
export function dailyOption(input: {
  days: string[];
  counts: number[];
  countName: string;
  availability: (number | null)[];
  availabilityName: string;
}) {
  return {
    animationDuration: 300,
    color: PALETTE,
    grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
    legend: { top: 0 },
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', data: input.days, axisLabel: { hideOverlap: true } },
    yAxis: [
      { type: 'value', minInterval: 1 },
      { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    ],
    series: [
      { type: 'bar', name: input.countName, data: input.counts, barMaxWidth: 28 },
      {
        type: 'line',
        name: input.availabilityName,
        yAxisIndex: 1,
        data: input.availability.map((v) => v ?? '-'),
        symbolSize: 8,
        connectNulls: false,
      },
    ],
  };
}

/** Mean of the observed values (null when none). */
export function mean(values: (number | null)[]): number | null {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length ? Math.round((seen.reduce((s, v) => s + v, 0) / seen.length) * 100) / 100 : null;
}
