/**
 * The car list engine (row lists per value, row sets, pages cut by rank or by walking the sort
 * order) answers exactly what the previous engine answered (a scan of every row through per-row
 * checks, kept as the catalogue bench's baseline): same total, same page, for random filters,
 * sorts and pages over a generated catalogue.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { SORT_KEYS, toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex, type CarFilter, type Visibility } from '../../lib/catalogue/query.js';
import { previousIndex, previousQueryIndex } from '../../scripts/bench/_previous-catalogue-query.js';
import { generateCars } from '../../scripts/demo-catalogue/generate.js';

const rows: CarRow[] = [];
for (const car of generateCars({ count: 3000, seed: 7, imageBaseUrl: 'http://127.0.0.1/img' })) rows.push(toRow(car));
const index = buildIndex(rows);
const previous = previousIndex(rows);
const valuesOf = (pick: (row: CarRow) => string | undefined) => [
  ...new Set(rows.map((r) => (pick(r) ?? '').toLowerCase())),
];
const some = (values: string[]) =>
  fc.option(
    fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 3 }).map((v) => new Set(v)),
    { nil: undefined },
  );
const range = (min: number, max: number) => fc.option(fc.integer({ min, max }), { nil: undefined });
const optionNames = [...new Set(rows.flatMap((r) => r.options))];
const titleWords = [...new Set(rows.flatMap((r) => r.title.toLowerCase().split(/[\s,/()|:;]+/)))].filter(
  (w) => w.length > 1,
);

const filterArb: fc.Arbitrary<CarFilter> = fc.record(
  {
    makes: some(valuesOf((r) => r.makeEn)),
    models: some(valuesOf((r) => r.modelEn)),
    fuelTypes: some(valuesOf((r) => r.fuelType)),
    cities: some(valuesOf((r) => r.city)),
    colors: some(valuesOf((r) => r.color)),
    trims: some(valuesOf((r) => r.gradeDetailEn ?? r.gradeEn)),
    providers: some(valuesOf((r) => r.provider)),
    yearFrom: range(2005, 2025),
    yearTo: range(2005, 2025),
    priceFrom: range(0, 6000),
    priceTo: range(0, 9000),
    kmTo: range(0, 250_000),
    published: fc.option(fc.boolean(), { nil: undefined }),
    excludeDamage: fc.option(
      fc.uniqueArray(fc.constantFrom('accident', 'flood', 'total_loss'), { minLength: 1 }).map((v) => new Set(v)),
      { nil: undefined },
    ),
    requireOptions: fc.option(fc.uniqueArray(fc.constantFrom(...optionNames), { minLength: 1, maxLength: 2 }), {
      nil: undefined,
    }),
    words: fc.option(
      fc.uniqueArray(
        fc.constantFrom(...titleWords).map((w) => w.slice(0, Math.max(2, w.length - 1))),
        { minLength: 1, maxLength: 2 },
      ),
      { nil: undefined },
    ),
    makeModel: fc.option(
      fc.array(
        fc
          .constantFrom(...rows.slice(0, 200))
          .chain((r) =>
            fc.constantFrom(
              { make: r.makeEn.toLowerCase() },
              { make: r.makeEn.toLowerCase(), model: r.modelGroupEn.toLowerCase() },
              { make: r.makeEn.toLowerCase(), model: r.modelEn.toLowerCase() },
            ),
          ),
        { minLength: 1, maxLength: 3 },
      ),
      { nil: undefined },
    ),
  },
  { requiredKeys: [] },
);
const visibilityArb: fc.Arbitrary<Visibility> = fc.record(
  {
    publishedOnly: fc.boolean(),
    providers: fc.option(
      fc
        .uniqueArray(fc.constantFrom('glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer'), { minLength: 1 })
        .map((v) => new Set(v)),
      { nil: undefined },
    ),
  },
  { requiredKeys: ['publishedOnly'] },
);

describe('the car list engine', () => {
  it('answers every query as the scanning engine did: same total and same page', () => {
    fc.assert(
      fc.property(
        filterArb,
        visibilityArb,
        fc.constantFrom(...SORT_KEYS),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        (filter, visibility, sortBy, sortOrder, page, limit) => {
          const request = { sortBy, sortOrder, page, limit };
          const now = queryIndex(index, filter, visibility, request);
          const before = previousQueryIndex(previous, filter, visibility, request);
          expect(now.total).toBe(before.total);
          expect(now.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('answers broad queries (thousands of matches, walked in sort order) and narrow ones (cut by rank) alike', () => {
    const broad = queryIndex(
      index,
      {},
      { publishedOnly: false },
      { sortBy: 'price', sortOrder: 'desc', page: 3, limit: 20 },
    );
    const narrow = queryIndex(
      index,
      { fuelTypes: new Set(['hydrogen']) },
      { publishedOnly: false },
      { sortBy: 'price', sortOrder: 'desc', page: 1, limit: 20 },
    );

    expect(broad.total).toBe(3000);
    expect(broad.rows.map((r) => r.id)).toEqual(
      previousQueryIndex(
        previous,
        {},
        { publishedOnly: false },
        { sortBy: 'price', sortOrder: 'desc', page: 3, limit: 20 },
      ).rows.map((r) => r.id),
    );
    expect(narrow.total).toBe(rows.filter((r) => r.fuelType.toLowerCase() === 'hydrogen').length);
    expect(narrow.rows.map((r) => r.id)).toEqual(
      previousQueryIndex(
        previous,
        { fuelTypes: new Set(['hydrogen']) },
        { publishedOnly: false },
        { sortBy: 'price', sortOrder: 'desc', page: 1, limit: 20 },
      ).rows.map((r) => r.id),
    );
  });
});
