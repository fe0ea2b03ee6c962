import type { ImportConditions } from '../domain/import-rules.js';
import type { CarFilter } from './car-filter.js';
import type { CatalogueIndex } from './index-shape.js';
import type { Bits } from './row-sets.js';

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

/** Whether the rules leave conditions for keepImportable (engine size, first registration). */
export const checksRows = (rules: ImportConditions | undefined): rules is ImportConditions =>
  rules !== undefined && (rules.registeredFrom !== undefined || rules.minCc !== undefined || rules.maxCc !== undefined);

/**
 * Clears from `bits` the rows whose engine is outside the rules' limits or whose first
 * registration (else model year) is too old. An unknown engine size passes, as the car check
 * leaves it unchecked rather than refused.
 */
export function keepImportable(index: CatalogueIndex, bits: Bits, rules: ImportConditions): void {
  const { displacement, registered, year } = index;
  const minCc = rules.minCc ?? 0;
  const maxCc = rules.maxCc ?? Number.POSITIVE_INFINITY;
  const from = rules.registeredFrom;
  const yearFrom = rules.yearFrom ?? Number.NEGATIVE_INFINITY;
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      const i = (w << 5) + (31 - Math.clz32(low));
      const cc = displacement[i]!;
      const month = registered[i]!;
      const engineOk = cc === 0 || (cc >= minCc && cc <= maxCc);
      const ageOk = from === undefined || (month !== 0 ? month >= from : year[i]! >= yearFrom);
      if (!(engineOk && ageOk)) bits[w]! &= ~low;
      word &= word - 1;
    }
  }
}
