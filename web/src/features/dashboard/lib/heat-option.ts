import { type HeatStrip, PRIORITY_CODES, type PriorityCode } from '@sentinel/contract';
import dayjs from 'dayjs';
import type { EChartOption } from '@/shared/charts/echart.tsx';

/** Levels from the bottom row to the top row: hint … urgent (the most severe on top). */
export const HEAT_LEVELS: readonly PriorityCode[] = PRIORITY_CODES;

/** One cell of the strip: hour column, level row, alarms. */
export type HeatCell = [x: number, y: number, count: number];

/** Every hour × level cell of the strip (0 where the server listed none). */
export function heatCells(strip: HeatStrip): HeatCell[] {
  const counts = new Map(strip.cells.map((c) => [`${c.hour}|${c.priority}`, c.count]));
  const cells: HeatCell[] = [];
  strip.hours.forEach((hour, x) => {
    HEAT_LEVELS.forEach((priority, y) => {
      cells.push([x, y, counts.get(`${hour}|${priority}`) ?? 0]);
    });
  });
  return cells;
}

/** The hour and level a clicked cell stands for (null for anything else). */
export function cellTarget(
  strip: HeatStrip,
  value: unknown,
): { hour: string; priority: PriorityCode } | null {
  if (!Array.isArray(value)) return null;
  const [x, y] = value;
  const hour = typeof x === 'number' ? strip.hours[x] : undefined;
  const priority = typeof y === 'number' ? HEAT_LEVELS[y] : undefined;
  return hour && priority ? { hour, priority } : null;
}

export const hourLabel = (hour: string) => dayjs(hour).format('HH:00');

interface HeatTexts {
  /** Level names by code, in the UI language. */
  levelName: (priority: PriorityCode) => string;
  /** Tooltip of a cell. */
  describe: (level: string, from: string, to: string, count: number) => string;
}

/** Colours from no alarm to the busiest cell. */
const HEAT_COLORS = ['#f5f5f5', '#ffe7ba', '#ffa940', '#f5222d', '#a8071a'];

/** The echarts heatmap of the strip: hours across, levels up, the count in each busy cell. */
export function heatOption(strip: HeatStrip, texts: HeatTexts): EChartOption {
  const cells = heatCells(strip);
  const max = Math.max(1, ...cells.map((c) => c[2]));
  const levels = HEAT_LEVELS.map(texts.levelName);
  const labels = strip.hours.map(hourLabel);
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 8, bottom: 4, containLabel: true },
    tooltip: {
      formatter: (params: { value?: unknown }) => {
        const [x, y, count] = (params.value ?? []) as HeatCell;
        const hour = strip.hours[x];
        const to = hour ? dayjs(hour).add(1, 'hour').format('HH:00') : '';
        return texts.describe(levels[y] ?? '', labels[x] ?? '', to, count);
      },
    },
    xAxis: {
      type: 'category',
      data: labels,
      splitArea: { show: false },
      axisTick: { show: false },
      axisLabel: { interval: 2, fontSize: 11 },
    },
    yAxis: { type: 'category', data: levels, axisTick: { show: false }, axisLabel: { fontSize: 11 } },
    visualMap: { show: false, min: 0, max, inRange: { color: HEAT_COLORS } },
    series: [
      {
        type: 'heatmap',
        data: cells,
        label: {
          show: true,
          fontSize: 10,
          formatter: (params: { value?: unknown }) => {
            const count = ((params.value ?? []) as HeatCell)[2];
            return count > 0 ? String(count) : '';
          },
        },
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 3 },
        emphasis: { itemStyle: { borderColor: '#1677ff', borderWidth: 2 } },
      },
    ],
  };
}

/** Alarms of the whole strip per level, the most severe first. */
export function levelTotals(strip: HeatStrip): { priority: PriorityCode; count: number }[] {
  return [...HEAT_LEVELS].reverse().map((priority) => ({
    priority,
    count: strip.cells.filter((c) => c.priority === priority).reduce((sum, c) => sum + c.count, 0),
  }));
}
