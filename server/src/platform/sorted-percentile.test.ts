import { describe, expect, it } from 'vitest';
import { kthOfSorted, percentileOfSorted } from './sorted-percentile.ts';

/** PostgreSQL's percentile_cont(f) of all values at once: sort, position (n−1)·f, interpolate. */
function percentileCont(values: number[], f: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = f * (sorted.length - 1);
  const first = Math.floor(pos);
  const second = Math.ceil(pos);
  const lo = sorted[first] as number;
  if (first === second) return lo;
  const hi = sorted[second] as number;
  return lo + (pos - first) * (hi - lo);
}

/** A small deterministic generator (the failures reproduce). */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('percentile over sorted arrays', () => {
  it('equals percentile_cont over the union on random data, ties and empty parts included', () => {
    const next = random(42);
    for (let round = 0; round < 400; round++) {
      const parts = Array.from({ length: 1 + Math.floor(next() * 12) }, () => {
        const n = Math.floor(next() * (next() < 0.2 ? 0 : 60));
        // Coarse values (many ties) in some rounds, fine ones in others.
        const scale = round % 3 === 0 ? 5 : 100_000;
        // Some rounds below zero too (a clock set back).
        const shift = round % 5 === 0 ? scale / 20 : 0;
        return Float64Array.from({ length: n }, () => Math.floor(next() * scale) / 10 - shift).sort();
      });
      const all = parts.flatMap((p) => [...p]);
      for (const f of [0, 0.1, 0.5, 0.9, 1]) {
        expect(percentileOfSorted(parts, f)).toBe(percentileCont(all, f));
      }
      const sorted = [...all].sort((a, b) => a - b);
      for (let k = 0; k < sorted.length; k += 7) expect(kthOfSorted(parts, k)).toBe(sorted[k]);
    }
  });

  it('answers null without values and the value itself for one', () => {
    expect(percentileOfSorted([], 0.5)).toBeNull();
    expect(percentileOfSorted([new Float64Array(0)], 0.9)).toBeNull();
    expect(percentileOfSorted([new Float64Array(0), Float64Array.of(7)], 0.9)).toBe(7);
    expect(percentileOfSorted([Float64Array.of(1, 3), Float64Array.of(2, 10)], 0.5)).toBe(2.5);
  });
});
