import type { HeatStrip } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { cellTarget, HEAT_LEVELS, heatCells, heatOption, levelTotals } from './heat-option.ts';

const hours = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2026, 10, 24, 4 + i)).toISOString());
const strip: HeatStrip = {
  hours,
  cells: [
    { hour: hours[0] as string, priority: 120004, count: 3 },
    { hour: hours[23] as string, priority: 120001, count: 1 },
  ],
};

describe('heat strip', () => {
  it('has a cell for every hour and level, 0 where none', () => {
    const cells = heatCells(strip);
    expect(cells).toHaveLength(24 * 4);
    expect(cells).toContainEqual([0, HEAT_LEVELS.indexOf(120004), 3]);
    expect(cells).toContainEqual([23, HEAT_LEVELS.indexOf(120001), 1]);
    expect(cells.filter((c) => c[2] > 0)).toHaveLength(2);
  });

  it('puts urgent on the top row (last category)', () => {
    expect(HEAT_LEVELS[HEAT_LEVELS.length - 1]).toBe(120004);
    expect(HEAT_LEVELS[0]).toBe(120001);
  });

  it('maps a clicked cell back to its hour and level', () => {
    expect(cellTarget(strip, [0, 3, 3])).toEqual({ hour: hours[0], priority: 120004 });
    expect(cellTarget(strip, [24, 0, 0])).toBeNull();
    expect(cellTarget(strip, 'x')).toBeNull();
  });

  it('builds a heatmap scaled to the busiest cell, with level names', () => {
    const option = heatOption(strip, {
      levelName: (p) => `L${p}`,
      describe: (level, from, to, count) => `${level} ${from}-${to} ${count}`,
    }) as {
      yAxis: { data: string[] };
      xAxis: { data: string[] };
      visualMap: { max: number };
      series: { data: unknown[] }[];
    };
    expect(option.yAxis.data).toEqual(['L120001', 'L120002', 'L120003', 'L120004']);
    expect(option.xAxis.data).toHaveLength(24);
    expect(option.visualMap.max).toBe(3);
    expect(option.series[0]?.data).toHaveLength(96);
  });

  it('totals each level, the most severe first', () => {
    expect(levelTotals(strip)).toEqual([
      { priority: 120004, count: 3 },
      { priority: 120003, count: 0 },
      { priority: 120002, count: 0 },
      { priority: 120001, count: 1 },
    ]);
  });
});
