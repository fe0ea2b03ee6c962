/**
 * Deterministic demo-catalogue generator: realistic-looking Korean used-car listings (Encar-style) as
 * CarRecord values, for seeding, load tests and demos. Pure: no I/O, no clock (the reference time is an
 * option with a fixed default), no dependencies. Each car is generated from its own PRNG stream seeded
 * with (seed, id), so a car depends only on the seed, its id and the options: generating ids 1-1000 in
 * one call or in ten chunks of 100 gives the same cars.
 *
 * The tables (makes, models, price bands, colours, options, cities, auction houses) are data/*.json,
 * loaded by tables.ts; the pictures the cars link to are images.ts.
 */
import type { CarRecord } from '../../lib/domain/car.js';
import { MAX_PHOTOS, MIN_PHOTOS, photoFileName, thumbFileName } from './images.js';
import { carSeed, Rng, type Weighted } from './rng.js';
import {
  advertisementNumber,
  CAR_COLORS,
  CITIES,
  COLOR_WEIGHTS,
  FIRST_MODEL_YEAR,
  LAST_MODEL_YEAR,
  MAKES,
  OPTIONS,
} from './tables.js';
import { PROVIDER_AUCTION_WEEKDAY, PROVIDER_WEIGHTS, TRUCK_COLOR_WEIGHTS, YEAR_WEIGHTS } from './tables.js';
import type { Drivetrain, Fuel, Make, ModelGroup, Powertrain } from './tables.js';
import { makeVin } from './vin.js';

// What the tests and the CLI read besides the generator itself.
export { Rng } from './rng.js';
export { advertisementNumber, CAR_COLORS, CITIES, findModelGroup, OPTIONS } from './tables.js';
export { PROVIDER_AUCTION_WEEKDAY } from './tables.js';
export { vinCheckDigit } from './vin.js';
export { demoImageBase } from './images.js';

type DamageKind = CarRecord['damage'][number];

/** Fixed default reference time, so output never depends on the clock. */
export const DEFAULT_NOW = new Date('2026-11-01T00:00:00Z');

/** Treated as immutable: values derived from it are cached per object. */
export interface CarContext {
  /** Base of the photo URLs, http(s) or s3:// (a trailing slash is ignored); serve demoImageFiles() there */
  imageBaseUrl: string;
  /** Reference time: ages, auction dates and createdAt are relative to it. Default DEFAULT_NOW. */
  now?: Date;
}

export interface GenerateOptions extends CarContext {
  count: number;
  seed: number;
  /** Id of the first car; ids are consecutive. Default 1. */
  startId?: number;
}

interface Derived {
  nowMs: number;
  /** Months since year 0 of `now`'s calendar month (UTC) */
  nowMonthIndex: number;
  maxYear: number;
  /** Midnight UTC of today's date in Korea, and its weekday */
  kstTodayMs: number;
  kstWeekday: number;
  /** URL strings built once and shared by all cars: key `${body}|${color}` */
  urls: Map<string, { photos: string[]; thumb: string }>;
  /** Model years on sale up to maxYear, weighted, per model */
  years: Map<ModelGroup, Weighted<number>>;
}

const derivedCache = new WeakMap<CarContext, Derived>();
const DAY_MS = 86_400_000;
const KST_OFFSET_MS = 9 * 3_600_000;

function derive(ctx: CarContext): Derived {
  let d = derivedCache.get(ctx);
  if (d) return d;
  const now = ctx.now ?? DEFAULT_NOW;
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new RangeError('now is not a valid date');
  const maxYear = Math.min(LAST_MODEL_YEAR, now.getUTCFullYear());
  if (maxYear < FIRST_MODEL_YEAR) throw new RangeError(`now must be in ${FIRST_MODEL_YEAR} or later`);
  const kst = new Date(nowMs + KST_OFFSET_MS);
  const kstTodayMs = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), kst.getUTCDate());
  const base = ctx.imageBaseUrl.replace(/\/+$/, '');
  const urls = new Map<string, { photos: string[]; thumb: string }>();
  for (const make of MAKES) {
    for (const model of make.models) {
      for (const color of CAR_COLORS) {
        const key = `${model.body}|${color}`;
        if (urls.has(key)) continue;
        const photos: string[] = [];
        for (let n = 1; n <= MAX_PHOTOS; n++) photos.push(`${base}/${photoFileName(model.body, color, n)}`);
        urls.set(key, { photos, thumb: `${base}/${thumbFileName(model.body, color)}` });
      }
    }
  }
  d = {
    nowMs,
    nowMonthIndex: now.getUTCFullYear() * 12 + now.getUTCMonth(),
    maxYear,
    kstTodayMs,
    kstWeekday: kst.getUTCDay(),
    urls,
    years: new Map(MAKES.flatMap((m) => m.models.map((g) => [g, modelYears(g, maxYear)] as const))),
  };
  derivedCache.set(ctx, d);
  return d;
}

const MAKE_WEIGHTS: Weighted<Make> = MAKES.map((m) => [m, m.w] as const);
const MODEL_WEIGHTS = new Map<Make, Weighted<ModelGroup>>(
  MAKES.map((m) => [m, m.models.map((g) => [g, g.w] as const)]),
);

function modelYears(model: ModelGroup, maxYear: number): Weighted<number> {
  const years: Array<readonly [number, number]> = [];
  for (let y = FIRST_MODEL_YEAR; y <= maxYear; y++) {
    if (model.generations.some((g) => g.from <= y && y <= g.to)) years.push([y, YEAR_WEIGHTS[y] ?? 1]);
  }
  return years;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** yyyy-mm-dd and hh:mm:ss of an epoch time in UTC (Date#toISOString is slow in bulk). */
function utcParts(ms: number): { date: string; time: string } {
  const days = Math.floor(ms / DAY_MS);
  const secs = Math.floor((ms - days * DAY_MS) / 1000);
  // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return {
    date: `${year}-${pad2(month)}-${pad2(day)}`,
    time: `${pad2(Math.floor(secs / 3600))}:${pad2(Math.floor(secs / 60) % 60)}:${pad2(secs % 60)}`,
  };
}
const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

function weightedOrFixed<T>(rng: Rng, value: T | Weighted<T>): T {
  return Array.isArray(value) ? rng.weighted(value as Weighted<T>) : (value as T);
}

/**
 * Price in 만원 inside the model's band: the band is spanned by a value factor that decays with age
 * (about 20% a year), moves with mileage against the expected 13,500 km/year, grade, powertrain,
 * drivetrain, fuel, damage and owners, plus ±8% noise; the top is approached softly so brand-new cars
 * do not pile up on the band's upper bound. Rounded to 10 만원.
 */
function priceFor(
  rng: Rng,
  band: readonly [number, number],
  f: {
    ageYears: number;
    km: number;
    tier: number;
    pf: number;
    fuel: Fuel;
    drive: Drivetrain;
    damage: DamageKind[];
    owners: number;
  },
): number {
  const [lo, hi] = band;
  const expectedKm = Math.max(1000, f.ageYears * 13_500);
  const kmAdj = clamp(1 - 0.25 * (f.km / expectedKm - 1), 0.7, 1.2);
  const fuelAdj = f.fuel === 'Hybrid' ? 1.08 : f.fuel === 'LPG' ? 0.9 : f.fuel === 'Hydrogen' ? 0.85 : 1;
  const driveAdj = f.drive === '2WD' ? 1 : 1.04;
  let damageAdj = 1;
  if (f.damage.includes('accident')) damageAdj *= 0.9;
  if (f.damage.includes('flood')) damageAdj *= 0.7;
  if (f.damage.includes('total_loss')) damageAdj *= 0.7;
  const noise = Math.exp(0.08 * clamp(rng.normal(), -2.5, 2.5));
  let v =
    Math.exp(-0.22 * f.ageYears) *
    kmAdj *
    (0.88 + 0.24 * f.tier) *
    f.pf *
    fuelAdj *
    driveAdj *
    damageAdj *
    (1 - 0.02 * f.owners) *
    noise;
  if (v > 0.85) v = 0.85 + 0.15 * (1 - Math.exp(-(v - 0.85) / 0.15));
  const raw = lo + (hi - lo) * v;
  return clamp(Math.round(raw / 10) * 10, lo, hi);
}

function poissonCapped(rng: Rng, lambda: number, cap: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  let p = rng.float();
  while (p > limit && k < cap) {
    k++;
    p *= rng.float();
  }
  return k;
}

/** One car, drawn from `rng`. Deterministic for a given rng state, id and context. */
export function generateCar(rng: Rng, id: number, ctx: CarContext): CarRecord {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`id must be a positive integer, got ${id}`);
  const d = derive(ctx);

  // Make and model; with an early `now` some models did not exist yet, so draw again.
  let make = rng.weighted(MAKE_WEIGHTS);
  let model = rng.weighted(MODEL_WEIGHTS.get(make) ?? []);
  let years = d.years.get(model) ?? [];
  for (let tries = 0; years.length === 0; tries++) {
    if (tries > 1000) throw new Error('no model is available for the reference date');
    make = rng.weighted(MAKE_WEIGHTS);
    model = rng.weighted(MODEL_WEIGHTS.get(make) ?? []);
    years = d.years.get(model) ?? [];
  }
  const year = rng.weighted(years);
  const generation = rng.weightedBy(model.generations, (g) => (g.from <= year && year <= g.to ? 1 : 0));
  const onSale = (p: Powertrain): boolean => (p.from ?? 0) <= year && year <= (p.to ?? 9999);
  const powertrain = generation.powertrains.some(onSale)
    ? rng.weightedBy(generation.powertrains, (p) => (onSale(p) ? p.w : 0))
    : rng.weightedBy(generation.powertrains, (p) => p.w);

  const grades = powertrain.grades ?? model.grades;
  // The top grade is a little rarer than the others.
  const grade = rng.weightedBy(grades, (_, i) => (grades.length > 2 && i === grades.length - 1 ? 0.6 : 1));
  const gradeIndex = model.grades.indexOf(grade);
  const tier = model.grades.length > 1 && gradeIndex >= 0 ? gradeIndex / (model.grades.length - 1) : 0.5;
  const drivetrain = weightedOrFixed(rng, powertrain.drive ?? model.drive ?? '2WD');
  const transmission = weightedOrFixed(rng, powertrain.trans);
  const suffix = rng.weighted(make.suffixes);
  const driveText = model.driveInTrim && drivetrain !== '2WD' ? ` ${drivetrain}` : '';
  const gradeDetailEn =
    model.trimOrder === 'grade-label'
      ? `${grade} ${powertrain.label}${driveText}${suffix}`
      : `${powertrain.label}${driveText} ${grade}${suffix}`;
  const modelEn = generation.name ?? (generation.code ? `${model.group} ${generation.code}` : model.group);

  // First registration: the model year, or the second half of the year before; never after `now`.
  let regYear = year;
  let regMonth = rng.int(1, 12);
  if (rng.chance(0.15)) {
    regYear = year - 1;
    regMonth = rng.int(7, 12);
  }
  let regIndex = regYear * 12 + (regMonth - 1);
  if (regIndex > d.nowMonthIndex) regIndex = d.nowMonthIndex;
  regYear = Math.floor(regIndex / 12);
  regMonth = (regIndex % 12) + 1;
  const ageYears = Math.max(1, d.nowMonthIndex - regIndex) / 12;

  // 12,000-15,000 km a year with log-normal noise (mean 1), trucks driven harder.
  const perYear = rng.range(12_000, 15_000) * (model.body === 'Truck' ? 1.25 : 1);
  const kmNoise = clamp(Math.exp(0.3 * rng.normal() - 0.045), 0.35, 2.2);
  const kilometers = Math.max(50, Math.round(perYear * ageYears * kmNoise));

  const damage: DamageKind[] = [];
  const totalLoss = rng.chance(0.004);
  if (totalLoss || rng.chance(0.03 + 0.004 * ageYears)) damage.push('accident');
  if (totalLoss) damage.push('total_loss');
  if (rng.chance(0.004)) damage.push('flood');
  const ownerChanges = poissonCapped(rng, 0.1 + 0.15 * ageYears, 4);

  const price = priceFor(rng, model.band, {
    ageYears,
    km: kilometers,
    tier,
    pf: powertrain.pf,
    fuel: powertrain.fuel,
    drive: drivetrain,
    damage,
    owners: ownerChanges,
  });

  const color = rng.weighted(model.body === 'Truck' ? TRUCK_COLOR_WEIGHTS : COLOR_WEIGHTS);
  const city = rng.weighted(CITIES);

  const newness = clamp(1 - ageYears / 14, 0, 1);
  const basic = model.body === 'Light car' || model.body === 'Truck' ? 0.6 : 1;
  const options: string[] = [];
  let panoramic = false;
  for (const o of OPTIONS) {
    if (o.bodies && !o.bodies.includes(model.body)) continue;
    if (o.name === 'Sunroof' && panoramic) continue;
    const p = clamp((o.base + o.tier * tier + o.fresh * newness + (make.premium ? o.premium : 0)) * basic, 0, 0.97);
    if (rng.chance(p)) {
      options.push(o.name);
      if (o.name === 'Panoramic sunroof') panoramic = true;
    }
  }

  const provider = rng.weighted(PROVIDER_WEIGHTS);
  const weekday = PROVIDER_AUCTION_WEEKDAY[provider];
  const firstOffset = (weekday - d.kstWeekday + 7) % 7;
  const auctionOffsets: number[] = [];
  for (let off = firstOffset; off <= 21; off += 7) auctionOffsets.push(off);
  const auctionDate = utcParts(d.kstTodayMs + rng.pick(auctionOffsets) * DAY_MS).date;
  const created = utcParts(d.nowMs - rng.int(1, 90 * 86_400) * 1000);
  const createdAt = `${created.date}T${created.time}.000Z`;
  const published = rng.chance(0.85);

  const urls = d.urls.get(`${model.body}|${color}`);
  if (!urls) throw new Error(`no image set for ${model.body}/${color}`);
  const images = urls.photos.slice(0, rng.int(MIN_PHOTOS, MAX_PHOTOS));
  const vin = rng.chance(0.7) ? makeVin(rng, make.wmi, year) : undefined;
  const seats = weightedOrFixed(rng, model.seats);

  const car: CarRecord = {
    id,
    provider,
    advertisementNumber: advertisementNumber(provider, id),
    title: `${make.make} ${modelEn} ${gradeDetailEn}`,
    makeEn: make.make,
    modelGroupEn: model.group,
    modelEn,
    ...(generation.code !== undefined ? { generationCode: generation.code } : {}),
    gradeEn: grade,
    gradeDetailEn,
    year,
    firstRegistration: `${regYear}-${pad2(regMonth)}`,
    kilometers,
    price,
    fuelType: powertrain.fuel,
    transmission,
    vehicleType: model.body,
    color,
    drivetrain,
    city,
    options,
    damage,
    ownerChanges,
    published,
    auctionDate,
    createdAt,
    images,
    thumbnailUrl: urls.thumb,
    ...(vin !== undefined ? { vin } : {}),
    ...(powertrain.cc !== undefined ? { displacement: powertrain.cc } : {}),
    seats,
  };
  return car;
}

function checkOptions(options: GenerateOptions): { count: number; seed: number; startId: number } {
  const { count, seed } = options;
  const startId = options.startId ?? 1;
  if (!Number.isSafeInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isSafeInteger(startId) || startId < 1 || !Number.isSafeInteger(startId + count)) {
    throw new RangeError(`startId must be a positive integer, got ${startId}`);
  }
  return { count, seed, startId };
}

/** The cars one at a time, for writing large catalogues (NDJSON) without holding them all. */
export function* generateCars(options: GenerateOptions): Generator<CarRecord, void, undefined> {
  const { count, seed, startId } = checkOptions(options);
  const ctx: CarContext = { imageBaseUrl: options.imageBaseUrl, now: options.now ?? DEFAULT_NOW };
  for (let id = startId; id < startId + count; id++) yield generateCar(new Rng(carSeed(seed, id)), id, ctx);
}

/**
 * `count` cars with ids startId, startId+1, ...; each car depends only on (seed, id, imageBaseUrl, now),
 * so a catalogue can be generated in chunks.
 */
export function generateCatalogue(options: GenerateOptions): CarRecord[] {
  const { count } = checkOptions(options);
  const cars = new Array<CarRecord>(count);
  let i = 0;
  for (const car of generateCars(options)) cars[i++] = car;
  return cars;
}
