import type { CatalogueIndex } from './index-shape.js';
import { addPositions, and, type Bits, emptyBits, has, removePositions } from './row-sets.js';

/**
 * The conditions on a numeric range (year, price, kilometres), from a slice of the key's sort
 * order, and the prefix sets of each order that keep a wide range (and a deep page) to one pass.
 */

export type RangeKey = 'year' | 'price' | 'kilometers';

/** A numeric column and the row positions sorted by it: what a range condition reads. */
export interface RangeColumn {
  order: Uint32Array;
  values: ArrayLike<number>;
}

/** A sortable key's column. */
export const rangeColumn = (index: CatalogueIndex, key: RangeKey): RangeColumn => ({
  order: index.order[key],
  values: index[key],
});

/** The slice [lo, hi) of a column's order holding the values in [from, to]. */
export function rangeSlice(
  { order, values }: RangeColumn,
  from: number | undefined,
  to: number | undefined,
): [number, number] {
  const firstAtLeast = (bound: number, strict: boolean) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = values[order[mid]!]!;
      if (strict ? v <= bound : v < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return [from === undefined ? 0 : firstAtLeast(from, false), to === undefined ? order.length : firstAtLeast(to, true)];
}

/** Ranges over this many rows use the prefix sets below; smaller catalogues set each row of the slice. */
export const PREFIX_SETS_FROM = 65_536;
const PREFIX_SETS = 16;
/** Per sort order of a range key: the row sets of its first k/16 (k = 0..16), made on first use. */
const prefixSets = new WeakMap<Uint32Array, Bits>();

function prefixSetsOf(order: Uint32Array, n: number): Bits {
  let sets = prefixSets.get(order);
  if (!sets) {
    const words = (n + 31) >>> 5;
    const step = Math.ceil(n / PREFIX_SETS);
    sets = new Uint32Array((PREFIX_SETS + 1) * words);
    const bits = new Uint32Array(words);
    for (let k = 1; k <= PREFIX_SETS; k += 1) {
      addPositions(bits, order, Math.min((k - 1) * step, n), Math.min(k * step, n));
      sets.set(bits, k * words);
    }
    prefixSets.set(order, sets);
  }
  return sets;
}

/**
 * Keeps in `result` the rows whose value of a numeric key lies in the slice [lo, hi) of the key's
 * sort order (a new set when there is no result yet). A wide slice is the difference of the
 * prefix sets nearest its ends, applied in one pass over the words; at most half a step of rows
 * at each end is then set or cleared, so no range costs more than a pass and a few thousand rows.
 */
export function keepRange({ order }: RangeColumn, n: number, lo: number, hi: number, result: Bits | undefined): Bits {
  const step = Math.ceil(n / PREFIX_SETS);
  if (n < PREFIX_SETS_FROM || hi - lo <= step) {
    const bits = emptyBits(n);
    addPositions(bits, order, lo, hi);
    return result ? and(result, bits) : bits;
  }
  const sets = prefixSetsOf(order, n);
  const out = result ?? emptyBits(n).fill(0xffffffff);
  const words = out.length;
  const high = Math.round(hi / step);
  const highEnd = Math.min(high * step, n);
  const low = Math.round(lo / step);
  const lowEnd = Math.min(low * step, n);
  // Rows of the slice outside the prefix difference: kept if they were in the result.
  const restore: number[] = [];
  const note = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) if (has(out, order[k]!)) restore.push(order[k]!);
  };
  if (highEnd < hi) note(highEnd, hi);
  if (lowEnd > lo) note(lo, lowEnd);
  const h = high * words;
  const l = low * words;
  if (low > 0) for (let w = 0; w < words; w += 1) out[w]! &= sets[h + w]! & ~sets[l + w]!;
  else for (let w = 0; w < words; w += 1) out[w]! &= sets[h + w]!;
  // Rows of the prefix difference outside the slice.
  if (highEnd > hi) removePositions(out, order, hi, highEnd);
  if (lowEnd < lo) removePositions(out, order, lowEnd, lo);
  addPositions(out, restore);
  return out;
}

/**
 * Where a walk of the order (ascending, or from the end) may start to reach the match numbered
 * `start`: the furthest prefix set boundary with at most `start` matches before it, found by
 * counting the matches in a few prefix sets. Returns the place and the matches before it.
 */
export function skipTo(
  matches: Bits,
  order: Uint32Array,
  n: number,
  start: number,
  total: number,
  ascending: boolean,
): [place: number, before: number] {
  const sets = prefixSetsOf(order, n);
  const step = Math.ceil(n / PREFIX_SETS);
  const words = matches.length;
  const matchesIn = (k: number) => {
    let found = 0;
    for (let w = 0, at = k * words; w < words; w += 1, at += 1) {
      let v = matches[w]! & sets[at]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      found += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return found;
  };
  // Matches before the boundary k of the walk: ascending, those of prefix k; from the end, those after it.
  const before = (k: number) => (ascending ? matchesIn(k) : total - matchesIn(k));
  if (ascending) {
    let lo = 0;
    let hi = PREFIX_SETS;
    let seen = 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      const m = before(mid);
      if (m <= start) {
        lo = mid;
        seen = m;
      } else hi = mid - 1;
    }
    return [Math.min(lo * step, n), seen];
  }
  let lo = 0;
  let hi = PREFIX_SETS;
  let seen = 0;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = before(mid);
    if (m <= start) {
      hi = mid;
      seen = m;
    } else lo = mid + 1;
  }
  return lo === PREFIX_SETS ? [0, 0] : [n - Math.min(lo * step, n), seen];
}

/** Keeps only the rows of a set whose value lies in [from, to]: for sets smaller than a range's slice. */
export function keepInRange(bits: Bits, values: ArrayLike<number>, from: number, to: number): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      const v = values[(w << 5) + (31 - Math.clz32(low))]!;
      if (!(v >= from && v <= to)) bits[w]! &= ~low;
      word &= word - 1;
    }
  }
}
