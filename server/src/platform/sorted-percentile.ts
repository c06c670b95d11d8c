/**
 * PostgreSQL's `percentile_cont(f)` over the union of several ascending arrays, without
 * concatenating and sorting them: the values at positions ⌊(n−1)·f⌋ and ⌈(n−1)·f⌉ of the union are
 * found by selection (binary search on the candidate values of each array, ranks counted by binary
 * search in every array), then interpolated as PostgreSQL does (`lo + (hi − lo) · (pos − ⌊pos⌋)`).
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

/** The k-th smallest value (0-based) of the union of ascending arrays; k < total length. */
export function kthOfSorted(arrays: ReadonlyArray<ArrayLike<number>>, k: number): number {
  const ranks = (v: number, inclusive: boolean) => {
    let n = 0;
    for (const a of arrays) n += rank(a, v, inclusive);
    return n;
  };
  for (const a of arrays) {
    let lo = 0;
    let hi = a.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = a[mid] as number;
      if (ranks(v, true) <= k) lo = mid + 1;
      else if (ranks(v, false) > k) hi = mid - 1;
      else return v;
    }
  }
  throw new RangeError(`position ${k} outside the values`);
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
