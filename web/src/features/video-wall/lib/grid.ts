/** SPEC §4 / §9: the wall has 25 slots shown as 4, 6, 9, 12, 16 or 25 cells. */
export const SLOT_COUNT = 25;
export const GRID_SIZES = [4, 6, 9, 12, 16, 25] as const;
export type GridSize = (typeof GRID_SIZES)[number];
export const DEFAULT_GRID_SIZE: GridSize = 4;

const LAYOUTS: Record<GridSize, { columns: number; rows: number }> = {
  4: { columns: 2, rows: 2 },
  6: { columns: 3, rows: 2 },
  9: { columns: 3, rows: 3 },
  12: { columns: 4, rows: 3 },
  16: { columns: 4, rows: 4 },
  25: { columns: 5, rows: 5 },
};

export function isGridSize(value: unknown): value is GridSize {
  return typeof value === 'number' && (GRID_SIZES as readonly number[]).includes(value);
}

/** Columns and rows of a grid size (6 is 3 columns by 2 rows, 12 is 4 by 3). */
export function gridLayout(size: GridSize) {
  return LAYOUTS[size];
}
