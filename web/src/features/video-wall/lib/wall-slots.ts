import { SLOT_COUNT } from './grid.ts';

/** One of the 25 slots: the camera id it plays, or '' when empty (SPEC §3 VideoPlayer[].src). */
export interface WallSlot {
  src: number | '';
}

export interface WallCamera {
  id: number;
  cameraName: string;
}

/** How many cameras fill the first empty layout (SPEC §4). */
export const AUTO_FILL_COUNT = 4;

export function emptySlots(): WallSlot[] {
  return Array.from({ length: SLOT_COUNT }, () => ({ src: '' }));
}

/** The first 4 cameras in the first 4 slots, the rest empty. */
export function autoFill(cameras: readonly WallCamera[]): WallSlot[] {
  const slots = emptySlots();
  cameras.slice(0, AUTO_FILL_COUNT).forEach((camera, index) => {
    slots[index] = { src: camera.id };
  });
  return slots;
}

/**
 * The slot an "add" goes to: the selected cell if it is visible, else the first empty visible
 * cell; null when there is none (every visible cell is taken and none is selected).
 */
export function addTarget(
  slots: readonly WallSlot[],
  selected: number | null,
  gridSize: number,
): number | null {
  if (selected !== null && selected >= 0 && selected < gridSize) return selected;
  const empty = slots.findIndex((slot, index) => index < gridSize && slot.src === '');
  return empty === -1 ? null : empty;
}

export function putCamera(slots: readonly WallSlot[], index: number, cameraId: number): WallSlot[] {
  if (index < 0 || index >= SLOT_COUNT) return [...slots];
  return slots.map((slot, i) => (i === index ? { src: cameraId } : slot));
}

export function clearSlot(slots: readonly WallSlot[], index: number): WallSlot[] {
  return slots.map((slot, i) => (i === index ? { src: '' } : slot));
}

/** The distinct cameras on the wall with their names (SPEC §3 cameraList), in slot order. */
export function camerasOnWall(slots: readonly WallSlot[], names: ReadonlyMap<number, string>): WallCamera[] {
  const seen = new Set<number>();
  const list: WallCamera[] = [];
  for (const slot of slots) {
    if (slot.src === '' || seen.has(slot.src)) continue;
    seen.add(slot.src);
    list.push({ id: slot.src, cameraName: names.get(slot.src) ?? '' });
  }
  return list;
}
