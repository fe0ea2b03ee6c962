import type { CarRow } from './car-row.js';
import { toRow } from './car-row.js';
import type { CatalogueIndex, MULTI_FIELDS, SINGLE_FIELDS } from './index-shape.js';
import { textAt } from './text-column.js';
import { codeAt, codesAtRow } from './value-lists.js';

/**
 * The car list's index: a car read back from its columns (rowAt). Its shape is in
 * index-shape.ts, its value lists in value-lists.ts, its sort orders in sort-orders.ts; the
 * import builds it (index-builder.ts), a snapshot ships it (snapshot.ts). Those who read the
 * index take what they use of it from here.
 */
export { assembleIndex, lazily } from './assemble-index.js';
export { buildIndex, buildIndexFrom } from './index-builder.js';
export {
  type CatalogueIndex,
  type FieldName,
  lookupOf,
  SINGLE_FIELDS,
  TEXT_FIELDS,
  type TextColumn,
  type ValueLists,
} from './index-shape.js';
export { DERIVABLE_ORDERS, derivedOrder, idsAscend } from './sort-orders.js';
export { codesOf } from './value-lists.js';

const single = (index: CatalogueIndex, name: (typeof SINGLE_FIELDS)[number], i: number): string | undefined =>
  index.fields[name].values[codeAt(index.fields[name], i)] ?? undefined;

function many(index: CatalogueIndex, name: (typeof MULTI_FIELDS)[number], i: number): string[] {
  const lists = index.fields[name];
  return codesAtRow(lists, i).map((code) => lists.values[code] ?? '');
}

/** A registration month number back to YYYY-MM (0: not known). */
function registrationOf(month: number): string | undefined {
  if (month === 0) return undefined;
  return `${String(Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/** The car at a row position, as an object: made only for the rows of the page being answered. */
export function rowAt(index: CatalogueIndex, i: number): CarRow {
  return toRow({
    id: index.id[i]!,
    provider: single(index, 'provider', i) as CarRow['provider'],
    advertisementNumber: textAt(index.text.advertisementNumber, i),
    title: textAt(index.text.title, i),
    makeEn: single(index, 'makeEn', i)!,
    modelGroupEn: single(index, 'modelGroupEn', i)!,
    modelEn: single(index, 'modelEn', i)!,
    generationCode: single(index, 'generationCode', i),
    gradeEn: single(index, 'gradeEn', i)!,
    gradeDetailEn: single(index, 'gradeDetailEn', i),
    year: index.year[i]!,
    firstRegistration: registrationOf(index.registered[i]!),
    displacement: index.displacement[i] || undefined,
    kilometers: index.kilometers[i]!,
    price: index.price[i]!,
    fuelType: single(index, 'fuelType', i) as CarRow['fuelType'],
    transmission: single(index, 'transmission', i) as CarRow['transmission'],
    vehicleType: single(index, 'vehicleType', i) as CarRow['vehicleType'],
    color: single(index, 'color', i)!,
    drivetrain: single(index, 'drivetrain', i) as CarRow['drivetrain'],
    city: single(index, 'city', i)!,
    options: many(index, 'options', i),
    damage: many(index, 'damage', i) as CarRow['damage'],
    published: index.fields.published.values[codeAt(index.fields.published, i)] === 'yes',
    auctionDate: single(index, 'auctionDate', i)!,
    createdAt: textAt(index.text.createdAt, i),
    thumbnailUrl: textAt(index.text.thumbnailUrl, i),
  });
}

/** Every car of the index as rows (the import merges a new file into the current snapshot). */
export const allRows = (index: CatalogueIndex): CarRow[] =>
  Array.from({ length: index.size }, (_, i) => rowAt(index, i));
