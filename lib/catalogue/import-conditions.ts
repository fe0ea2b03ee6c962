import type { ImportConditions } from '../domain/import-rules.js';
import type { CarFilter } from './car-filter.js';
import type { CatalogueIndex } from './index-shape.js';
import { keepInRange } from './range-conditions.js';
import { addPositions, and, type Bits, or } from './row-sets.js';

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
  if (rules.fuelTypes) joined.fuelTypes = intersect(filter.fuelTypes, rules.fuelTypes);
  return joined;
}

/**
 * A small-number column (engine size, registration month) as 17 prefix sets of its sorted order
 * (set k: the rows of the k/16 smallest values) and the largest value of each: a threshold is one
 * prefix set plus an exact check of the one sixteenth that straddles it. 2 MB a column at 1M cars,
 * made on first use (the sorted order it is made from is dropped).
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
    // Counting sort: positions by value, ties by position.
    const starts = new Uint32Array(0x10001);
    for (let i = 0; i < n; i += 1) starts[values[i]! + 1]! += 1;
    for (let v = 1; v < starts.length; v += 1) starts[v]! += starts[v - 1]!;
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) order[starts[values[i]!]!++] = i;
    const words = (n + 31) >>> 5;
    const step = Math.ceil(n / PARTS);
    const sets = new Uint32Array((PARTS + 1) * words);
    const last = new Float64Array(PARTS + 1).fill(-1);
    const bits = new Uint32Array(words);
    for (let k = 1; k <= PARTS; k += 1) {
      const end = Math.min(k * step, n);
      addPositions(bits, order, Math.min((k - 1) * step, n), end);
      sets.set(bits, k * words);
      last[k] = end > 0 ? values[order[end - 1]!]! : -1;
    }
    q = { sets, last, words, min: n > 0 ? values[order[0]!]! : 0 };
    quantilesOf.set(values, q);
  }
  return q;
}

/** The rows whose value is at most x: the largest prefix set wholly at most x, and the next one's rows checked. */
function atMost(values: Uint16Array, x: number): Bits {
  const { sets, last, words } = quantiles(values);
  let k = 0;
  while (k < PARTS && last[k + 1]! <= x) k += 1;
  const out = new Uint32Array(words);
  out.set(sets.subarray(k * words, (k + 1) * words));
  if (k < PARTS) {
    const next = (k + 1) * words;
    const base = k * words;
    for (let w = 0; w < words; w += 1) {
      let word = sets[next + w]! & ~sets[base + w]!;
      while (word !== 0) {
        const low = word & -word;
        if (values[(w << 5) + (31 - Math.clz32(low))]! <= x) out[w]! |= low;
        word &= word - 1;
      }
    }
  }
  return out;
}

/** The rows whose value is at least x (every row for x <= 0). */
function atLeast(values: Uint16Array, x: number): Bits {
  const out = atMost(values, x - 1);
  for (let w = 0; w < out.length; w += 1) out[w] = ~out[w]!;
  const n = values.length;
  if (n % 32 !== 0) out[out.length - 1]! &= (1 << (n % 32)) - 1;
  return out;
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
  let kept = result;
  const keep = (bits: Bits) => {
    kept = kept ? and(kept, bits) : bits;
  };
  const { displacement, registered } = index;
  if (rules.minCc !== undefined && rules.minCc > 1)
    keep(or(atMost(displacement, 0), atLeast(displacement, rules.minCc)));
  if (rules.maxCc !== undefined) keep(atMost(displacement, rules.maxCc));
  if (rules.registeredFrom !== undefined) {
    const recent = atLeast(registered, Math.max(1, rules.registeredFrom));
    // Cars of no known registration are judged by their model year (usually none in a feed).
    if (quantiles(registered).min === 0) {
      const unknown = atMost(registered, 0);
      const yearFrom = rules.yearFrom ?? Number.NEGATIVE_INFINITY;
      keepInRange(unknown, index.year, yearFrom, Number.POSITIVE_INFINITY);
      keep(or(recent, unknown));
    } else keep(recent);
  }
  return kept;
}
