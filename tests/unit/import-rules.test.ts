import { describe, expect, it } from 'vitest';
import { shippedImportRules } from '../../lib/store/shipped-import-rules.js';
import {
  ageReferenceDay,
  ARRIVAL_ALLOWANCE_DAYS,
  completedYears,
  evaluateImport,
  importConditions,
  type ImportRuleText,
} from '../../lib/domain/import-rules.js';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex } from '../../lib/catalogue/query.js';
import { countryCodeOf, isCountryCode } from '../../lib/text/countries.js';

const rule = (over: Partial<ImportRuleText> = {}): ImportRuleText => ({
  maxAgeYears: 5,
  ageCountedFrom: 'model-year',
  ageCountedTo: 'order',
  refusedDamage: [],
  fuelTypesRefused: [],
  documents: ['Certificate of origin'],
  permits: [],
  note: '',
  source: 'Test source',
  asOf: '2026-12-01',
  confirmed: true,
  ...over,
});

describe('counting a car age', () => {
  it('counts whole years, a day short of the anniversary being one fewer', () => {
    expect(completedYears('2021-03-01', '2026-02-28')).toBe(4);
    expect(completedYears('2021-03-01', '2026-03-01')).toBe(5);
    expect(completedYears('2021-01-01', '2026-12-31')).toBe(5);
  });

  it('counts to the order day, or to the arrival: the ETA, else the order day plus the allowance', () => {
    expect(ageReferenceDay({ ageCountedTo: 'order' }, '2026-12-08', '2027-02-01')).toBe('2026-12-08');
    expect(ageReferenceDay({ ageCountedTo: 'arrival' }, '2026-12-08', '2027-01-20T00:00:00Z')).toBe('2027-01-20');
    expect(ARRIVAL_ALLOWANCE_DAYS).toBe(60);
    expect(ageReferenceDay({ ageCountedTo: 'arrival' }, '2026-12-08')).toBe('2027-02-06');
  });
});

describe('evaluating a car against a destination', () => {
  it('by model year to the order date: the limit year is in, the year before is out, at either end of the year', () => {
    const kw = rule();
    expect(evaluateImport('KW', kw, { year: 2021 }, '2026-12-31').allowed).toBe(true);
    expect(evaluateImport('KW', kw, { year: 2021 }, '2026-01-01').allowed).toBe(true);
    const old = evaluateImport('KW', kw, { year: 2020 }, '2026-01-01');
    expect(old.allowed).toBe(false);
    expect(old.reasons).toEqual([
      {
        rule: 'maxAgeYears',
        message: expect.stringContaining('at most 5 years old'),
        source: 'Test source',
      },
    ]);
    expect(old.reasons[0]!.message).toContain('this one is 6 on 2026-01-01');
  });

  it('by model year to the arrival: a car that is in on the order day can be out when it lands', () => {
    const arrival = rule({ ageCountedTo: 'arrival' });
    expect(evaluateImport('XX', rule(), { year: 2021 }, '2026-12-08').allowed).toBe(true);
    expect(evaluateImport('XX', arrival, { year: 2021 }, '2026-12-08').allowed).toBe(false);
    expect(evaluateImport('XX', arrival, { year: 2021 }, '2026-12-08', '2026-12-30').allowed).toBe(true);
  });

  it('by first registration: the month it was registered, to the day', () => {
    const byRegistration = rule({ ageCountedFrom: 'first-registration' });
    const car = { year: 2020, firstRegistration: '2021-03' };
    expect(evaluateImport('XX', byRegistration, car, '2026-02-28').allowed).toBe(true);
    expect(evaluateImport('XX', byRegistration, car, '2026-03-01').allowed).toBe(true);
    expect(evaluateImport('XX', byRegistration, car, '2027-03-01').allowed).toBe(false);
    // The same car by model year is 6 in 2026.
    expect(evaluateImport('XX', rule(), car, '2026-02-28').allowed).toBe(false);
  });

  it('by first registration without one: the model year stands in, and the check says so', () => {
    const check = evaluateImport('XX', rule({ ageCountedFrom: 'first-registration' }), { year: 2021 }, '2026-06-01');
    expect(check.allowed).toBe(true);
    expect(check.unchecked).toEqual([{ rule: 'maxAgeYears', message: expect.stringContaining('model year') }]);
  });

  it('refuses the damage kinds the rule names, and only those', () => {
    const sa = rule({ refusedDamage: ['flood', 'total_loss'] });
    expect(evaluateImport('SA', sa, { year: 2024, damage: ['accident'] }, '2026-12-08').allowed).toBe(true);
    const flooded = evaluateImport('SA', sa, { year: 2024, damage: ['accident', 'flood'] }, '2026-12-08');
    expect(flooded.allowed).toBe(false);
    expect(flooded.reasons.map((r) => r.rule)).toEqual(['refusedDamage']);
    expect(flooded.reasons[0]!.message).toContain('flood');
  });

  it('names every failing rule at once', () => {
    const strict = rule({ refusedDamage: ['flood'], fuelTypesRefused: ['Diesel'], engine: { maxCc: 2000 } });
    const check = evaluateImport(
      'JO',
      strict,
      { year: 2015, damage: ['flood'], fuelType: 'Diesel', displacement: 2199 },
      '2026-12-08',
    );
    expect(check.reasons.map((r) => r.rule)).toEqual(['maxAgeYears', 'refusedDamage', 'engine', 'fuelTypesRefused']);
  });

  it('holds engine limits at their bounds, and leaves an unknown engine unchecked rather than refused', () => {
    const engine = rule({ maxAgeYears: undefined, engine: { minCc: 1000, maxCc: 2000 } });
    expect(evaluateImport('XX', engine, { displacement: 2000 }, '2026-12-08').allowed).toBe(true);
    expect(evaluateImport('XX', engine, { displacement: 1000 }, '2026-12-08').allowed).toBe(true);
    expect(evaluateImport('XX', engine, { displacement: 2001 }, '2026-12-08').allowed).toBe(false);
    expect(evaluateImport('XX', engine, { displacement: 999 }, '2026-12-08').allowed).toBe(false);
    const unknown = evaluateImport('XX', engine, {}, '2026-12-08');
    expect(unknown.allowed).toBe(true);
    expect(unknown.unchecked.map((u) => u.rule)).toEqual(['engine']);
  });

  it('a rule without an age limit takes a car of any age; a country without a rule takes everything', () => {
    const ae = rule({ maxAgeYears: undefined, refusedDamage: ['flood'] });
    expect(evaluateImport('AE', ae, { year: 1990, damage: [] }, '2026-12-08').allowed).toBe(true);
    const none = evaluateImport('FR', undefined, { year: 1950, damage: ['flood'] }, '2026-12-08');
    expect(none).toMatchObject({ allowed: true, ruled: false, reasons: [], documents: [] });
  });

  it("a tenant's own rule is judged instead of the default: stricter or looser", () => {
    const defaultKw = rule();
    const tenantKw = rule({ maxAgeYears: 10 });
    const car = { year: 2018 };
    expect(evaluateImport('KW', defaultKw, car, '2026-12-08').allowed).toBe(false);
    expect(evaluateImport('KW', tenantKw, car, '2026-12-08').allowed).toBe(true);
  });

  it('lists the Korean permit only for engines over its size (and for an unknown engine)', () => {
    const ru = shippedImportRules().find((r) => r.country === 'RU')!;
    expect(evaluateImport('RU', ru, { year: 2020, displacement: 2000 }, '2026-12-08').permits).toEqual([]);
    expect(evaluateImport('RU', ru, { year: 2020, displacement: 2497 }, '2026-12-08').permits).toHaveLength(1);
    expect(evaluateImport('RU', ru, { year: 2020 }, '2026-12-08').permits).toHaveLength(1);
  });
});

describe('the shipped defaults', () => {
  it('cover the Gulf and the usual re-export destinations, each with a source and a date', () => {
    const countries = shippedImportRules()
      .map((r) => r.country)
      .sort();
    expect(countries).toEqual(
      expect.arrayContaining(['AE', 'SA', 'KW', 'QA', 'OM', 'BH', 'JO', 'IQ', 'KZ', 'KG', 'RU']),
    );
    for (const r of shippedImportRules()) {
      expect(isCountryCode(r.country)).toBe(true);
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(shippedImportRules().find((r) => r.country === 'KW')!.maxAgeYears).toBe(5);
    expect(shippedImportRules().find((r) => r.country === 'OM')!.maxAgeYears).toBe(7);
    expect(shippedImportRules().find((r) => r.country === 'AE')!.maxAgeYears).toBeUndefined();
  });
});

describe('countries named in English or Arabic', () => {
  it('reads codes and names, and refuses what names no country', () => {
    expect(countryCodeOf('kw')).toBe('KW');
    expect(countryCodeOf('Saudi Arabia')).toBe('SA');
    expect(countryCodeOf('السعودية')).toBe('SA');
    expect(countryCodeOf('الإمارات العربية المتحدة')).toBe('AE');
    expect(countryCodeOf('Russia')).toBe('RU');
    expect(countryCodeOf('Narnia')).toBeUndefined();
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
  });
});

describe('the catalogue filter agrees with the car check', () => {
  const base: CarRow = toRow({
    id: 0,
    provider: 'glovis',
    advertisementNumber: 'A',
    title: 'Car',
    makeEn: 'Hyundai',
    modelGroupEn: 'Santa Fe',
    modelEn: 'Santa Fe TM',
    gradeEn: 'Premium',
    year: 2020,
    kilometers: 1,
    price: 1000,
    fuelType: 'Gasoline',
    transmission: 'Automatic',
    vehicleType: 'SUV',
    color: 'White',
    drivetrain: 'AWD',
    city: 'Seoul',
    options: [],
    damage: [],
    published: true,
    auctionDate: '2026-12-01',
    createdAt: '2026-12-01T00:00:00.000Z',
    thumbnailUrl: 's3://bucket/x.jpg',
  } as CarRow);
  // Every combination of the fields the rules read, around each bound.
  const rows: CarRow[] = [];
  let id = 1;
  for (const year of [2015, 2019, 2020, 2021, 2022, 2025])
    for (const firstRegistration of [undefined, `${year}-01`, `${year + 1}-11`, '2021-12', '2020-12'])
      for (const damage of [[], ['flood'], ['accident']] as CarRow['damage'][])
        for (const fuelType of ['Gasoline', 'Diesel'] as const)
          for (const displacement of [undefined, 1600, 2000, 2001])
            rows.push({ ...base, id: id++, year, firstRegistration, damage, fuelType, displacement });
  const index = buildIndex(rows);
  const page = { page: 1, limit: 100_000, sortBy: 'createdAt' as const, sortOrder: 'asc' as const };
  const rules: Array<[string, ImportRuleText]> = [
    ['model year to order', rule({ refusedDamage: ['flood'] })],
    ['model year to arrival', rule({ ageCountedTo: 'arrival', fuelTypesRefused: ['Diesel'] })],
    ['first registration', rule({ ageCountedFrom: 'first-registration', maxAgeYears: 4 })],
    ['engine limits', rule({ maxAgeYears: undefined, engine: { minCc: 1700, maxCc: 2000 } })],
    ...shippedImportRules().map((r): [string, ImportRuleText] => [r.country, r]),
  ];
  for (const day of ['2026-01-01', '2026-11-30', '2026-12-31'])
    it.each(rules)(`%s, ordered on ${day}`, (_name, r) => {
      const listed = queryIndex(index, { importable: importConditions(r, day) }, { publishedOnly: false }, page).rows;
      const expected = rows.filter((car) => evaluateImport('XX', r, car, day).allowed).map((car) => car.id);
      expect(listed.map((car) => car.id).sort((a, b) => a - b)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    });

  it('agrees at a size where the list uses its prefix sets (over 65,536 cars)', () => {
    const many: CarRow[] = [];
    for (let copy = 0; copy < 100; copy += 1) for (const row of rows) many.push({ ...row, id: many.length + 1 });
    const big = buildIndex(many);
    for (const [, r] of [rules[2]!, rules[3]!, rules[0]!]) {
      const listed = queryIndex(big, { importable: importConditions(r, '2026-11-30') }, { publishedOnly: false }, page);
      const expected = many.filter((car) => evaluateImport('XX', r, car, '2026-11-30').allowed).length;
      expect(listed.total).toBe(expected);
    }
  });
});
