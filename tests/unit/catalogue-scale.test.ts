/**
 * The car list at scale and on unusual data: from 65,536 cars the engine answers ranges from
 * prefix sets of each sort order and skips ahead in an order when the matches lie far into it;
 * the index keeps whatever the rows hold (ids that do not ascend, options in no common order,
 * prices with decimals, instants that are not ISO texts, titles that never repeat); a VPOCAT2
 * snapshot (the format before) still loads. Every answer is checked against the previous engine
 * (a scan of every row, kept as the bench's baseline).
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allRows, buildIndex, buildIndexFrom } from '../../lib/catalogue/catalogue-index.js';
import { SORT_KEYS, toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex, trimsOf, type CarFilter, type Visibility } from '../../lib/catalogue/query.js';
import { decodeSnapshot } from '../../lib/catalogue/snapshot.js';
import { decodeAnySnapshot } from '../../lib/catalogue/snapshot-older.js';
import { encodeSnapshot } from '../../lib/catalogue/snapshot-writer.js';
import { previousIndex, previousQueryIndex } from '../../scripts/bench/_previous-catalogue-query.js';
import { generateCars } from '../../scripts/demo-catalogue/generate.js';

const generated = (count: number, seed: number): CarRow[] =>
  [...generateCars({ count, seed, imageBaseUrl: 'http://127.0.0.1/img' })].map((car) => toRow(car));

const everyone: Visibility = { publishedOnly: false };
const storefront: Visibility = { publishedOnly: true, providers: new Set(['glovis', 'kcar', 'lotte', 'sk']) };

describe('the car list at scale (prefix sets, skipping ahead)', () => {
  const rows = generated(70_000, 3);
  const { index } = decodeSnapshot(encodeSnapshot('v-scale', buildIndexFrom(rows)));
  const previous = previousIndex(rows);
  const same = (filter: CarFilter, visibility: Visibility, request: Parameters<typeof queryIndex>[3]) => {
    const now = queryIndex(index, filter, visibility, request);
    const before = previousQueryIndex(previous, filter, visibility, request);
    expect(now.total).toBe(before.total);
    expect(now.rows.map((r) => r.id)).toEqual(before.rows.map((r) => r.id));
  };

  it('answers ranges of every width, alone and with other conditions, as the scan did', () => {
    const range = (min: number, max: number) => fc.option(fc.integer({ min, max }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.record(
          {
            yearFrom: range(2000, 2026),
            yearTo: range(2000, 2026),
            priceFrom: range(0, 8000),
            priceTo: range(0, 12_000),
            kmFrom: range(0, 200_000),
            kmTo: range(0, 300_000),
            fuelTypes: fc.option(
              fc.constantFrom(new Set(['gasoline', 'hybrid']), new Set(['diesel']), new Set(['hydrogen'])),
              { nil: undefined },
            ),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(everyone, storefront),
        fc.constantFrom(...SORT_KEYS),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.integer({ min: 1, max: 40 }),
        (filter, visibility, sortBy, sortOrder, page) =>
          same(filter, visibility, { sortBy, sortOrder, page, limit: 20 }),
      ),
      { numRuns: 120 },
    );
  });

  it('pages matches that lie far into the sort order (large cars by price, either way, deep pages) as the scan did', () => {
    const pairs = [
      [
        { make: 'hyundai', model: 'grandeur' },
        { make: 'kia', model: 'k8' },
      ],
      [{ make: 'genesis' }],
      [{ make: 'hyundai', model: 'porter' }],
    ];
    for (const makeModel of pairs)
      for (const sortBy of SORT_KEYS)
        for (const sortOrder of ['asc', 'desc'] as const)
          for (const page of [1, 2, 37, 400]) same({ makeModel }, storefront, { sortBy, sortOrder, page, limit: 20 });
    same({ fuelTypes: new Set(['electric']) }, everyone, { sortBy: 'price', sortOrder: 'desc', page: 3, limit: 50 });
    for (const page of [1, 9, 120]) {
      same({ yearFrom: 2021 }, everyone, { sortBy: 'year', sortOrder: 'asc', page, limit: 20 });
      same({ kmTo: 30_000 }, storefront, { sortBy: 'kilometers', sortOrder: 'desc', page, limit: 20 });
      same({ priceFrom: 4000 }, everyone, { sortBy: 'price', sortOrder: 'asc', page, limit: 20 });
      same({ yearTo: 2012 }, everyone, { sortBy: 'createdAt', sortOrder: 'desc', page, limit: 20 });
    }
  });

  it('lists the same trims and keeps every car through the snapshot', () => {
    expect(trimsOf(index, 'Kia', 'K8', storefront)).toEqual(trimsOf(buildIndex(rows.slice()), 'Kia', 'K8', storefront));
    expect(allRows(index)).toEqual(rows);
  });
});

describe('the index keeps whatever the rows hold', () => {
  const base = generated(1500, 9);
  // Ids that do not ascend, options in no common order, prices with decimals, instants written
  // another way, titles that never repeat, advertisement numbers without digits.
  const odd = base
    .map((row, i) =>
      toRow({
        ...row,
        id: (i * 7919) % 100_003,
        options: i % 3 === 0 ? [...row.options].reverse() : row.options,
        price: i % 5 === 0 ? row.price + 0.5 : row.price,
        kilometers: i % 11 === 0 ? row.kilometers + 0.25 : row.kilometers,
        createdAt: i % 13 === 0 ? row.createdAt.replace('T', ' ') : row.createdAt,
        title: `${row.title} #${i}`,
        advertisementNumber: i % 17 === 0 ? `ad-${row.advertisementNumber}-x` : row.advertisementNumber,
      }),
    )
    .reverse();
  const previous = previousIndex(odd);

  it('gives every car back exactly, built at once or from rows one at a time, through the snapshot', () => {
    const built = buildIndex(odd);
    expect(allRows(built)).toEqual(odd);
    expect(allRows(buildIndexFrom(odd.values()))).toEqual(odd);
    expect(allRows(decodeSnapshot(encodeSnapshot('v-odd', built)).index)).toEqual(odd);
  });

  it('answers as the scan did', () => {
    const { index } = decodeSnapshot(encodeSnapshot('v-odd', buildIndex(odd)));
    const filters: CarFilter[] = [
      {},
      { words: ['sorento', '#1'] },
      { priceFrom: 1000.5, priceTo: 3000 },
      { kmTo: 50_000, requireOptions: ['Sunroof'] },
      { excludeDamage: new Set(['accident']), makes: new Set(['kia']) },
    ];
    for (const filter of filters)
      for (const sortBy of SORT_KEYS)
        for (const sortOrder of ['asc', 'desc'] as const) {
          const request = { sortBy, sortOrder, page: 2, limit: 15 };
          const now = queryIndex(index, filter, storefront, request);
          const before = previousQueryIndex(previous, filter, storefront, request);
          expect(now.total).toBe(before.total);
          expect(now.rows).toEqual(before.rows);
        }
    const byId = [...odd].sort((a, b) => a.id - b.id);
    expect(byId.map((row) => index.id[index.byId[byId.indexOf(row)]!])).toEqual(byId.map((row) => row.id));
  });
});

describe('an empty catalogue and one of a single car', () => {
  it('answer every query, through the snapshot too', () => {
    for (const rows of [[], generated(1, 4)]) {
      const { index } = decodeSnapshot(encodeSnapshot('v-tiny', buildIndex(rows)));
      expect(allRows(index)).toEqual(rows);
      for (const sortBy of SORT_KEYS) {
        const request = { sortBy, sortOrder: 'asc' as const, page: 1, limit: 20 };
        expect(queryIndex(index, {}, storefront, request)).toEqual(
          queryIndex(buildIndex(rows), {}, storefront, request),
        );
        expect(
          queryIndex(
            index,
            { yearFrom: 2000, words: ['a'], makeModel: [{ make: 'kia', model: 'k8' }] },
            everyone,
            request,
          ).total,
        ).toBe(0);
      }
      expect(trimsOf(index, 'Kia', undefined, everyone)).toEqual(trimsOf(buildIndex(rows), 'Kia', undefined, everyone));
    }
  });
});

describe('a snapshot of the format before (VPOCAT2)', () => {
  it('is read for its conversion, every car as it was, answering as an index built now', () => {
    // The format before carried neither engine size nor first registration: they come back unknown.
    const rows = generated(150, 5).map((row) => ({ ...row, displacement: undefined, firstRegistration: undefined }));
    const { version, index } = decodeAnySnapshot(
      readFileSync(new URL('./fixtures/catalogue-150-cars.vpocat2.gz', import.meta.url)),
    );
    const built = buildIndex(rows);

    expect(version).toBe('v-vpocat2');
    expect(allRows(index)).toEqual(rows);
    for (const filter of [
      {},
      { words: ['sorento'] },
      { yearFrom: 2019, priceTo: 3000 },
      { makeModel: [{ make: 'hyundai', model: 'grandeur' }] },
    ])
      for (const sortBy of SORT_KEYS) {
        const request = { sortBy, sortOrder: 'desc' as const, page: 1, limit: 10 };
        expect(queryIndex(index, filter, storefront, request)).toEqual(queryIndex(built, filter, storefront, request));
      }
    expect(trimsOf(index, 'Hyundai', undefined, everyone)).toEqual(trimsOf(built, 'Hyundai', undefined, everyone));
  });
});
