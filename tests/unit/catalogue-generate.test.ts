import { describe, expect, it } from 'vitest';
import {
  DAMAGE_KINDS,
  DRIVETRAINS,
  FUEL_TYPES,
  TRANSMISSIONS,
  VEHICLE_TYPES,
  type CarRecord,
} from '../../lib/domain/car.js';
import {
  advertisementNumber,
  CAR_COLORS,
  CITIES,
  DEFAULT_NOW,
  findModelGroup,
  generateCar,
  generateCars,
  generateCatalogue,
  OPTIONS,
  PROVIDER_AUCTION_WEEKDAY,
  Rng,
  vinCheckDigit,
} from '../../scripts/demo-catalogue/generate.js';
import { demoImageFiles } from '../../scripts/demo-catalogue/images.js';
import { parseCatalogueLines } from '../../lib/use-cases/import-catalogue.js';
import { PROVIDERS } from '../../lib/domain/car.js';

const BASE = 'https://img.test/cars';
const DAY_MS = 86_400_000;

/** The cars for which `check` returns a problem, with it; expect this to be empty. */
function violations(cars: CarRecord[], check: (car: CarRecord) => string | undefined): string[] {
  const out: string[] = [];
  for (const car of cars) {
    const problem = check(car);
    if (problem !== undefined && out.length < 5) out.push(`#${car.id} ${car.title}: ${problem}`);
  }
  return out;
}

/** Months from first registration to `now`, as years (at least one month), as the generator counts age. */
function ageYears(car: CarRecord, now: Date): number {
  const [y, m] = (car.firstRegistration ?? '').split('-').map(Number);
  const months = now.getUTCFullYear() * 12 + now.getUTCMonth() - ((y ?? 0) * 12 + (m ?? 1) - 1);
  return Math.max(1, months) / 12;
}

describe('generateCatalogue: determinism', () => {
  it('gives identical output for the same seed', () => {
    const a = generateCatalogue({ count: 500, seed: 7, imageBaseUrl: BASE });
    const b = generateCatalogue({ count: 500, seed: 7, imageBaseUrl: BASE });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });

  it('gives different output for different seeds', () => {
    const a = generateCatalogue({ count: 200, seed: 1, imageBaseUrl: BASE });
    const b = generateCatalogue({ count: 200, seed: 2, imageBaseUrl: BASE });
    const same = a.filter(
      (car, i) => car.title === b[i]?.title && car.price === b[i]?.price && car.kilometers === b[i]?.kilometers,
    );
    expect(same.length).toBeLessThan(5);
  });

  it('makes each car depend only on seed and id, so a catalogue can be generated in chunks', () => {
    const whole = generateCatalogue({ count: 300, seed: 99, imageBaseUrl: BASE, startId: 1 });
    const chunks = [
      ...generateCatalogue({ count: 100, seed: 99, imageBaseUrl: BASE, startId: 1 }),
      ...generateCatalogue({ count: 150, seed: 99, imageBaseUrl: BASE, startId: 101 }),
      ...generateCars({ count: 50, seed: 99, imageBaseUrl: BASE, startId: 251 }),
    ];
    expect(chunks).toEqual(whole);
  });

  it('does not depend on the clock: now defaults to a fixed date', () => {
    const a = generateCatalogue({ count: 50, seed: 3, imageBaseUrl: BASE });
    const b = generateCatalogue({ count: 50, seed: 3, imageBaseUrl: BASE, now: DEFAULT_NOW });
    expect(a).toEqual(b);
  });

  it('generateCar is a pure function of the rng state, id and context', () => {
    const ctx = { imageBaseUrl: BASE };
    expect(generateCar(new Rng(5), 42, ctx)).toEqual(generateCar(new Rng(5), 42, ctx));
  });

  it('keeps model years and registrations before an earlier reference date', () => {
    const now = new Date('2015-06-15T00:00:00Z');
    const cars = generateCatalogue({ count: 2_000, seed: 4, imageBaseUrl: BASE, now });
    expect(Math.max(...cars.map((c) => c.year))).toBeLessThanOrEqual(2015);
    expect(cars.every((c) => (c.firstRegistration ?? '') <= '2015-06')).toBe(true);
    expect(cars.every((c) => c.createdAt < now.toISOString() && c.auctionDate >= '2015-06-15')).toBe(true);
    expect(cars.some((c) => c.modelGroupEn === 'Palisade')).toBe(false);
  });

  it('rejects bad options', () => {
    expect(() => generateCatalogue({ count: -1, seed: 1, imageBaseUrl: BASE })).toThrow(RangeError);
    expect(() => generateCatalogue({ count: 1.5, seed: 1, imageBaseUrl: BASE })).toThrow(RangeError);
    expect(() => generateCatalogue({ count: 1, seed: 0.5, imageBaseUrl: BASE })).toThrow(RangeError);
    expect(() => generateCatalogue({ count: 1, seed: 1, imageBaseUrl: BASE, startId: 0 })).toThrow(RangeError);
    expect(generateCatalogue({ count: 0, seed: 1, imageBaseUrl: BASE })).toEqual([]);
  });
});

describe('generateCatalogue: field domains', () => {
  const now = DEFAULT_NOW;
  const startId = 1000;
  const cars = generateCatalogue({ count: 20_000, seed: 2026, imageBaseUrl: `${BASE}/`, startId });
  const colors: readonly string[] = CAR_COLORS;
  const cities = new Set(CITIES.map(([c]) => c));
  const optionNames = new Set(OPTIONS.map((o) => o.name));
  // KST calendar date of `now`, as UTC midnight
  const kst = new Date(now.getTime() + 9 * 3_600_000);
  const kstToday = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate());

  it('numbers ids consecutively from startId', () => {
    expect(cars).toHaveLength(20_000);
    expect(cars.every((car, i) => car.id === startId + i)).toBe(true);
  });

  it('keeps every enumerated field inside its domain', () => {
    const inList = (list: readonly string[], value: string) => list.includes(value);
    const bad = violations(cars, (car) => {
      if (!inList(PROVIDERS, car.provider)) return `provider ${car.provider}`;
      if (!inList(FUEL_TYPES, car.fuelType)) return `fuelType ${car.fuelType}`;
      if (!inList(TRANSMISSIONS, car.transmission)) return `transmission ${car.transmission}`;
      if (!inList(VEHICLE_TYPES, car.vehicleType)) return `vehicleType ${car.vehicleType}`;
      if (!inList(DRIVETRAINS, car.drivetrain)) return `drivetrain ${car.drivetrain}`;
      if (!colors.includes(car.color)) return `color ${car.color}`;
      if (!cities.has(car.city)) return `city ${car.city}`;
      if (!car.damage.every((d) => inList(DAMAGE_KINDS, d)) || new Set(car.damage).size !== car.damage.length)
        return `damage ${car.damage.join()}`;
      if (!car.options.every((o) => optionNames.has(o)) || new Set(car.options).size !== car.options.length)
        return `options ${car.options.join()}`;
      if (car.options.includes('Sunroof') && car.options.includes('Panoramic sunroof')) return 'two sunroofs';
      if (!Number.isInteger(car.ownerChanges) || car.ownerChanges < 0 || car.ownerChanges > 4)
        return `ownerChanges ${car.ownerChanges}`;
      if (typeof car.published !== 'boolean') return 'published';
      if (car.seats === undefined || !Number.isInteger(car.seats) || car.seats < 2 || car.seats > 12)
        return `seats ${car.seats}`;
      return undefined;
    });
    expect(bad).toEqual([]);
  });

  it('every value of every enumeration occurs', () => {
    const seen = (pick: (c: CarRecord) => string | string[]) => new Set(cars.flatMap((c) => pick(c)));
    expect([...seen((c) => c.fuelType)].sort()).toEqual([...FUEL_TYPES].sort());
    expect([...seen((c) => c.transmission)].sort()).toEqual([...TRANSMISSIONS].sort());
    expect([...seen((c) => c.vehicleType)].sort()).toEqual([...VEHICLE_TYPES].sort());
    expect([...seen((c) => c.drivetrain)].sort()).toEqual([...DRIVETRAINS].sort());
    expect([...seen((c) => c.damage)].sort()).toEqual([...DAMAGE_KINDS].sort());
    expect([...seen((c) => c.provider)].sort()).toEqual([...PROVIDERS].sort());
    expect(seen((c) => c.city).size).toBe(cities.size);
  });

  it('builds names consistently: title, model with generation, grade inside the raw trim', () => {
    const bad = violations(cars, (car) => {
      if (car.title !== `${car.makeEn} ${car.modelEn} ${car.gradeDetailEn}`) return 'title';
      if (!car.gradeDetailEn?.includes(car.gradeEn)) return 'grade not in trim';
      const model = findModelGroup(car.makeEn, car.modelGroupEn);
      if (!model) return 'unknown model group';
      if (!model.grades.includes(car.gradeEn)) return `grade ${car.gradeEn}`;
      if (car.vehicleType !== model.body) return 'body';
      const generation = model.generations.find(
        (g) => (g.name ?? (g.code ? `${model.group} ${g.code}` : model.group)) === car.modelEn,
      );
      if (!generation) return `model ${car.modelEn}`;
      if (generation.code !== car.generationCode) return `generation code ${car.generationCode}`;
      if (car.year < generation.from || car.year > generation.to)
        return `year ${car.year} outside ${generation.from}-${generation.to}`;
      return undefined;
    });
    expect(bad).toEqual([]);
    expect(cars.find((c) => c.modelEn === 'Grandeur IG')?.generationCode).toBe('IG');
  });

  it('shares each grade between several raw trims', () => {
    const trims = new Map<string, Set<string>>();
    for (const car of cars) {
      const key = `${car.modelEn}|${car.gradeEn}`;
      trims.set(key, (trims.get(key) ?? new Set()).add(car.gradeDetailEn ?? ''));
    }
    const exclusive = trims.get('Grandeur IG|Exclusive');
    expect(exclusive?.size).toBeGreaterThan(5);
    expect([...(exclusive ?? [])]).toContain('2.4 Exclusive');
  });

  it('keeps years, first registration and mileage plausible', () => {
    let kmPerYearSum = 0;
    const today = now.toISOString().slice(0, 10);
    const bad = violations(cars, (car) => {
      if (car.year < 2012 || car.year > 2025) return `year ${car.year}`;
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(car.firstRegistration ?? ''))
        return `firstRegistration ${car.firstRegistration}`;
      const regYear = Number(car.firstRegistration?.slice(0, 4));
      if (regYear !== car.year && regYear !== car.year - 1)
        return `registered ${car.firstRegistration} for model year ${car.year}`;
      if (`${car.firstRegistration}-01` > today) return 'registered in the future';
      const age = ageYears(car, now);
      kmPerYearSum += car.kilometers / age;
      if (!Number.isInteger(car.kilometers)) return 'km not an integer';
      if (car.kilometers < Math.floor(3_000 * age) || car.kilometers > 45_000 * age + 1_000)
        return `${car.kilometers} km at ${age.toFixed(1)} years`;
      return undefined;
    });
    expect(bad).toEqual([]);
    const mean = kmPerYearSum / cars.length;
    expect(mean).toBeGreaterThan(12_000);
    expect(mean).toBeLessThan(15_500);
  });

  it('prices every car inside its model band, in whole 10 만원 steps, depreciating with age', () => {
    const bad = violations(cars, (car) => {
      const band = findModelGroup(car.makeEn, car.modelGroupEn)?.band;
      if (!band) return 'no band';
      if (car.price < band[0] || car.price > band[1]) return `price ${car.price} outside ${band.join('-')}`;
      return car.price % 10 === 0 ? undefined : `price ${car.price}`;
    });
    expect(bad).toEqual([]);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sonata = (y: number) =>
      mean(cars.filter((c) => c.modelGroupEn === 'Sonata' && c.year === y).map((c) => c.price));
    expect(sonata(2024)).toBeGreaterThan(sonata(2020));
    expect(sonata(2020)).toBeGreaterThan(sonata(2014));
  });

  it('prices the cars of the models the design names inside the design bands, and every light car at 300-1,500 만원', () => {
    const design: Array<[string, string, number, number]> = [
      ['Hyundai', 'Casper', 300, 1500],
      ['Kia', 'Morning', 300, 1500],
      ['Kia', 'Ray', 300, 1500],
      ['Chevrolet', 'Spark', 300, 1500],
      ['Hyundai', 'Avante', 600, 2000],
      ['Kia', 'K3', 600, 2000],
      ['Hyundai', 'Sonata', 900, 3000],
      ['Kia', 'K5', 900, 3000],
      ['Hyundai', 'Grandeur', 1200, 4500],
      ['Kia', 'K8', 1200, 4500],
      ['Hyundai', 'Santa Fe', 1500, 4500],
      ['Kia', 'Sorento', 1500, 4500],
      ['Hyundai', 'Palisade', 1800, 5500],
      ['Kia', 'Carnival', 1800, 5500],
      ['Genesis', 'GV80', 4500, 8500],
      ['Mercedes-Benz', 'E-Class', 1500, 7000],
      ['BMW', '5 Series', 1500, 7000],
    ];
    const bad = violations(cars, (car) => {
      const named = design.find(([make, group]) => make === car.makeEn && group === car.modelGroupEn);
      if (named && (car.price < named[2] || car.price > named[3]))
        return `price ${car.price} outside the design band ${named[2]}-${named[3]}`;
      if (car.vehicleType === 'Light car' && (car.price < 300 || car.price > 1500)) return `light car at ${car.price}`;
      return undefined;
    });
    expect(bad).toEqual([]);
    for (const [make, group] of design)
      expect(
        cars.some((c) => c.makeEn === make && c.modelGroupEn === group),
        `${make} ${group} generated`,
      ).toBe(true);
  });

  it('gives the fuels the models really have', () => {
    const electricOnly = ['Ioniq 5', 'EV6', 'GV60', 'Model 3', 'Model Y', 'e-tron', 'Taycan'];
    const bad = violations(cars, (car) => {
      if (electricOnly.includes(car.modelGroupEn) && car.fuelType !== 'Electric') return car.fuelType;
      if (car.modelGroupEn === 'Nexo' && car.fuelType !== 'Hydrogen') return car.fuelType;
      const noEngine = car.fuelType === 'Electric' || car.fuelType === 'Hydrogen';
      if (noEngine !== (car.displacement === undefined)) return `displacement ${car.displacement}`;
      if (car.displacement !== undefined && (car.displacement < 900 || car.displacement > 6000))
        return `displacement ${car.displacement}`;
      if (/xDrive|4MATIC|quattro|4MOTION|ALL4/.test(car.gradeDetailEn ?? '') && car.drivetrain !== 'AWD')
        return car.drivetrain;
      return undefined;
    });
    expect(bad).toEqual([]);
    const fuelsOf = (group: string) => new Set(cars.filter((c) => c.modelGroupEn === group).map((c) => c.fuelType));
    expect(fuelsOf('Grandeur')).toContain('Hybrid');
    expect(fuelsOf('Sorento')).toContain('Hybrid');
    expect(fuelsOf('K5')).toContain('LPG');
    expect(fuelsOf('Staria')).toContain('LPG');
  });

  it('gives each provider unique, realistic listing numbers', () => {
    const seen = new Set<string>();
    const bad = violations(cars, (car) => {
      if (!/^(GL|KC|LT|SK|AH|HD)[1-9]\d{7,9}$/.test(car.advertisementNumber)) return car.advertisementNumber;
      const key = `${car.provider}|${car.advertisementNumber}`;
      if (seen.has(key)) return `duplicate ${key}`;
      seen.add(key);
      return undefined;
    });
    expect(bad).toEqual([]);
    expect(cars.filter((c) => c.provider === 'glovis').every((c) => c.advertisementNumber.startsWith('GL'))).toBe(true);
    // The id -> number map is a bijection, also for ids far apart.
    const numbers = new Set<string>();
    for (let id = 1; id <= 5_000; id++)
      numbers.add(advertisementNumber('glovis', id)).add(advertisementNumber('glovis', 40_000_000 + id));
    expect(numbers.size).toBe(10_000);
  });

  it('schedules auctions 0-21 days ahead on the provider’s weekday and createdAt in the last 90 days', () => {
    const weekdays = new Set(Object.values(PROVIDER_AUCTION_WEEKDAY));
    expect(weekdays.size).toBe(PROVIDERS.length);
    const bad = violations(cars, (car) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(car.auctionDate)) return `auctionDate ${car.auctionDate}`;
      const t = Date.parse(`${car.auctionDate}T00:00:00Z`);
      const days = (t - kstToday) / DAY_MS;
      if (!(days >= 0 && days <= 21)) return `auction in ${days} days`;
      if (new Date(t).getUTCDay() !== PROVIDER_AUCTION_WEEKDAY[car.provider])
        return `auction weekday for ${car.provider}`;
      if (new Date(car.createdAt).toISOString() !== car.createdAt) return `createdAt ${car.createdAt}`;
      const created = Date.parse(car.createdAt);
      if (created >= now.getTime() || created < now.getTime() - 90 * DAY_MS) return `createdAt ${car.createdAt}`;
      return undefined;
    });
    expect(bad).toEqual([]);
  });

  it('gives ~70% of cars a valid VIN, ~85% published, a few % damage', () => {
    let vins = 0;
    const bad = violations(cars, (car) => {
      if (car.vin === undefined) return undefined;
      vins++;
      if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(car.vin)) return car.vin;
      return car.vin.charAt(8) === vinCheckDigit(car.vin) ? undefined : `check digit of ${car.vin}`;
    });
    expect(bad).toEqual([]);
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X'); // the textbook example
    const share = (n: number) => n / cars.length;
    expect(share(vins)).toBeGreaterThan(0.67);
    expect(share(vins)).toBeLessThan(0.73);
    const published = share(cars.filter((c) => c.published).length);
    expect(published).toBeGreaterThan(0.83);
    expect(published).toBeLessThan(0.87);
    const accident = share(cars.filter((c) => c.damage.includes('accident')).length);
    expect(accident).toBeGreaterThan(0.03);
    expect(accident).toBeLessThan(0.1);
    expect(share(cars.filter((c) => c.damage.includes('flood')).length)).toBeLessThan(0.01);
    expect(share(cars.filter((c) => c.damage.includes('total_loss')).length)).toBeLessThan(0.01);
    expect(share(cars.filter((c) => c.damage.length === 0).length)).toBeGreaterThan(0.9);
  });

  it('has between 3 and 6 photos and a thumbnail, all files that demoImageFiles() provides', () => {
    const names = new Set(demoImageFiles().map((f) => f.name));
    const referenced = new Set<string>();
    const bad = violations(cars, (car) => {
      if (car.images.length < 3 || car.images.length > 6) return `${car.images.length} photos`;
      if (!car.images[0]?.endsWith('-1.svg') || !car.thumbnailUrl.endsWith('-thumb.svg')) return 'photo order';
      for (const url of [...car.images, car.thumbnailUrl]) {
        if (!url.startsWith(`${BASE}/`) || url.startsWith(`${BASE}//`)) return url;
        referenced.add(url.slice(BASE.length + 1));
      }
      return undefined;
    });
    expect(bad).toEqual([]);
    for (const name of referenced) expect(names.has(name), name).toBe(true);
    expect(referenced.size).toBeLessThanOrEqual(names.size);
  });

  it('matches the make mix of the design within a percentage point or so', () => {
    const counts = new Map<string, number>();
    for (const car of cars) counts.set(car.makeEn, (counts.get(car.makeEn) ?? 0) + 1);
    const targets: Record<string, number> = {
      Hyundai: 0.3,
      Kia: 0.25,
      Genesis: 0.08,
      'Mercedes-Benz': 0.08,
      BMW: 0.08,
      Chevrolet: 0.04,
      'Renault Korea': 0.04,
      'KG Mobility': 0.04,
      Audi: 0.03,
    };
    let named = 0;
    for (const [make, target] of Object.entries(targets)) {
      const share = (counts.get(make) ?? 0) / cars.length;
      named += share;
      expect(Math.abs(share - target), `${make} ${share}`).toBeLessThan(0.012);
    }
    expect(Math.abs(1 - named - 0.06)).toBeLessThan(0.012);
    const mix = [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([m, n]) => `${m} ${((100 * n) / cars.length).toFixed(1)}%`);
    console.log(`make mix over ${cars.length} cars: ${mix.join(', ')}`);
  });
});

describe('generateCatalogue: import format', () => {
  it('writes NDJSON that the catalogue import accepts line for line', () => {
    const cars = generateCatalogue({ count: 3_000, seed: 8, imageBaseUrl: BASE });
    const ndjson = cars.map((c) => JSON.stringify(c)).join('\n');
    const { cars: parsed, errors } = parseCatalogueLines(ndjson);
    expect(errors.slice(0, 5)).toEqual([]);
    expect(parsed).toHaveLength(cars.length);
  });
});

describe('generateCatalogue: calibration against the design examples', () => {
  const cars = generateCatalogue({ count: 100_000, seed: 11, imageBaseUrl: BASE });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

  it('prices a 2017 Grandeur hybrid with ~100,000 km around 1,590 만원', () => {
    const prices = cars
      .filter(
        (c) =>
          c.modelEn === 'Grandeur IG' &&
          c.fuelType === 'Hybrid' &&
          c.year === 2017 &&
          c.kilometers > 80_000 &&
          c.kilometers < 120_000,
      )
      .map((c) => c.price);
    expect(prices.length).toBeGreaterThan(10);
    expect(median(prices)).toBeGreaterThan(1590 * 0.8);
    expect(median(prices)).toBeLessThan(1590 * 1.2);
  });

  it('prices a 2017 BMW 520d with ~135,000 km around 2,190 만원', () => {
    const prices = cars
      .filter(
        (c) =>
          c.modelEn === '5 Series G30' &&
          c.gradeDetailEn?.startsWith('520d ') &&
          c.year === 2017 &&
          c.kilometers > 115_000 &&
          c.kilometers < 155_000,
      )
      .map((c) => c.price);
    expect(prices.length).toBeGreaterThan(10);
    expect(median(prices)).toBeGreaterThan(2190 * 0.8);
    expect(median(prices)).toBeLessThan(2190 * 1.2);
  });
});

describe('demoImageFiles', () => {
  const files = demoImageFiles();

  it('has one file per body × colour × photo plus thumbnails, unique names, small valid-looking SVG', () => {
    expect(files).toHaveLength(VEHICLE_TYPES.length * CAR_COLORS.length * 7);
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
    for (const f of files) {
      expect(f.name).toMatch(/^[a-z-]+-[a-z]+-([1-6]|thumb)\.svg$/);
      expect(Buffer.byteLength(f.svg)).toBeLessThan(2048);
      expect(f.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(f.svg.endsWith('</svg>')).toBe(true);
      // Balanced tags: every opened element is closed or self-closing.
      const stack: string[] = [];
      for (const m of f.svg.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
        if (m[3] === '/') continue;
        if (m[1] === '/') expect(stack.pop()).toBe(m[2]);
        else stack.push(m[2] ?? '');
      }
      expect(stack).toEqual([]);
    }
    const thumb = files.find((f) => f.name === 'light-car-white-thumb.svg');
    expect(thumb?.svg).toContain('width="150"');
    expect(files.find((f) => f.name === 'suv-blue-3.svg')?.svg).toContain('SUV / Blue / 3');
  });
});

describe('generateCatalogue: 100,000 cars', () => {
  it('generates them in reasonable time and memory', () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const cars = generateCatalogue({ count: 100_000, seed: 123, imageBaseUrl: BASE });
    const ms = performance.now() - t0;
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    let ndjsonBytes = 0;
    for (const car of cars) ndjsonBytes += Buffer.byteLength(JSON.stringify(car)) + 1;
    expect(cars).toHaveLength(100_000);
    expect(cars.at(-1)?.id).toBe(100_000);
    console.log(
      `100,000 cars: ${ms.toFixed(0)} ms, heap +${heapMb.toFixed(0)} MB, NDJSON ${(ndjsonBytes / 1e6).toFixed(0)} MB (${(ndjsonBytes / cars.length).toFixed(0)} B/car)`,
    );
  }, 120_000);
});
