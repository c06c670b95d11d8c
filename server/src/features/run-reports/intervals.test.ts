import { describe, expect, it } from 'vitest';
import { clip, dayFigures, merge, subtract, total } from './intervals.ts';

const H = 3_600_000;
const D = 24 * H;
const DAY = Date.parse('2025-03-10T00:00:00Z');
const day = { start: DAY, end: DAY + D };
const at = (hours: number) => DAY + hours * H;

describe('interval maths', () => {
  it('merges overlapping and touching intervals, drops empty ones', () => {
    expect(
      merge([
        { start: 5, end: 9 },
        { start: 1, end: 3 },
        { start: 3, end: 4 },
        { start: 8, end: 12 },
        { start: 7, end: 7 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 12 },
    ]);
  });

  it('subtracts holes, including overlapping holes', () => {
    expect(
      subtract(
        [{ start: 0, end: 100 }],
        [
          { start: 10, end: 30 },
          { start: 20, end: 40 },
          { start: 90, end: 200 },
        ],
      ),
    ).toEqual([
      { start: 0, end: 10 },
      { start: 40, end: 90 },
    ]);
    expect(total(subtract([{ start: 0, end: 10 }], [{ start: -5, end: 50 }]))).toBe(0);
  });

  it('clips to a window', () => {
    expect(
      clip(
        [
          { start: -10, end: 5 },
          { start: 20, end: 30 },
        ],
        { start: 0, end: 25 },
      ),
    ).toEqual([
      { start: 0, end: 5 },
      { start: 20, end: 25 },
    ]);
  });

  it('an outage crossing midnight counts on both days, clipped', () => {
    const outage = [{ start: at(-2), end: at(3) }];
    const now = at(48);
    const today = dayFigures(day, outage, [], now);
    expect(today).toEqual({ observedMs: D, outageMs: 3 * H, outages: 1, availability: 87.5 });
    const yesterday = dayFigures({ start: DAY - D, end: DAY }, outage, [], now);
    expect(yesterday.outageMs).toBe(2 * H);
    expect(yesterday.outages).toBe(1);
  });

  it('an open outage runs to now; the day is observed only up to now', () => {
    const now = at(12);
    const f = dayFigures(day, [{ start: at(9), end: null }], [], now);
    expect(f).toEqual({ observedMs: 12 * H, outageMs: 3 * H, outages: 1, availability: 75 });
    expect(dayFigures({ start: DAY + D, end: DAY + 2 * D }, [{ start: at(9), end: null }], [], now)).toEqual({
      observedMs: 0,
      outageMs: 0,
      outages: 0,
      availability: null,
    });
  });

  it('maintenance inside an outage is excluded from both outage and observed time', () => {
    const f = dayFigures(day, [{ start: at(2), end: at(8) }], [{ start: at(4), end: at(6) }], at(30));
    // observed 22 h, down 4 h
    expect(f.observedMs).toBe(22 * H);
    expect(f.outageMs).toBe(4 * H);
    expect(f.availability).toBeCloseTo((18 / 22) * 100, 2);
  });

  it('overlapping maintenance windows are counted once; an outage wholly in maintenance is not counted', () => {
    const windows = [
      { start: at(10), end: at(14) },
      { start: at(12), end: at(16) },
    ];
    const f = dayFigures(
      day,
      [
        { start: at(11), end: at(13) },
        { start: at(20), end: at(21) },
      ],
      windows,
      at(30),
    );
    expect(f).toEqual({ observedMs: 18 * H, outageMs: H, outages: 1, availability: 94.44 });
  });

  it('an all-camera window covering the whole day leaves nothing observed', () => {
    const f = dayFigures(day, [{ start: at(1), end: at(2) }], [{ start: at(-1), end: at(25) }], at(30));
    expect(f).toEqual({ observedMs: 0, outageMs: 0, outages: 0, availability: null });
  });
});
