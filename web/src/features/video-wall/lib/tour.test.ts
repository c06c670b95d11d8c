import { describe, expect, it } from 'vitest';
import { tourPageCount, tourSlots } from './tour.ts';

const srcs = (ids: number[], grid: number, step: number) =>
  tourSlots(ids, grid, step)
    .slice(0, grid)
    .map((s) => s.src);

describe('camera rotation tour', () => {
  it('pages a group through the visible cells and starts over', () => {
    const ids = [1, 2, 3, 4, 5, 6];
    expect(tourPageCount(ids.length, 4)).toBe(2);
    expect(srcs(ids, 4, 0)).toEqual([1, 2, 3, 4]);
    // The last page wraps round so every cell plays.
    expect(srcs(ids, 4, 1)).toEqual([5, 6, 1, 2]);
    expect(srcs(ids, 4, 2)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a group that fits the grid as it is, and leaves the other cells empty', () => {
    expect(srcs([7, 8], 4, 0)).toEqual([7, 8, '', '']);
    expect(srcs([7, 8], 4, 5)).toEqual([7, 8, '', '']);
    expect(tourSlots([7, 8], 4, 0)).toHaveLength(25);
  });

  it('shows nothing for an empty group', () => {
    expect(tourSlots([], 9, 3).every((s) => s.src === '')).toBe(true);
    expect(tourPageCount(0, 9)).toBe(1);
  });
});
