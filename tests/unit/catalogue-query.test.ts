import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { SORT_KEYS, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex, trimsOf, type CarFilter, type Visibility } from '../../lib/catalogue/query.js';

const all: Visibility = { publishedOnly: false };

function car(id: number, over: Partial<CarRow> = {}): CarRow {
  const base: CarRow = {
    id,
    provider: 'glovis',
    advertisementNumber: `GL${id}`,
    title: 'Hyundai Grandeur IG 2.4 Exclusive',
    makeEn: 'Hyundai',
    modelGroupEn: 'Grandeur',
    modelEn: 'Grandeur IG',
    generationCode: 'IG',
    gradeEn: 'Exclusive',
    gradeDetailEn: '2.4 Exclusive',
    year: 2018,
    kilometers: 90_000,
    price: 1590,
    fuelType: 'Gasoline',
    transmission: 'Automatic',
    vehicleType: 'Sedan',
    color: 'White',
    drivetrain: '2WD',
    city: 'Seoul',
    options: ['Sunroof', 'Navigation'],
    damage: [],
    published: true,
    auctionDate: '2026-11-10',
    createdAt: '2026-10-01T00:00:00.000Z',
    thumbnailUrl: 'http://x/thumb.svg',
  };
  return { ...base, ...over };
}

const sample = [
  car(1),
  car(2, {
    makeEn: 'Kia',
    modelGroupEn: 'K5',
    modelEn: 'K5 DL3',
    generationCode: 'DL3',
    gradeEn: 'Noblesse',
    gradeDetailEn: '2.0 Noblesse',
    title: 'Kia K5 DL3 2.0 Noblesse',
    fuelType: 'LPG',
    price: 1800,
    year: 2021,
    kilometers: 40_000,
    provider: 'kcar',
    color: 'Black',
    city: 'Busan',
  }),
  car(3, {
    makeEn: 'BMW',
    modelGroupEn: '5-Series',
    modelEn: '5-Series G30',
    gradeEn: 'M Sport',
    gradeDetailEn: '520d M Sport',
    title: 'BMW 5-Series G30 520d M Sport',
    fuelType: 'Diesel',
    drivetrain: 'AWD',
    price: 2190,
    year: 2017,
    kilometers: 135_000,
    damage: ['accident'],
    options: ['Navigation', 'HUD'],
    published: false,
    provider: 'lotte',
  }),
  car(4, {
    gradeDetailEn: '3.0 Exclusive',
    transmission: 'DCT',
    vehicleType: 'SUV',
    color: 'Gray',
    kilometers: 10_000,
    price: 3000,
    year: 2023,
    damage: ['flood'],
    auctionDate: '2026-11-20',
    createdAt: '2026-10-05T00:00:00.000Z',
  }),
  car(5, {
    makeEn: 'Kia',
    modelGroupEn: 'Sorento',
    modelEn: 'Sorento MQ4',
    gradeEn: 'Signature',
    gradeDetailEn: 'HEV 1.6 Signature',
    title: 'Kia Sorento MQ4 HEV 1.6 Signature',
    fuelType: 'Hybrid',
    drivetrain: '4WD',
    price: 3900,
    city: 'Gyeonggi',
    provider: 'heydealer',
  }),
];
const index = buildIndex(sample);
const ids = (filter: CarFilter, visibility = all) =>
  queryIndex(index, filter, visibility, { sortBy: 'price', sortOrder: 'asc', page: 1, limit: 100 }).rows.map(
    (r) => r.id,
  );
const parse = (query: Partial<CarListQuery>) => {
  const parsed = parseCarQuery({
    page: 1,
    limit: 20,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    ...query,
  } as CarListQuery);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value.filter;
};

describe('each filter alone', () => {
  it.each<[string, Partial<CarListQuery>, number[]]>([
    ['makeEn, case-insensitive', { makeEn: 'kia' }, [2, 5]],
    ['several makes', { makeEn: 'Kia,BMW' }, [2, 3, 5]],
    ['modelEn', { modelEn: 'K5 DL3' }, [2]],
    ['makeModel with a model group', { makeModel: 'Hyundai:Grandeur' }, [1, 4]],
    ['makeModel mixing a make and a pair', { makeModel: 'BMW,Kia:Sorento MQ4' }, [3, 5]],
    ['modelGroupEn', { modelGroupEn: 'sorento' }, [5]],
    ['generationCode', { generationCode: 'DL3' }, [2]],
    ['gradeEn', { gradeEn: 'Exclusive' }, [1, 4]],
    ['trim with raw values', { trim: '3.0 Exclusive|||520d M Sport' }, [3, 4]],
    ['yearFrom', { yearFrom: 2021 }, [2, 4]],
    ['yearTo', { yearTo: 2017 }, [3]],
    ['priceFrom and priceTo', { priceFrom: 1600, priceTo: 3000 }, [2, 3, 4]],
    ['kmFrom', { kmFrom: 100_000 }, [3]],
    ['kmTo', { kmTo: 40_000 }, [4, 2]],
    ['fuelType', { fuelType: 'lpg' }, [2]],
    ['transmission', { transmission: 'DCT' }, [4]],
    ['vehicleType', { vehicleType: 'suv' }, [4]],
    ['color', { color: 'black' }, [2]],
    ['drivetrain', { drivetrain: 'AWD,4WD' }, [3, 5]],
    ['provider', { provider: 'kcar' }, [2]],
    ['published false', { published: false }, [3]],
    ['search: every word, any case', { search: 'KIA signature' }, [5]],
    ['damage exclusions', { damage: 'accident,flood' }, [1, 2, 5]],
    ['options: all required', { options: 'navigation,hud' }, [3]],
    ['city', { city: 'Busan' }, [2]],
  ])('%s', (_label, query, expected) => {
    expect(ids(parse(query)).sort()).toEqual([...expected].sort());
  });

  it('combines filters with AND', () => {
    expect(ids(parse({ makeEn: 'Hyundai', priceFrom: 2000, damage: 'flood' }))).toEqual([]);
    expect(ids(parse({ makeEn: 'Hyundai', options: 'sunroof', yearTo: 2020 }))).toEqual([1]);
  });
});

describe('tenant visibility', () => {
  it('hides providers the storefront does not show and unpublished cars', () => {
    const storefront: Visibility = { providers: new Set(['glovis', 'lotte']), publishedOnly: true };
    expect(ids({}, storefront).sort()).toEqual([1, 4]);
    expect(ids(parse({ published: false }), storefront)).toEqual([]);
  });
});

describe('trims lookup', () => {
  it('groups raw grade texts under their grade, and every value works as a trim filter', () => {
    const trims = trimsOf(index, 'hyundai', 'Grandeur', all);
    expect(trims).toEqual([{ label: 'Exclusive', values: ['2.4 Exclusive', '3.0 Exclusive'], count: 2 }]);
    expect(ids(parse({ trim: trims[0]!.values.join('|||') })).sort()).toEqual([1, 4]);
  });
});

describe('malformed parameters', () => {
  it.each<[string, Partial<CarListQuery>, string]>([
    ['yearFrom after yearTo', { yearFrom: 2020, yearTo: 2010 }, 'yearFrom'],
    ['priceFrom above priceTo', { priceFrom: 3000, priceTo: 100 }, 'priceFrom'],
    ['kmFrom above kmTo', { kmFrom: 9, kmTo: 1 }, 'kmFrom'],
    ['an unknown projection field', { fields: 'id,secretMargin' }, 'fields'],
    ['an unknown damage kind', { damage: 'scratch' }, 'damage'],
    ['a make:model pair with two colons', { makeModel: 'Kia:K5:DL3' }, 'makeModel'],
    ['a make:model pair without a make', { makeModel: ':K5' }, 'makeModel'],
    ['an empty trim list', { trim: '|||' }, 'trim'],
  ])('refuses %s', (_label, query, field) => {
    const parsed = parseCarQuery({
      page: 1,
      limit: 20,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      ...query,
    } as CarListQuery);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.field)).toContain(field);
  });
});

describe('sorting and paging invariants', () => {
  const rowArb = fc.record({
    price: fc.integer({ min: 100, max: 9000 }),
    year: fc.integer({ min: 2010, max: 2025 }),
    kilometers: fc.integer({ min: 0, max: 300_000 }),
    day: fc.integer({ min: 1, max: 28 }),
    makeEn: fc.constantFrom('Hyundai', 'Kia', 'Genesis'),
    published: fc.boolean(),
  });
  const catalogueArb = fc.array(rowArb, { maxLength: 80 }).map((rows) =>
    rows.map((r, i) =>
      car(i + 1, {
        price: r.price,
        year: r.year,
        kilometers: r.kilometers,
        makeEn: r.makeEn,
        published: r.published,
        // Few distinct values, so ties are common and the tie-break is exercised.
        auctionDate: `2026-11-${String((r.day % 4) + 1).padStart(2, '0')}`,
        createdAt: `2026-10-${String((r.day % 3) + 1).padStart(2, '0')}T00:00:00.000Z`,
      }),
    ),
  );

  it('pages never repeat or skip a car, follow the sort, and total counts every match', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.constantFrom(...SORT_KEYS),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        fc.integer({ min: 1, max: 9 }),
        fc.option(fc.constantFrom('Hyundai', 'Kia'), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (rows, sortBy, sortOrder, limit, make, published) => {
          const idx = buildIndex(rows);
          const filter: CarFilter = { makes: make ? new Set([make.toLowerCase()]) : undefined, published };
          const expected = rows.filter(
            (r) => (!make || r.makeEn === make) && (published === undefined || r.published === published),
          );
          const seen: CarRow[] = [];
          let total = -1;
          for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page += 1) {
            const result = queryIndex(idx, filter, all, { sortBy, sortOrder, page, limit });
            total = result.total;
            seen.push(...result.rows);
          }
          expect(total).toBe(expected.length);
          expect(seen.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).sort((a, b) => a - b));
          for (let i = 1; i < seen.length; i += 1) {
            const [a, b] = [seen[i - 1]![sortBy], seen[i]![sortBy]];
            if (sortOrder === 'asc') expect(a <= b).toBe(true);
            else expect(a >= b).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
