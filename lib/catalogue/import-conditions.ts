import type { ImportConditions } from '../domain/import-rules.js';
import type { CarFilter } from './car-filter.js';
import type { CatalogueIndex } from './index-shape.js';
import { keepRange, type RangeColumn, rangeSlice } from './range-conditions.js';
import { addPositions, type Bits, has, removePositions } from './row-sets.js';

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

/** Row positions sorted by a small-number column (ties by position), made once per column by counting. */
const derivedOrders = new WeakMap<Uint16Array, Uint32Array>();
function orderOf(values: Uint16Array): RangeColumn {
  let order = derivedOrders.get(values);
  if (!order) {
    const starts = new Uint32Array(0x10001);
    for (let i = 0; i < values.length; i += 1) starts[values[i]! + 1]! += 1;
    for (let v = 1; v < starts.length; v += 1) starts[v]! += starts[v - 1]!;
    order = new Uint32Array(values.length);
    for (let i = 0; i < values.length; i += 1) order[starts[values[i]!]!++] = i;
    derivedOrders.set(values, order);
  }
  return { order, values };
}

/**
 * Keeps in `result` (every row when undefined) the rows whose engine size is within the rules'
 * limits and whose first registration (else model year) is recent enough. An unknown engine size
 * (0) passes, as the car check leaves it unchecked rather than refused. Each condition is a slice
 * of its column's order, so it costs what the list's own ranges cost.
 */
export function keepImportable(
  index: CatalogueIndex,
  result: Bits | undefined,
  rules: ImportConditions,
): Bits | undefined {
  const n = index.size;
  let kept = result;
  if (rules.minCc !== undefined || rules.maxCc !== undefined) {
    const engines = orderOf(index.displacement);
    const [, unknown] = rangeSlice(engines, 0, 0);
    const [lo, hi] = rangeSlice(engines, Math.max(1, rules.minCc ?? 1), rules.maxCc);
    kept = keepRange(engines, n, 0, hi, kept);
    if (lo > unknown) removePositions(kept, engines.order, unknown, lo);
  }
  if (rules.registeredFrom !== undefined) {
    const registrations = orderOf(index.registered);
    const [, unknown] = rangeSlice(registrations, 0, 0);
    // Cars of no known registration are judged by their model year (usually none in a feed).
    const byYear: number[] = [];
    const yearFrom = rules.yearFrom ?? Number.NEGATIVE_INFINITY;
    for (let k = 0; k < unknown; k += 1) {
      const row = registrations.order[k]!;
      if (index.year[row]! >= yearFrom && (!kept || has(kept, row))) byYear.push(row);
    }
    const [from] = rangeSlice(registrations, Math.max(1, rules.registeredFrom), undefined);
    kept = keepRange(registrations, n, from, n, kept);
    addPositions(kept, byYear);
  }
  return kept;
}
