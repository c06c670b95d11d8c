import { describe, expect, it } from 'vitest';
import { addTarget, autoFill, camerasOnWall, clearSlot, emptySlots, putCamera } from './wall-slots.ts';

const cams = [1, 2, 3, 4, 5, 6].map((id) => ({ id, cameraName: `Cam ${id}` }));

describe('video wall slots', () => {
  it('auto-fills the first 4 slots with the first 4 cameras', () => {
    const slots = autoFill(cams);
    expect(slots).toHaveLength(25);
    expect(slots.slice(0, 5).map((s) => s.src)).toEqual([1, 2, 3, 4, '']);
    expect(
      autoFill(cams.slice(0, 2))
        .slice(0, 3)
        .map((s) => s.src),
    ).toEqual([1, 2, '']);
    expect(autoFill([]).every((s) => s.src === '')).toBe(true);
  });

  it('adds to the selected visible cell, else the first empty visible cell, else nowhere', () => {
    const slots = autoFill(cams);
    expect(addTarget(slots, 2, 4)).toBe(2);
    expect(addTarget(slots, null, 9)).toBe(4);
    expect(addTarget(slots, null, 4)).toBeNull();
    // A selection beyond the visible grid does not count.
    expect(addTarget(slots, 10, 9)).toBe(4);
  });

  it('puts a camera in one slot and clears one slot without touching the others', () => {
    const filled = putCamera(emptySlots(), 7, 42);
    expect(filled[7]).toEqual({ src: 42 });
    expect(filled.filter((s) => s.src !== '')).toHaveLength(1);
    const cleared = clearSlot(autoFill(cams), 1);
    expect(cleared.slice(0, 4).map((s) => s.src)).toEqual([1, '', 3, 4]);
    expect(putCamera(emptySlots(), 25, 1).every((s) => s.src === '')).toBe(true);
  });

  it('lists the distinct cameras on the wall with their names', () => {
    const slots = putCamera(autoFill(cams), 5, 1);
    const names = new Map(cams.map((c) => [c.id, c.cameraName]));
    expect(camerasOnWall(slots, names)).toEqual(cams.slice(0, 4));
  });
});
