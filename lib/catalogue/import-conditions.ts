import type { ImportConditions } from '../domain/import-rules.js';
import type { CarFilter } from './car-filter.js';
import type { CatalogueIndex } from './index-shape.js';
import { keepInRange } from './range-conditions.js';
import { andNot, type Bits, copyOf, emptyBits, or } from './row-sets.js';

/**
 * A destination's import rules on the catalogue's columns (`?importableTo=`). The model year,
 * damage and fuel join the filter's own conditions, so they cost what those cost; the engine size
 * and the first registration, which no sort order or value list holds, are checked on the rows
 * left, and only when a rule asks for them (no default does).
 */

const intersect = (a: Set<string> | undefined, b: readonly string[]) => {
  const wanted = new Set(b.map((v) => v.toLowerCase()));
  return new Set((a ? [...a] : b).filter((v) => wanted.has(v.toLowerCase())));
};

/** The filter with the rules' year, damage and fuel conditions joined to its own. */
export function withImportConditions(filter: CarFilter): CarFilter {
  const rules = filter.importable;
  if (!rules) return filter;
  const joined: CarFilter = { ...filter };
  // With first-registration counting the year bounds only cars of no known registration: checked row by row.
  if (rules.yearFrom !== undefined && rules.registeredFrom === undefined)
    joined.yearFrom = Math.max(filter.yearFrom ?? rules.yearFrom, rules.yearFrom);
  if (rules.excludeDamage.length > 0)
    joined.excludeDamage = new Set([...(filter.excludeDamage ?? []), ...rules.excludeDamage]);
  // Refused fuels are few: excluded by their own rows, unless the query names fuels to keep.
  if (rules.fuelTypes && filter.fuelTypes) joined.fuelTypes = intersect(filter.fuelTypes, rules.fuelTypes);
  else if (rules.fuelTypesRefused.length > 0) joined.excludeFuelTypes = rules.fuelTypesRefused;
  return joined;
}

/**
 * A small-number column (engine size, registration month) as 17 prefix sets of its sorted order
 * (set k: the rows of the k/16 smallest values) and the largest value of each: a threshold is one
 * prefix set plus an exact check of the one sixteenth that straddles it. 2 MB a column at 1M cars,
 * made on first use from the values' counts, in one pass (no sorted order is made).
 */
interface Quantiles {
  sets: Uint32Array;
  /** last[k]: the largest value in prefix set k (k = 1..16); last[0] = -1. */
  last: Float64Array;
  words: number;
  /** The smallest value: 0 when some row's is unknown. */
  min: number;
}

const PARTS = 16;
const quantilesOf = new WeakMap<Uint16Array, Quantiles>();

function quantiles(values: Uint16Array): Quantiles {
  let q = quantilesOf.get(values);
  if (!q) {
    const n = values.length;
    const words = (n + 31) >>> 5;
    const step = Math.max(1, Math.ceil(n / PARTS));
    // rows[v]: the rows of values below v, so the rows of value v rank from rows[v] (ties by position).
    const rows = new Uint32Array(0x10001);
    for (let i = 0; i < n; i += 1) rows[values[i]! + 1]! += 1;
    for (let v = 1; v < rows.length; v += 1) rows[v]! += rows[v - 1]!;
    // The largest value among the first k sixteenths, and the smallest value: from the counts alone.
    const last = new Float64Array(PARTS + 1).fill(-1);
    let v = 0;
    for (let k = 1; k <= PARTS; k += 1) {
      const end = Math.min(k * step, n);
      if (end === 0) continue;
      while (rows[v + 1]! < end) v += 1;
      last[k] = v;
    }
    let min = 0;
    while (n > 0 && rows[min + 1] === 0) min += 1;
    // Each row's bit in the set of the sixteenth its rank falls in (slot k + 1), then the prefixes summed.
    const sets = new Uint32Array((PARTS + 1) * words);
    for (let i = 0; i < n; i += 1) {
      const part = Math.floor(rows[values[i]!]!++ / step);
      sets[(part + 1) * words + (i >>> 5)]! |= 1 << (i & 31);
    }
    for (let k = 2; k <= PARTS; k += 1)
      for (let w = 0, at = k * words, before = (k - 1) * words; w < words; w += 1) sets[at + w]! |= sets[before + w]!;
    q = { sets, last, words, min };
    quantilesOf.set(values, q);
  }
  return q;
}

/** One threshold on a column: its rows at most x, or more than x. */
interface Side {
  values: Uint16Array;
  x: number;
  atMost: boolean;
}

/**
 * Keeps in `kept` the rows on the given side of each threshold, in one pass over the words: per
 * threshold, the largest prefix set wholly at most x, and of the next sixteenth only the rows
 * still kept, checked one by one.
 */
function keepSides(kept: Bits, sides: readonly Side[]): void {
  const plans = sides.map(({ values, x, atMost }) => {
    const { sets, last, words } = quantiles(values);
    let k = 0;
    while (k < PARTS && last[k + 1]! <= x) k += 1;
    return { values, x, atMost, sets, base: k * words, next: k < PARTS ? (k + 1) * words : -1 };
  });
  for (let w = 0; w < kept.length; w += 1) {
    let rows = kept[w]!;
    for (const { values, x, atMost, sets, base, next } of plans) {
      if (rows === 0) break;
      let below = sets[base + w]!;
      if (next >= 0) {
        let word = sets[next + w]! & ~below & rows;
        while (word !== 0) {
          const low = word & -word;
          if (values[(w << 5) + (31 - Math.clz32(low))]! <= x) below |= low;
          word &= word - 1;
        }
      }
      rows &= atMost ? below : ~below;
    }
    kept[w] = rows;
  }
}

/**
 * Keeps in `result` (every row when undefined) the rows whose engine size is within the rules'
 * limits and whose first registration (else model year) is recent enough. An unknown engine size
 * (0) passes, as the car check leaves it unchecked rather than refused.
 */
export function keepImportable(
  index: CatalogueIndex,
  result: Bits | undefined,
  rules: ImportConditions,
): Bits | undefined {
  const n = index.size;
  const { displacement, registered } = index;
  const kept = result ?? everyRow(n);
  if (rules.minCc !== undefined && rules.minCc > 1) {
    // Off: the rows of a known size under the minimum.
    const small = copyOf(kept);
    keepSides(small, [
      { values: displacement, x: rules.minCc - 1, atMost: true },
      { values: displacement, x: 0, atMost: false },
    ]);
    andNot(kept, small);
  }
  // Cars of no known registration are judged by their model year (usually none in a feed).
  const unknown = rules.registeredFrom !== undefined && quantiles(registered).min === 0 ? copyOf(kept) : undefined;
  const sides: Side[] = [];
  if (rules.maxCc !== undefined) sides.push({ values: displacement, x: rules.maxCc, atMost: true });
  if (rules.registeredFrom !== undefined)
    sides.push({ values: registered, x: Math.max(1, rules.registeredFrom) - 1, atMost: false });
  if (sides.length > 0) keepSides(kept, sides);
  if (unknown) {
    keepSides(unknown, [
      { values: registered, x: 0, atMost: true },
      ...(rules.maxCc !== undefined ? [{ values: displacement, x: rules.maxCc, atMost: true }] : []),
    ]);
    keepInRange(unknown, index.year, rules.yearFrom ?? Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    or(kept, unknown);
  }
  return kept;
}

/** Every row, as a query's scratch set. */
function everyRow(n: number): Bits {
  const bits = emptyBits(n).fill(0xffffffff);
  if (n % 32 !== 0) bits[bits.length - 1] = (1 << (n % 32)) - 1;
  return bits;
}
