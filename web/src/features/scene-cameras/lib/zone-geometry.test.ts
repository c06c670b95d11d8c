import { describe, expect, it } from 'vitest';
import {
  canAddZone,
  isValidPolygon,
  moveItem,
  newKey,
  pixelDistance,
  sameZones,
  toPoint,
} from './zone-geometry.ts';

describe('zone geometry', () => {
  const rect = { left: 100, top: 50, width: 400, height: 200 };

  it('normalises pointer positions and clamps them to the image', () => {
    expect(toPoint(300, 150, rect)).toEqual([0.5, 0.5]);
    expect(toPoint(50, 300, rect)).toEqual([0, 1]);
    expect(toPoint(600, 0, rect)).toEqual([1, 0]);
  });

  it('measures distances in pixels of the shown image', () => {
    expect(pixelDistance([0, 0], [0.01, 0], { width: 400, height: 200 })).toBeCloseTo(4);
  });

  it('needs at least 3 points inside the image', () => {
    expect(
      isValidPolygon([
        [0.1, 0.1],
        [0.2, 0.2],
      ]),
    ).toBe(false);
    expect(
      isValidPolygon([
        [0.1, 0.1],
        [0.2, 0.2],
        [1.1, 0.2],
      ]),
    ).toBe(false);
    expect(
      isValidPolygon([
        [0.1, 0.1],
        [0.2, 0.2],
        [0.3, 0.1],
      ]),
    ).toBe(true);
  });

  it('allows at most 5 zones', () => {
    const zone = () => ({ key: newKey(), name: '', points: [] });
    expect(canAddZone(Array.from({ length: 4 }, zone))).toBe(true);
    expect(canAddZone(Array.from({ length: 5 }, zone))).toBe(false);
  });

  it('moves items up and down, not past the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('compares zone lists by id, name, points and order', () => {
    const a = { id: 1, key: 'a', name: 'x', points: [[0, 0] as [number, number]] };
    const b = { id: 2, key: 'b', name: 'y', points: [] };
    expect(sameZones([a, b], [{ ...a, key: 'other' }, b])).toBe(true);
    expect(sameZones([a, b], [b, a])).toBe(false);
  });
});
