import { describe, expect, it } from 'vitest';
import { normaliseDrag } from './boxes.ts';

describe('normaliseDrag', () => {
  it('makes a box of a drag in any direction, kept inside the image', () => {
    expect(normaliseDrag({ x0: 0.5, y0: 0.6, x1: 0.1, y1: 0.2 })).toEqual([0.1, 0.2, 0.4, 0.4]);
    expect(normaliseDrag({ x0: -0.2, y0: 0.5, x1: 0.3, y1: 1.4 })).toEqual([0, 0.5, 0.3, 0.5]);
  });
  it('ignores a click (no real box)', () => {
    expect(normaliseDrag({ x0: 0.5, y0: 0.5, x1: 0.502, y1: 0.6 })).toBeUndefined();
  });
});
