import type { CarFilter, Visibility } from './car-filter.js';
import type { CatalogueIndex, FieldName } from './index-shape.js';
import { keepInRange, keepRange, type RangeKey, rangeColumn, rangeSlice } from './range-conditions.js';
import { keepImportable, withImportConditions } from './import-conditions.js';
import { and, type Bits, copyOf, count, keptBits } from './row-sets.js';
import { keepMakeModels, keepWithAny, rowsWithAny, rowsWithWords } from './value-conditions.js';

/** The rows a car list query matches: its filter's conditions and its storefront's, as one row set. */

const DAMAGES = ['accident', 'total_loss', 'flood'];

/** A storefront's visible rows, kept on the index: the same few storefronts ask again and again. */
function visibleRows(index: CatalogueIndex, visibility: Visibility): Bits | undefined {
  if (!visibility.publishedOnly && !visibility.providers) return undefined;
  const key = `${visibility.publishedOnly ? 1 : 0}|${visibility.providers ? [...visibility.providers].sort().join(',') : '*'}`;
  let bits = index.visible.get(key);
  if (!bits) {
    const n = index.size;
    bits = keptBits(n);
    bits.set(
      visibility.providers ? rowsWithAny(index.fields.provider, visibility.providers, n) : bits.fill(0xffffffff),
    );
    if (visibility.publishedOnly) and(bits, rowsWithAny(index.fields.published, ['yes'], n));
    index.visible.set(key, bits);
  }
  return bits;
}

/**
 * The rows matching the filter and the storefront, as a row set (undefined: every row). Each
 * condition costs what it matches: a value's row list, a range's slice of its sorted order.
 */
export function matchingRows(index: CatalogueIndex, asked: CarFilter, visibility: Visibility): Bits | undefined {
  const filter = withImportConditions(asked);
  const n = index.size;
  const f = index.fields;
  let result: Bits | undefined;
  const keep = (bits: Bits) => {
    result = result ? and(result, bits) : bits;
  };
  const visible = visibleRows(index, visibility);
  if (visible) result = copyOf(visible);
  const sets: Array<[FieldName, Set<string> | undefined]> = [
    ['provider', filter.providers],
    ['makeEn', filter.makes],
    ['modelEn', filter.models],
    ['modelGroupEn', filter.modelGroups],
    ['generationCode', filter.generationCodes],
    ['gradeEn', filter.grades],
    ['trim', filter.trims],
    ['fuelType', filter.fuelTypes],
    ['transmission', filter.transmissions],
    ['vehicleType', filter.vehicleTypes],
    ['color', filter.colors],
    ['drivetrain', filter.drivetrains],
    ['city', filter.cities],
  ];
  // The most selective conditions first, so later ones narrow an already small set.
  for (const [name, wanted] of sets) if (wanted && wanted.size > 0) result = keepWithAny(result, f[name], wanted, n);
  if (filter.published !== undefined) result = keepWithAny(result, f.published, [filter.published ? 'yes' : 'no'], n);
  if (filter.makeModel && filter.makeModel.length > 0) result = keepMakeModels(index, filter.makeModel, result);
  if (filter.requireOptions)
    for (const option of filter.requireOptions) result = keepWithAny(result, f.options, [option], n);
  if (filter.words && filter.words.length > 0) keep(rowsWithWords(index, filter.words));
  const ranges: Array<[RangeKey, number | undefined, number | undefined]> = [
    ['year', filter.yearFrom, filter.yearTo],
    ['price', filter.priceFrom, filter.priceTo],
    ['kilometers', filter.kmFrom, filter.kmTo],
  ];
  // The narrowest range first; a range much wider than the rows left checks those rows' values instead.
  const slices = ranges
    .filter(([, from, to]) => from !== undefined || to !== undefined)
    .map(([key, from, to]) => ({ key, from, to, slice: rangeSlice(rangeColumn(index, key), from, to) }))
    .sort((a, b) => a.slice[1] - a.slice[0] - (b.slice[1] - b.slice[0]));
  // At most this many rows left (counted once, then bounded by each range kept).
  let left = result && slices.length > 0 ? count(result) : n;
  for (const { key, from, to, slice } of slices) {
    const width = slice[1] - slice[0];
    if (result && left < width / 4) keepInRange(result, index[key], from ?? -Infinity, to ?? Infinity);
    else result = keepRange(rangeColumn(index, key), n, slice[0], slice[1], result);
    left = Math.min(left, width);
  }
  const excluded = [...(filter.excludeDamage ?? [])].filter((d) => DAMAGES.includes(d));
  if (excluded.length > 0) result = keepWithAny(result, f.damage, excluded, n, true);
  if (filter.excludeFuelTypes && filter.excludeFuelTypes.length > 0)
    result = keepWithAny(result, f.fuelType, filter.excludeFuelTypes, n, true);
  if (filter.importable) result = keepImportable(index, result, filter.importable);
  // Bits past the last row (a set built by negation) never count.
  if (result && n % 32 !== 0) result[result.length - 1]! &= (1 << (n % 32)) - 1;
  return result;
}
