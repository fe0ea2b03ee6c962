/**
 * The demo catalogue's tables: read from data/*.json, checked and typed once when loaded.
 *
 * Distribution and price bands follow Korean used-car listings (Encar-style asking prices: a 2017
 * Grandeur hybrid with 100,000 km about 1,590). Bands for models without such a reference are
 * data/makes.json's own estimates. Prices are in 만원 (10,000 KRW).
 *
 * data/makes.json, field by field as the interfaces below describe, except:
 *   - a mix may be written { "AWD": 0.4 }: that value for 40% of cars, the default for the rest (2WD for
 *     "drive", Automatic for "trans"); or "DCT": always that value; or [["CVT", 0.8], ["Manual", 0.2]]:
 *     (value, weight) pairs, weights need not sum to 1;
 *   - a powertrain's "trans" defaults to "Automatic" and "pf" to 1; electric and fuel-cell cars have no "cc";
 *   - "suffixes" names a set in data/trim-suffixes.json, or lists the pairs itself.
 * Names of fuels, bodies, transmissions, drivetrains, colours and providers are checked when loaded.
 */
import {
  DRIVETRAINS,
  FUEL_TYPES,
  PROVIDERS,
  TRANSMISSIONS,
  VEHICLE_TYPES,
  type CarRecord,
  type Provider,
} from '../../lib/domain/car.js';
import auctionHousesJson from './data/auction-houses.json' with { type: 'json' };
import citiesJson from './data/cities.json' with { type: 'json' };
import colorsJson from './data/colors.json' with { type: 'json' };
import makesJson from './data/makes.json' with { type: 'json' };
import modelYearsJson from './data/model-years.json' with { type: 'json' };
import optionsJson from './data/options.json' with { type: 'json' };
import trimSuffixesJson from './data/trim-suffixes.json' with { type: 'json' };
import type { Weighted } from './rng.js';

export type Fuel = CarRecord['fuelType'];
type Transmission = CarRecord['transmission'];
export type Body = CarRecord['vehicleType'];
export type Drivetrain = CarRecord['drivetrain'];

// ---------------------------------------------------------------------------------------------------
// Make / model table
// ---------------------------------------------------------------------------------------------------

export interface Powertrain {
  /** Engine part of the raw trim text, e.g. "2.5", "3.5 LPi", "HEV 1.6T", "520d xDrive" */
  label: string;
  fuel: Fuel;
  /** Displacement in cc; none for electric and fuel-cell cars */
  cc?: number;
  w: number;
  trans: Transmission | Weighted<Transmission>;
  /** Overrides the model's drivetrain mix (e.g. "xDrive" is always AWD) */
  drive?: Drivetrain | Weighted<Drivetrain>;
  /** Model years this powertrain was sold in, within its generation */
  from?: number;
  to?: number;
  /** Price factor relative to the model's other powertrains */
  pf: number;
  /** Grades offered with this powertrain (a subset of the model's grades); default all */
  grades?: readonly string[];
}

interface Generation {
  /** Generation code, e.g. "IG"; some models carry none */
  code?: string;
  /** Model name when it is not "<group> <code>", e.g. "Tucson ix", "The Next Spark" */
  name?: string;
  from: number;
  to: number;
  powertrains: readonly Powertrain[];
}

export interface ModelGroup {
  group: string;
  /** Share within the make */
  w: number;
  body: Body;
  /** Price band in 만원, [low, high]; every generated price lies inside it */
  band: readonly [number, number];
  /** Lowest to highest */
  grades: readonly string[];
  seats: number | Weighted<number>;
  /** Default drivetrain mix (2WD when absent) */
  drive?: Weighted<Drivetrain>;
  /** Korean SUVs and trucks: the raw trim text names 4WD, e.g. "2.2 Diesel 4WD Prestige" */
  driveInTrim?: boolean;
  /** "grade-label" for trims written grade first, e.g. Tesla "Long Range AWD" */
  trimOrder?: 'label-grade' | 'grade-label';
  generations: readonly Generation[];
}

export interface Make {
  make: string;
  /** Share of the catalogue, in percent */
  w: number;
  premium: boolean;
  /** World manufacturer identifier, first three VIN characters */
  wmi: string;
  /** Suffixes of the raw trim text ("Special", "Black Ink", ...), so several raw trims share a grade */
  suffixes: Weighted<string>;
  models: readonly ModelGroup[];
}

/** The JSON form of a mix (see the notation above). */
type RawMix = string | ReadonlyArray<readonly [string, number]> | Readonly<Record<string, number>>;
type RawPowertrain = Omit<Powertrain, 'fuel' | 'trans' | 'drive' | 'pf'> & {
  fuel: string;
  trans?: RawMix;
  drive?: RawMix;
  pf?: number;
};
type RawModel = Omit<ModelGroup, 'body' | 'drive' | 'trimOrder' | 'generations'> & {
  body: string;
  drive?: RawMix;
  trimOrder?: string;
  generations: ReadonlyArray<Omit<Generation, 'powertrains'> & { powertrains: readonly RawPowertrain[] }>;
};
type RawMake = Omit<Make, 'suffixes' | 'models'> & { suffixes: string | Weighted<string>; models: readonly RawModel[] };

function oneOf<T extends string>(allowed: readonly T[], value: string, where: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`demo catalogue data, ${where}: "${value}" is not one of ${allowed.join(', ')}`);
  return value as T;
}

function mix<T extends string>(allowed: readonly T[], value: RawMix, fallback: T, where: string): T | Weighted<T> {
  if (typeof value === 'string') return oneOf(allowed, value, where);
  if (Array.isArray(value)) return (value as Weighted<string>).map(([v, w]) => [oneOf(allowed, v, where), w] as const);
  const entries = Object.entries(value);
  const [only] = entries;
  if (!only || entries.length > 1) throw new Error(`demo catalogue data, ${where}: a mix object names one value`);
  return [
    [fallback, 1 - only[1]],
    [oneOf(allowed, only[0], where), only[1]],
  ];
}

function powertrain(raw: RawPowertrain, model: RawModel): Powertrain {
  const where = `${model.group} ${raw.label}`;
  const p: Powertrain = {
    label: raw.label,
    fuel: oneOf(FUEL_TYPES, raw.fuel, where),
    w: raw.w,
    trans: mix(TRANSMISSIONS, raw.trans ?? 'Automatic', 'Automatic', where),
    pf: raw.pf ?? 1,
  };
  if (raw.cc !== undefined) p.cc = raw.cc;
  if (raw.drive !== undefined) p.drive = mix(DRIVETRAINS, raw.drive, '2WD', where);
  if (raw.from !== undefined) p.from = raw.from;
  if (raw.to !== undefined) p.to = raw.to;
  if (raw.grades !== undefined) p.grades = raw.grades.map((grade) => oneOf(model.grades, grade, where));
  return p;
}

function modelGroup(raw: RawModel): ModelGroup {
  const drive = raw.drive === undefined ? undefined : mix(DRIVETRAINS, raw.drive, '2WD', raw.group);
  if (typeof drive === 'string') throw new Error(`demo catalogue data, ${raw.group}: a model's drive is a mix`);
  // Spread, then overridden in place: the fields keep the order of the JSON.
  return {
    ...raw,
    body: oneOf(VEHICLE_TYPES, raw.body, raw.group),
    ...(drive === undefined ? {} : { drive }),
    ...(raw.trimOrder === undefined
      ? {}
      : { trimOrder: oneOf(['label-grade', 'grade-label'] as const, raw.trimOrder, raw.group) }),
    generations: raw.generations.map((g) => ({ ...g, powertrains: g.powertrains.map((p) => powertrain(p, raw)) })),
  } as ModelGroup;
}

const TRIM_SUFFIXES = trimSuffixesJson as unknown as Readonly<Record<string, Array<[string, number]>>>;

function make(raw: RawMake): Make {
  const suffixes =
    typeof raw.suffixes === 'string'
      ? TRIM_SUFFIXES[oneOf(Object.keys(TRIM_SUFFIXES), raw.suffixes, raw.make)]!
      : raw.suffixes;
  return { ...raw, suffixes, models: raw.models.map(modelGroup) };
}

export const MAKES: readonly Make[] = (makesJson as unknown as readonly RawMake[]).map(make);

/** The make and model group entries, by name. */
export function findModelGroup(make: string, group: string): ModelGroup | undefined {
  return MAKES.find((m) => m.make === make)?.models.find((g) => g.group === group);
}

// ---------------------------------------------------------------------------------------------------
// Other tables
// ---------------------------------------------------------------------------------------------------

export const FIRST_MODEL_YEAR: number = modelYearsJson.first;
export const LAST_MODEL_YEAR: number = modelYearsJson.last;

/** Used-car stock by model year: most cars are 3-8 years old. */
export const YEAR_WEIGHTS: Readonly<Record<number, number>> = modelYearsJson.stock;

/** Every colour a car can have: demo pictures exist for each (images.ts), so it stays a typed list here. */
export const CAR_COLORS = ['White', 'Black', 'Silver', 'Gray', 'Blue', 'Red', 'Brown', 'Beige', 'Green'] as const;
export type CarColor = (typeof CAR_COLORS)[number];

const colorMix = (pairs: Array<(string | number)[]>, where: string): Weighted<CarColor> =>
  pairs.map(([color, w]) => [oneOf(CAR_COLORS, String(color), `colors.json ${where}`), Number(w)] as const);
export const COLOR_WEIGHTS = colorMix(colorsJson.weights, 'weights');
/** Trucks (Porter, Bongo) are mostly white or the classic blue. */
export const TRUCK_COLOR_WEIGHTS = colorMix(colorsJson.trucks, 'trucks');

export const CITIES = citiesJson as Array<[string, number]> as Weighted<string>;

export interface OptionSpec {
  name: string;
  /** Probability = base + tier * gradeTier + fresh * newness + premium * isPremiumMake (clamped) */
  base: number;
  tier: number;
  fresh: number;
  premium: number;
  bodies?: readonly Body[];
}

/** In this order; "Panoramic sunroof" comes first: a car with a panoramic roof does not also list a plain sunroof. */
export const OPTIONS: readonly OptionSpec[] = optionsJson.map(({ bodies, ...o }) =>
  bodies === undefined ? o : { ...o, bodies: bodies.map((b) => oneOf(VEHICLE_TYPES, b, o.name)) },
);

interface ProviderProfile {
  /** Share of the catalogue */
  w: number;
  /** Day of the week the house auctions on (0 = Sunday) */
  weekday: number;
  prefix: string;
  digits: number;
  /** Multiplier and offset that scramble ids into listing numbers (multiplier coprime to 2, 3 and 5) */
  mult: number;
  offset: number;
}

/** Typed against Provider, so a missing auction house fails to compile; an unknown one fails here. */
const PROVIDER_PROFILES: Readonly<Record<Provider, ProviderProfile>> = auctionHousesJson;
for (const house of Object.keys(PROVIDER_PROFILES)) oneOf(PROVIDERS, house, 'auction-houses.json');

export const PROVIDER_WEIGHTS: Weighted<Provider> = (Object.keys(PROVIDER_PROFILES) as Provider[]).map(
  (p) => [p, PROVIDER_PROFILES[p].w] as const,
);

/** The weekday (0 = Sunday, in Korean time) each auction house runs its auction on. */
export const PROVIDER_AUCTION_WEEKDAY: Readonly<Record<Provider, number>> = Object.fromEntries(
  (Object.keys(PROVIDER_PROFILES) as Provider[]).map((p) => [p, PROVIDER_PROFILES[p].weekday]),
) as Record<Provider, number>;

/**
 * A provider's listing number for a car id: prefix + fixed-width digits, the id scrambled by an
 * affine map that is a bijection on [0, 9·10^(digits-1)), so distinct ids below that bound always get
 * distinct numbers (at least 90 million per provider) and the numbers do not look sequential.
 */
export function advertisementNumber(provider: Provider, id: number): string {
  const p: ProviderProfile = PROVIDER_PROFILES[provider];
  const low = 10n ** BigInt(p.digits - 1);
  const span = 9n * low;
  const scrambled = (BigInt(id) * BigInt(p.mult) + BigInt(p.offset)) % span;
  return `${p.prefix}${low + scrambled}`;
}
