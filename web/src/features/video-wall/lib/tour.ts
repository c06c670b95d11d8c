import { emptySlots, type WallSlot } from './wall-slots.ts';

/** Shortest tour step, whatever a group says (a camera needs a moment to start playing). */
export const MIN_TOUR_SECONDS = 3;

/** How many pages of `gridSize` cells a group's cameras fill (at least 1). */
export function tourPageCount(cameraCount: number, gridSize: number): number {
  return Math.max(1, Math.ceil(cameraCount / gridSize));
}

/**
 * The slots of tour step `step`: the group's cameras page by page through the visible cells
 * (the last page wraps round to the first cameras so every cell plays); a group that fits the
 * grid stays as it is.
 */
export function tourSlots(cameraIds: readonly number[], gridSize: number, step: number): WallSlot[] {
  const slots = emptySlots();
  if (cameraIds.length === 0) return slots;
  if (cameraIds.length <= gridSize) {
    cameraIds.forEach((id, index) => {
      slots[index] = { src: id };
    });
    return slots;
  }
  const pages = tourPageCount(cameraIds.length, gridSize);
  const start = (((step % pages) + pages) % pages) * gridSize;
  for (let cell = 0; cell < gridSize; cell++) {
    slots[cell] = { src: cameraIds[(start + cell) % cameraIds.length] ?? '' };
  }
  return slots;
}
