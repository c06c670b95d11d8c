/**
 * Option builders for the analysis charts, so every bar, line and pie looks the same (theme colour
 * #37f of SPEC §9, one grid, one tooltip). Plain objects: no echarts import here, so they can be
 * unit tested and built anywhere; the EChart wrapper (echart.tsx) draws them.
 */

/** SPEC §9 theme colour. */
export const THEME_COLOR = '#37f';

/** Series colours after the theme colour (distinct on white, readable in print). */
export const PALETTE = [
  THEME_COLOR,
  '#13c2c2',
  '#fa8c16',
  '#722ed1',
  '#eb2f96',
  '#52c41a',
  '#faad14',
  '#8c8c8c',
];

/** Hex colours of antd's preset tag colours (the priority tags). */
export const TAG_HEX: Record<string, string> = {
  blue: '#1677ff',
  gold: '#faad14',
  orange: '#fa8c16',
  red: '#f5222d',
  green: '#52c41a',
  cyan: '#13c2c2',
  purple: '#722ed1',
  default: '#8c8c8c',
};

// Short animation: the figures are read at a glance, and a click must land on a bar that stands still.
const ANIMATION = { animationDuration: 300, animationDurationUpdate: 200 };

type Formatter = (value: number) => string;

/** One value of a series, with its own colour when given. */
export interface ChartValue {
  value: number;
  color?: string;
}

export interface ChartSeries {
  name: string;
  data: (number | ChartValue)[];
  color?: string;
}

const dataOf = (series: ChartSeries) =>
  series.data.map((d) =>
    typeof d === 'number' ? d : { value: d.value, itemStyle: d.color ? { color: d.color } : undefined },
  );

const tooltip = (valueFormatter?: Formatter) => ({
  trigger: 'axis',
  axisPointer: { type: 'shadow' },
  confine: true,
  ...(valueFormatter ? { valueFormatter: (v: unknown) => valueFormatter(Number(v)) } : {}),
});

interface BarOptions {
  categories: string[];
  series: ChartSeries[];
  /** Bars along the y axis (long names, ranked lists: the first category on top). */
  horizontal?: boolean;
  /** Values in the tooltip and, unless `axisFormatter` is given, on the value axis (durations, percentages). */
  valueFormatter?: Formatter;
  /** Values on the value axis (e.g. whole hours while the tooltip says "1 h 5 min"). */
  axisFormatter?: Formatter;
  /** The value axis' maximum (1 for shares). */
  max?: number;
}

/** Bars by category; more than one series draws grouped bars with a legend. */
export function barOption({
  categories,
  series,
  horizontal = false,
  valueFormatter,
  axisFormatter = valueFormatter,
  max,
}: BarOptions) {
  const categoryAxis = {
    type: 'category',
    data: categories,
    inverse: horizontal,
    axisTick: { alignWithLabel: true },
    axisLabel: horizontal ? { width: 150, overflow: 'truncate' } : { hideOverlap: true },
  };
  const valueAxis = {
    type: 'value',
    minInterval: valueFormatter ? undefined : 1,
    max,
    axisLabel: axisFormatter ? { formatter: (v: number) => axisFormatter(v), hideOverlap: true } : {},
  };
  return {
    ...ANIMATION,
    color: PALETTE,
    grid: { left: 8, right: 24, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    legend: series.length > 1 ? { top: 0 } : undefined,
    tooltip: tooltip(valueFormatter),
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: dataOf(s),
      barMaxWidth: 28,
      itemStyle: s.color ? { color: s.color } : undefined,
    })),
  };
}

interface LineOptions {
  categories: string[];
  series: ChartSeries[];
  /** Fill under the line (a single series over time). */
  area?: boolean;
}

/** Lines over time buckets; each point is clickable (a larger symbol than echarts' default). */
export function lineOption({ categories, series, area = false }: LineOptions) {
  return {
    ...ANIMATION,
    color: PALETTE,
    grid: { left: 8, right: 24, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    legend: series.length > 1 ? { top: 0 } : undefined,
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'category', data: categories, boundaryGap: false, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({
      type: 'line',
      name: s.name,
      data: dataOf(s),
      symbolSize: 8,
      showAllSymbol: true,
      itemStyle: s.color ? { color: s.color } : undefined,
      areaStyle: area ? { opacity: 0.15 } : undefined,
    })),
  };
}

export interface PieItem {
  name: string;
  value: number;
  color?: string;
}

/** A ring of shares with its legend below. */
export function pieOption({ items, name }: { items: PieItem[]; name: string }) {
  return {
    ...ANIMATION,
    color: PALETTE,
    tooltip: { trigger: 'item', confine: true, formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [
      {
        type: 'pie',
        name,
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{b}: {c}' },
        data: items.map((i) => ({
          name: i.name,
          value: i.value,
          itemStyle: i.color ? { color: i.color } : undefined,
        })),
      },
    ],
  };
}
