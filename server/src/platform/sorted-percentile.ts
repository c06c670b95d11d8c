/**
 * PostgreSQL's `percentile_cont(f)` over the union of several ascending arrays, without
 * concatenating and sorting them: the values at positions ⌊(n−1)·f⌋ and ⌈(n−1)·f⌉ of the union are
 * found by selection (bisection on the value, ranks counted by binary search in every array), then
 * interpolated as PostgreSQL does (`lo + (hi − lo) · (pos − ⌊pos⌋)`).
 */

/** Number of values < v (strict) or ≤ v in an ascending array. */
function rank(values: ArrayLike<number>, v: number, inclusive: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = values[mid] as number;
    if (x < v || (inclusive && x === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first value > v (inclusive) or ≥ v in values[lo, hi), ascending. */
function bound(values: ArrayLike<number>, v: number, inclusive: boolean, lo: number, hi: number): number {
  let a = lo;
  let b = hi;
  while (a < b) {
    const mid = (a + b) >>> 1;
    const x = values[mid] as number;
    if (x < v || (inclusive && x === v)) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** At or below this many candidates left, they are sorted and the answer picked. */
const FEW = 48;

/**
 * The k-th smallest value (0-based) of the union of ascending arrays; k < total length. Each array
 * keeps a window of candidates; a pivot (the middle candidate of the widest window) is ranked by
 * binary search in every window and the windows cut to the side holding position k (the widest
 * at least halves each round); the last few candidates are sorted.
 */
export function kthOfSorted(arrays: ReadonlyArray<ArrayLike<number>>, k: number): number {
  const K = arrays.length;
  const lo = new Array<number>(K).fill(0);
  const hi = arrays.map((a) => a.length);
  const lt = new Array<number>(K).fill(0);
  const le = new Array<number>(K).fill(0);
  /** Values below every window. */
  let below = 0;
  for (;;) {
    let total = 0;
    let widest = -1;
    let width = 0;
    for (let i = 0; i < K; i++) {
      const w = (hi[i] as number) - (lo[i] as number);
      total += w;
      if (w > width) {
        width = w;
        widest = i;
      }
    }
    if (k - below >= total || widest < 0) throw new RangeError(`position ${k} outside the values`);
    if (total <= FEW) {
      const few: number[] = [];
      for (let i = 0; i < K; i++) {
        const a = arrays[i] as ArrayLike<number>;
        for (let j = lo[i] as number; j < (hi[i] as number); j++) few.push(a[j] as number);
      }
      few.sort((x, y) => x - y);
      return few[k - below] as number;
    }
    const pivotArray = arrays[widest] as ArrayLike<number>;
    const v = pivotArray[((lo[widest] as number) + (hi[widest] as number)) >>> 1] as number;
    let nLt = below;
    let nLe = below;
    for (let i = 0; i < K; i++) {
      const a = arrays[i] as ArrayLike<number>;
      const l = bound(a, v, false, lo[i] as number, hi[i] as number);
      const e = bound(a, v, true, l, hi[i] as number);
      lt[i] = l;
      le[i] = e;
      nLt += l - (lo[i] as number);
      nLe += e - (lo[i] as number);
    }
    if (nLt <= k && k < nLe) return v;
    if (nLe <= k) {
      for (let i = 0; i < K; i++) lo[i] = le[i] as number;
      below = nLe;
    } else {
      for (let i = 0; i < K; i++) hi[i] = lt[i] as number;
    }
  }
}

/** The smallest value of the union greater than v (the union has one). */
function nextAbove(arrays: ReadonlyArray<ArrayLike<number>>, v: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const a of arrays) {
    const i = rank(a, v, true);
    if (i < a.length && (a[i] as number) < best) best = a[i] as number;
  }
  return best;
}

/** percentile_cont(f) of the union of ascending arrays (no NaN); null when they hold no value. */
export function percentileOfSorted(arrays: ReadonlyArray<ArrayLike<number>>, f: number): number | null {
  const parts = arrays.filter((a) => a.length > 0);
  let n = 0;
  for (const a of parts) n += a.length;
  if (n === 0) return null;
  if (n === 1) return (parts[0] as ArrayLike<number>)[0] as number;
  const pos = f * (n - 1);
  const first = Math.floor(pos);
  const second = Math.ceil(pos);
  const lo = kthOfSorted(parts, first);
  if (first === second) return lo;
  let count = 0;
  for (const a of parts) count += rank(a, lo, true);
  const hi = count > second ? lo : nextAbove(parts, lo);
  return lo + (pos - first) * (hi - lo);
}
