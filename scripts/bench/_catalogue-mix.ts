import type { CarListQuery, ParsedCarQuery } from '../../lib/catalogue/params.js';
import { shippedImportRules } from '../../lib/store/shipped-import-rules.js';
import { importConditions, type ImportRuleText } from '../../lib/domain/import-rules.js';

/** The query kinds the catalogue bench times (shared with its cold-load child process). */
export const MIX: Array<[string, Partial<CarListQuery>]> = [
  ['default (newest first)', {}],
  ['make + model, by price', { makeModel: 'Hyundai:Grandeur,Kia:K8', sortBy: 'price', sortOrder: 'asc' }],
  [
    'ranges: year, price, km + fuel',
    { yearFrom: 2018, yearTo: 2023, priceFrom: 1500, priceTo: 4000, kmTo: 80_000, fuelType: 'Gasoline,Hybrid' },
  ],
  ['search two words', { search: 'sorento signature' }],
  [
    'options + damage exclusion',
    { options: 'Sunroof,Navigation', damage: 'accident,flood', sortBy: 'kilometers', sortOrder: 'asc' },
  ],
  ['deep page 40 by year', { page: 40, limit: 50, sortBy: 'year' }],
  [
    'trim + currency + projection',
    { makeEn: 'Hyundai', gradeEn: 'Exclusive,Calligraphy', currency: 'AED', fields: 'id,title,price,year,kilometers' },
  ],
  ['selective: hydrogen in Seoul', { fuelType: 'Hydrogen', city: 'Seoul' }],
  ['importable to KW (age, damage)', { importableTo: 'KW' }],
  ['importable to JO + make, by price (damage, fuel)', { importableTo: 'JO', makeEn: 'Kia', sortBy: 'price' }],
  ['importable: first registration + engine', { importableTo: 'XX', sortBy: 'kilometers', sortOrder: 'asc' }],
];

const shipped = (country: string) => shippedImportRules().find((r) => r.country === country)!;

/** The rules the importable kinds apply (the use case reads them from the table; the bench names them). */
const RULES: Record<string, ImportRuleText> = {
  KW: shipped('KW'),
  JO: shipped('JO'),
  // A tenant's own rule of the costliest kind: neither field has a sort order, so the rows left are checked one by one.
  XX: { ...shipped('KW'), ageCountedFrom: 'first-registration', engine: { maxCc: 2000 } },
};

/** A fixed order day, so every run matches the same cars. */
const ORDER_DAY = '2026-12-08';

/** The parsed query with its destination's rules on the filter, as GET /cars?importableTo= does. */
export function withImportRules(query: ParsedCarQuery): ParsedCarQuery {
  if (query.importableTo === undefined) return query;
  return { ...query, filter: { ...query.filter, importable: importConditions(RULES[query.importableTo]!, ORDER_DAY) } };
}
