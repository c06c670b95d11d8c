import { describe, expect, it } from 'vitest';
import { GRID_SIZES, gridLayout, isGridSize, SLOT_COUNT } from './grid.ts';

describe('video wall grid', () => {
  it('offers 4, 6, 9, 12, 16 and 25 cells over 25 slots', () => {
    expect(GRID_SIZES).toEqual([4, 6, 9, 12, 16, 25]);
    expect(SLOT_COUNT).toBe(25);
  });

  it('lays the sizes out as 2x2, 3x2, 3x3, 4x3, 4x4 and 5x5', () => {
    expect(GRID_SIZES.map((s) => gridLayout(s))).toEqual([
      { columns: 2, rows: 2 },
      { columns: 3, rows: 2 },
      { columns: 3, rows: 3 },
      { columns: 4, rows: 3 },
      { columns: 4, rows: 4 },
      { columns: 5, rows: 5 },
    ]);
    for (const size of GRID_SIZES) {
      const { columns, rows } = gridLayout(size);
      expect(columns * rows).toBe(size);
    }
  });

  it('recognises only the grid sizes', () => {
    expect(isGridSize(9)).toBe(true);
    expect(isGridSize(8)).toBe(false);
    expect(isGridSize('9')).toBe(false);
  });
});
