/**
 * Deterministic demo-catalogue generator: realistic-looking Korean used-car listings (Encar-style) as
 * CarRecord values, for seeding, load tests and demos. Pure: no I/O, no clock (the reference time is an
 * option with a fixed default), no dependencies. Each car is generated from its own PRNG stream seeded
 * with (seed, id), so a car depends only on the seed, its id and the options: generating ids 1-1000 in
 * one call or in ten chunks of 100 gives the same cars.
 *
 * Distribution and price bands follow DESIGN.md section 7. Bands for models the design does not name
 * are this file's own estimates. Prices are in 만원 (10,000 KRW).
 */
import type { Provider } from '../domain/car.js';
import type { CarRecord } from '../domain/car.js';

type Fuel = CarRecord['fuelType'];
type Transmission = CarRecord['transmission'];
type Body = CarRecord['vehicleType'];
type Drivetrain = CarRecord['drivetrain'];
type DamageKind = CarRecord['damage'][number];

/** A list of (value, weight) pairs; weights need not sum to 1. */
export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

// ---------------------------------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------------------------------

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data, not for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3 finaliser: spreads the bits of a 32-bit value. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The seed of one car's stream, from the catalogue seed and the car id (both integers). */
export function carSeed(seed: number, id: number): number {
  const lo = id >>> 0;
  const hi = Math.floor(id / 4294967296) >>> 0;
  const s = fmix32((seed >>> 0) ^ fmix32(Math.floor(seed / 4294967296) >>> 0));
  return fmix32(s ^ fmix32(lo + 0x9e3779b9) ^ Math.imul(hi, 0x27d4eb2d));
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`index ${index} out of range (${items.length})`);
  return item;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  weighted<T>(items: Weighted<T>): T {
    let total = 0;
    for (let i = 0; i < items.length; i++) total += at(items, i)[1];
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      const item = at(items, i);
      r -= item[1];
      if (r < 0) return item[0];
    }
    return at(items, items.length - 1)[0];
  }

  /** An item drawn with probability proportional to weight(item, index), without allocating. */
  weightedBy<T>(items: readonly T[], weight: (item: T, index: number) => number): T {
    let total = 0;
    for (let i = 0; i < items.length; i++) total += weight(at(items, i), i);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weight(at(items, i), i);
      if (r < 0) return at(items, i);
    }
    return at(items, items.length - 1);
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

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

export interface Generation {
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

const G: Fuel = 'Gasoline';
const D: Fuel = 'Diesel';
const L: Fuel = 'LPG';
const H: Fuel = 'Hybrid';
const E: Fuel = 'Electric';
const FC: Fuel = 'Hydrogen';

/** Automatic with a share of manuals. */
const am = (manual: number): Weighted<Transmission> => [
  ['Automatic', 1 - manual],
  ['Manual', manual],
];
const fwdOr = (kind: '4WD' | 'AWD', share: number): Weighted<Drivetrain> => [
  ['2WD', 1 - share],
  [kind, share],
];

interface PtExtra {
  trans?: Transmission | Weighted<Transmission>;
  drive?: Drivetrain | Weighted<Drivetrain>;
  from?: number;
  to?: number;
  pf?: number;
  grades?: readonly string[];
}

function pt(label: string, fuel: Fuel, cc: number | null, w: number, x: PtExtra = {}): Powertrain {
  const p: Powertrain = { label, fuel, w, trans: x.trans ?? 'Automatic', pf: x.pf ?? 1 };
  if (cc !== null) p.cc = cc;
  if (x.drive !== undefined) p.drive = x.drive;
  if (x.from !== undefined) p.from = x.from;
  if (x.to !== undefined) p.to = x.to;
  if (x.grades !== undefined) p.grades = x.grades;
  return p;
}

const KR_SUFFIXES: Weighted<string> = [
  ['', 66],
  [' Special', 10],
  [' Best Selection', 6],
  [' Value Plus', 6],
  [' Black Ink', 4],
  [' Plus', 5],
  [' Limited', 3],
];
const LOCAL_SUFFIXES: Weighted<string> = [
  ['', 80],
  [' Special', 10],
  [' Plus', 10],
];
const IMPORT_SUFFIXES: Weighted<string> = [
  ['', 84],
  [' Plus', 8],
  [' Edition', 8],
];

export const MAKES: readonly Make[] = [
  {
    make: 'Hyundai',
    w: 30,
    premium: false,
    wmi: 'KMH',
    suffixes: KR_SUFFIXES,
    models: [
      {
        group: 'Avante', w: 14, body: 'Sedan', band: [600, 2000], seats: 5,
        grades: ['Smart', 'Modern', 'Premium', 'Inspiration'],
        generations: [
          { code: 'MD', from: 2012, to: 2015, powertrains: [pt('1.6', G, 1591, 0.85, { trans: am(0.08) }), pt('1.6 LPi', L, 1591, 0.1), pt('1.6 Diesel', D, 1582, 0.05)] },
          { code: 'AD', from: 2016, to: 2020, powertrains: [pt('1.6', G, 1591, 0.75, { trans: am(0.04) }), pt('1.6 Diesel', D, 1582, 0.1, { trans: 'DCT' }), pt('1.6 LPi', L, 1591, 0.08), pt('1.6T Sport', G, 1591, 0.04, { trans: 'DCT', pf: 1.1 }), pt('2.0', G, 1999, 0.03, { from: 2019 })] },
          { code: 'CN7', from: 2021, to: 2025, powertrains: [pt('1.6', G, 1598, 0.72, { trans: 'CVT' }), pt('HEV 1.6', H, 1580, 0.18, { trans: 'DCT', pf: 1.05 }), pt('1.6 LPi', L, 1591, 0.07)] },
        ],
      },
      {
        group: 'Sonata', w: 14, body: 'Sedan', band: [900, 3000], seats: 5,
        grades: ['Smart', 'Modern', 'Premium', 'Exclusive', 'Inspiration'],
        generations: [
          { code: 'YF', from: 2012, to: 2014, powertrains: [pt('2.0', G, 1999, 0.6), pt('2.0 LPi', L, 1998, 0.25), pt('HEV 2.0', H, 1999, 0.1), pt('2.4', G, 2359, 0.05, { pf: 1.05 })] },
          { code: 'LF', from: 2015, to: 2019, powertrains: [pt('2.0', G, 1999, 0.5), pt('2.0 LPi', L, 1999, 0.2), pt('1.6T', G, 1591, 0.08, { trans: 'DCT', pf: 1.05 }), pt('1.7 Diesel', D, 1685, 0.07, { trans: 'DCT' }), pt('HEV 2.0', H, 1999, 0.1), pt('2.0T', G, 1998, 0.05, { pf: 1.1 })] },
          { code: 'DN8', from: 2020, to: 2025, powertrains: [pt('2.0', G, 1999, 0.5), pt('1.6T', G, 1598, 0.12, { pf: 1.05 }), pt('2.0 LPi', L, 1999, 0.18), pt('HEV 2.0', H, 1999, 0.17), pt('2.5T N Line', G, 2497, 0.03, { trans: 'DCT', from: 2021, pf: 1.15 })] },
        ],
      },
      {
        group: 'Grandeur', w: 17, body: 'Sedan', band: [1200, 4500], seats: 5,
        grades: ['Modern', 'Premium', 'Exclusive', 'Calligraphy'],
        generations: [
          { code: 'HG', from: 2012, to: 2016, powertrains: [pt('2.4', G, 2359, 0.5), pt('3.0', G, 2999, 0.25, { pf: 1.08 }), pt('3.0 LPi', L, 2999, 0.12), pt('HEV 2.4', H, 2359, 0.08, { from: 2014 }), pt('2.2 Diesel', D, 2199, 0.05, { from: 2015 }), pt('3.3', G, 3342, 0.03, { pf: 1.12 })] },
          { code: 'IG', from: 2017, to: 2022, powertrains: [pt('2.4', G, 2359, 0.35, { to: 2019 }), pt('2.5', G, 2497, 0.25, { from: 2020 }), pt('3.0', G, 2999, 0.12, { to: 2019, pf: 1.06 }), pt('3.3', G, 3342, 0.08, { pf: 1.12 }), pt('3.0 LPi', L, 2999, 0.1), pt('HEV 2.4', H, 2359, 0.15), pt('2.2 Diesel', D, 2199, 0.05, { to: 2019 })] },
          { code: 'GN7', from: 2023, to: 2025, powertrains: [pt('2.5', G, 2497, 0.4), pt('3.5', G, 3470, 0.15, { pf: 1.1, drive: fwdOr('AWD', 0.4) }), pt('HEV 1.6T', H, 1598, 0.35, { pf: 1.05 }), pt('3.5 LPi', L, 3470, 0.1)] },
        ],
      },
      {
        group: 'Kona', w: 5, body: 'SUV', band: [900, 3000], seats: 5, drive: fwdOr('4WD', 0.2), driveInTrim: true,
        grades: ['Smart', 'Modern', 'Premium', 'Inspiration'],
        generations: [
          { code: 'OS', from: 2018, to: 2022, powertrains: [pt('1.6T', G, 1591, 0.45, { trans: 'DCT' }), pt('1.6 Diesel', D, 1598, 0.2, { trans: 'DCT' }), pt('EV 64kWh', E, null, 0.2, { drive: '2WD', pf: 1.1 }), pt('HEV 1.6', H, 1580, 0.15, { trans: 'DCT', drive: '2WD', from: 2020 })] },
          { code: 'SX2', from: 2023, to: 2025, powertrains: [pt('1.6T', G, 1598, 0.35), pt('2.0', G, 1999, 0.25, { trans: 'CVT', drive: '2WD' }), pt('HEV 1.6', H, 1580, 0.25, { trans: 'DCT', drive: '2WD' }), pt('EV 64.8kWh', E, null, 0.15, { drive: '2WD', pf: 1.1 })] },
        ],
      },
      {
        group: 'Tucson', w: 8, body: 'SUV', band: [1000, 3500], seats: 5, drive: fwdOr('4WD', 0.25), driveInTrim: true,
        grades: ['Modern', 'Premium', 'Inspiration'],
        generations: [
          { code: 'LM', name: 'Tucson ix', from: 2012, to: 2015, powertrains: [pt('2.0 Diesel', D, 1995, 0.75, { trans: am(0.05) }), pt('2.0', G, 1999, 0.2), pt('2.0 LPi', L, 1998, 0.05, { drive: '2WD' })] },
          { code: 'TL', from: 2016, to: 2020, powertrains: [pt('2.0 Diesel', D, 1995, 0.5), pt('1.7 Diesel', D, 1685, 0.2, { trans: 'DCT', drive: '2WD' }), pt('1.6T', G, 1591, 0.15, { trans: 'DCT' }), pt('2.0', G, 1999, 0.15)] },
          { code: 'NX4', from: 2021, to: 2025, powertrains: [pt('1.6T', G, 1598, 0.4), pt('2.0 Diesel', D, 1998, 0.25), pt('HEV 1.6T', H, 1598, 0.3, { pf: 1.05 })] },
        ],
      },
      {
        group: 'Santa Fe', w: 12, body: 'SUV', band: [1500, 4500], seats: [[5, 0.6], [7, 0.4]], drive: fwdOr('4WD', 0.35), driveInTrim: true,
        grades: ['Modern', 'Premium', 'Exclusive', 'Inspiration', 'Calligraphy'],
        generations: [
          { code: 'DM', from: 2012, to: 2018, powertrains: [pt('2.0 Diesel', D, 1995, 0.55), pt('2.2 Diesel', D, 2199, 0.35, { pf: 1.05 }), pt('2.4', G, 2359, 0.1)] },
          { code: 'TM', from: 2019, to: 2023, powertrains: [pt('2.0 Diesel', D, 1995, 0.35, { to: 2020 }), pt('2.2 Diesel', D, 2151, 0.35, { pf: 1.05 }), pt('2.0T', G, 1998, 0.1, { to: 2020 }), pt('2.5T', G, 2497, 0.1, { from: 2021, pf: 1.05 }), pt('HEV 1.6T', H, 1598, 0.15, { from: 2021, pf: 1.05 }), pt('2.4', G, 2359, 0.05, { to: 2020 })] },
          { code: 'MX5', from: 2024, to: 2025, powertrains: [pt('2.5T', G, 2497, 0.5), pt('HEV 1.6T', H, 1598, 0.5)] },
        ],
      },
      {
        group: 'Palisade', w: 7, body: 'SUV', band: [1800, 5500], seats: [[7, 0.7], [8, 0.3]], drive: fwdOr('4WD', 0.5), driveInTrim: true,
        grades: ['Exclusive', 'Prestige', 'Calligraphy'],
        generations: [{ code: 'LX2', from: 2019, to: 2025, powertrains: [pt('2.2 Diesel', D, 2199, 0.6), pt('3.8', G, 3778, 0.4)] }],
      },
      {
        group: 'Staria', w: 4, body: 'Van', band: [2000, 4500], seats: [[9, 0.5], [11, 0.3], [7, 0.2]], drive: fwdOr('4WD', 0.1), driveInTrim: true,
        grades: ['Smart', 'Modern', 'Inspiration'],
        generations: [{ code: 'US4', from: 2021, to: 2025, powertrains: [pt('2.2 Diesel', D, 2199, 0.75), pt('3.5 LPi', L, 3470, 0.25, { drive: '2WD' })] }],
      },
      {
        group: 'Grand Starex', w: 4, body: 'Van', band: [700, 2800], seats: [[12, 0.5], [11, 0.3], [5, 0.1], [3, 0.1]], drive: fwdOr('4WD', 0.08), driveInTrim: true,
        grades: ['Smart', 'Modern', 'Premium'],
        generations: [{ code: 'TQ', from: 2012, to: 2021, powertrains: [pt('2.5 Diesel', D, 2497, 0.8, { trans: am(0.25) }), pt('2.4 LPi', L, 2359, 0.2, { drive: '2WD' })] }],
      },
      {
        group: 'Casper', w: 3, body: 'Light car', band: [300, 1500], seats: 4,
        grades: ['Smart', 'Modern', 'Inspiration'],
        generations: [{ code: 'AX1', from: 2022, to: 2025, powertrains: [pt('1.0', G, 998, 0.65), pt('1.0T', G, 998, 0.35, { pf: 1.08 })] }],
      },
      {
        group: 'Ioniq 5', w: 4, body: 'SUV', band: [2000, 5000], seats: 5,
        grades: ['Exclusive', 'Prestige'],
        generations: [{ code: 'NE', from: 2021, to: 2025, powertrains: [pt('Long Range', E, null, 0.75, { drive: fwdOr('AWD', 0.4) }), pt('Standard', E, null, 0.25, { drive: '2WD', pf: 0.9 })] }],
      },
      {
        group: 'Nexo', w: 1, body: 'SUV', band: [1500, 4500], seats: 5,
        grades: ['Modern', 'Premium'],
        generations: [{ code: 'FE', from: 2018, to: 2025, powertrains: [pt('FCEV', FC, null, 1, { pf: 0.8 })] }],
      },
      {
        group: 'Porter', w: 7, body: 'Truck', band: [600, 2500], seats: 3, drive: fwdOr('4WD', 0.05), driveInTrim: true,
        grades: ['Smart', 'Modern', 'Premium'],
        generations: [
          { code: 'HR', name: 'Porter II', from: 2012, to: 2025, powertrains: [pt('2.5 Diesel Super Cab', D, 2497, 0.55, { trans: am(0.5), to: 2023 }), pt('2.5 Diesel Double Cab', D, 2497, 0.15, { trans: am(0.5), to: 2023 }), pt('EV Super Cab', E, null, 0.2, { from: 2020, drive: '2WD' }), pt('2.5 LPi Turbo Super Cab', L, 2497, 0.1, { from: 2024, drive: '2WD' })] },
        ],
      },
    ],
  },
  {
    make: 'Kia',
    w: 25,
    premium: false,
    wmi: 'KNA',
    suffixes: KR_SUFFIXES,
    models: [
      {
        group: 'Morning', w: 8, body: 'Light car', band: [300, 1500], seats: 5,
        grades: ['Trendy', 'Prestige', 'Signature'],
        generations: [
          { code: 'TA', from: 2012, to: 2016, powertrains: [pt('1.0', G, 998, 0.9, { trans: am(0.12) }), pt('1.0 LPi', L, 998, 0.1)] },
          { code: 'JA', from: 2017, to: 2025, powertrains: [pt('1.0', G, 998, 0.92, { trans: am(0.05) }), pt('1.0 LPi', L, 998, 0.08, { to: 2020 })] },
        ],
      },
      {
        group: 'Ray', w: 8, body: 'Light car', band: [300, 1500], seats: 4,
        grades: ['Trendy', 'Prestige', 'Signature'],
        generations: [{ code: 'TAM', from: 2012, to: 2025, powertrains: [pt('1.0', G, 998, 0.93), pt('1.0 LPi', L, 998, 0.03, { to: 2017 }), pt('EV', E, null, 0.04, { from: 2023, pf: 1.15 })] }],
      },
      {
        group: 'K3', w: 7, body: 'Sedan', band: [600, 2000], seats: 5,
        grades: ['Trendy', 'Prestige', 'Noblesse', 'Signature'],
        generations: [
          { code: 'YD', from: 2013, to: 2018, powertrains: [pt('1.6', G, 1591, 0.85, { trans: am(0.06) }), pt('1.6 Diesel', D, 1582, 0.1, { trans: 'DCT' }), pt('1.6T GT', G, 1591, 0.05, { trans: 'DCT', from: 2017, pf: 1.1 })] },
          { code: 'BD', from: 2019, to: 2024, powertrains: [pt('1.6', G, 1598, 0.95, { trans: 'CVT' }), pt('1.6T GT', G, 1591, 0.05, { trans: 'DCT', pf: 1.1 })] },
        ],
      },
      {
        group: 'K5', w: 13, body: 'Sedan', band: [900, 3000], seats: 5,
        grades: ['Trendy', 'Prestige', 'Noblesse', 'Signature'],
        generations: [
          { code: 'TF', from: 2012, to: 2015, powertrains: [pt('2.0', G, 1998, 0.55), pt('2.0 LPi', L, 1998, 0.3), pt('HEV 2.0', H, 1999, 0.1), pt('2.0T', G, 1998, 0.05, { pf: 1.1 })] },
          { code: 'JF', from: 2016, to: 2019, powertrains: [pt('2.0', G, 1999, 0.45), pt('2.0 LPi', L, 1999, 0.25), pt('1.6T', G, 1591, 0.1, { trans: 'DCT' }), pt('1.7 Diesel', D, 1685, 0.08, { trans: 'DCT' }), pt('HEV 2.0', H, 1999, 0.12)] },
          { code: 'DL3', from: 2020, to: 2025, powertrains: [pt('2.0', G, 1999, 0.45), pt('1.6T', G, 1598, 0.15, { pf: 1.05 }), pt('2.0 LPi', L, 1999, 0.2), pt('HEV 2.0', H, 1999, 0.2)] },
        ],
      },
      {
        group: 'K7', w: 6, body: 'Sedan', band: [500, 3500], seats: 5,
        grades: ['Prestige', 'Noblesse', 'Signature'],
        generations: [
          { code: 'VG', from: 2012, to: 2015, powertrains: [pt('2.4', G, 2359, 0.55), pt('3.0', G, 2999, 0.15, { pf: 1.06 }), pt('3.0 LPi', L, 2999, 0.2), pt('HEV 2.4', H, 2359, 0.1, { from: 2014 })] },
          { code: 'YG', from: 2016, to: 2021, powertrains: [pt('2.4', G, 2359, 0.3, { to: 2019 }), pt('2.5', G, 2497, 0.15, { from: 2020 }), pt('3.0', G, 2999, 0.1, { pf: 1.06 }), pt('3.0 LPi', L, 2999, 0.15), pt('HEV 2.4', H, 2359, 0.18), pt('2.2 Diesel', D, 2199, 0.07, { to: 2019 }), pt('3.3', G, 3342, 0.05, { pf: 1.1 })] },
        ],
      },
      {
        group: 'K8', w: 7, body: 'Sedan', band: [1200, 4500], seats: 5,
        grades: ['Noblesse', 'Signature'],
        generations: [{ code: 'GL3', from: 2022, to: 2025, powertrains: [pt('2.5', G, 2497, 0.4), pt('3.5', G, 3470, 0.12, { pf: 1.1, drive: fwdOr('AWD', 0.4) }), pt('HEV 1.6T', H, 1598, 0.38, { pf: 1.05 }), pt('3.5 LPi', L, 3470, 0.1)] }],
      },
      {
        group: 'Sportage', w: 10, body: 'SUV', band: [1000, 3500], seats: 5, drive: fwdOr('4WD', 0.2), driveInTrim: true,
        grades: ['Trendy', 'Prestige', 'Noblesse', 'Signature'],
        generations: [
          { code: 'SL', name: 'Sportage R', from: 2012, to: 2015, powertrains: [pt('2.0 Diesel', D, 1995, 0.75, { trans: am(0.04) }), pt('2.0', G, 1998, 0.15), pt('2.0 LPi', L, 1998, 0.1, { drive: '2WD' })] },
          { code: 'QL', from: 2016, to: 2021, powertrains: [pt('2.0 Diesel', D, 1995, 0.5), pt('1.7 Diesel', D, 1685, 0.2, { trans: 'DCT', drive: '2WD' }), pt('1.6T', G, 1591, 0.15, { trans: 'DCT' }), pt('2.0', G, 1999, 0.15)] },
          { code: 'NQ5', from: 2022, to: 2025, powertrains: [pt('1.6T', G, 1598, 0.4), pt('2.0 Diesel', D, 1998, 0.2), pt('HEV 1.6T', H, 1598, 0.3, { pf: 1.05 }), pt('2.0 LPi', L, 1999, 0.1, { drive: '2WD' })] },
        ],
      },
      {
        group: 'Sorento', w: 14, body: 'SUV', band: [1500, 4500], seats: [[5, 0.5], [7, 0.5]], drive: fwdOr('4WD', 0.35), driveInTrim: true,
        grades: ['Trendy', 'Prestige', 'Noblesse', 'Signature', 'Gravity'],
        generations: [
          { code: 'XM', name: 'Sorento R', from: 2012, to: 2014, powertrains: [pt('2.0 Diesel', D, 1995, 0.5), pt('2.2 Diesel', D, 2199, 0.5)] },
          { code: 'UM', from: 2015, to: 2020, powertrains: [pt('2.0 Diesel', D, 1995, 0.45), pt('2.2 Diesel', D, 2199, 0.4, { pf: 1.05 }), pt('2.0T', G, 1998, 0.1), pt('2.4', G, 2359, 0.05)] },
          { code: 'MQ4', from: 2021, to: 2025, powertrains: [pt('2.2 Diesel', D, 2151, 0.35, { trans: 'DCT' }), pt('HEV 1.6T', H, 1598, 0.45, { pf: 1.05 }), pt('2.5T', G, 2497, 0.2, { trans: 'DCT' })] },
        ],
      },
      {
        group: 'Carnival', w: 12, body: 'Van', band: [1800, 5500], seats: [[9, 0.55], [7, 0.3], [11, 0.15]],
        grades: ['Prestige', 'Noblesse', 'Signature', 'Gravity'],
        generations: [
          { code: 'VQ', from: 2012, to: 2014, powertrains: [pt('2.2 Diesel', D, 2199, 1)] },
          { code: 'YP', from: 2015, to: 2020, powertrains: [pt('2.2 Diesel', D, 2199, 0.85), pt('3.3', G, 3342, 0.15)] },
          { code: 'KA4', from: 2021, to: 2025, powertrains: [pt('2.2 Diesel', D, 2151, 0.55), pt('3.5', G, 3470, 0.25), pt('HEV 1.6T', H, 1598, 0.2, { from: 2025, pf: 1.05 })] },
        ],
      },
      {
        group: 'EV6', w: 4, body: 'SUV', band: [2200, 5500], seats: 5,
        grades: ['Light', 'Air', 'Earth', 'GT-Line', 'GT'],
        generations: [{ code: 'CV', from: 2022, to: 2025, powertrains: [pt('Long Range', E, null, 0.75, { drive: fwdOr('AWD', 0.4), grades: ['Air', 'Earth', 'GT-Line'] }), pt('Standard', E, null, 0.2, { drive: '2WD', pf: 0.9, grades: ['Light', 'Air'] }), pt('Performance', E, null, 0.05, { drive: 'AWD', pf: 1.25, grades: ['GT'] })] }],
      },
      {
        group: 'Bongo', w: 6, body: 'Truck', band: [600, 2500], seats: 3, drive: fwdOr('4WD', 0.1), driveInTrim: true,
        grades: ['Standard', 'Deluxe', 'Premium'],
        generations: [
          { code: 'PU', name: 'Bongo III', from: 2012, to: 2025, powertrains: [pt('2.5 Diesel King Cab', D, 2497, 0.55, { trans: am(0.5), to: 2023 }), pt('2.5 Diesel Double Cab', D, 2497, 0.15, { trans: am(0.5), to: 2023 }), pt('EV King Cab', E, null, 0.2, { from: 2020, drive: '2WD' }), pt('2.5 LPi Turbo King Cab', L, 2497, 0.1, { from: 2024, drive: '2WD' })] },
        ],
      },
      {
        group: 'Niro', w: 5, body: 'SUV', band: [1000, 3500], seats: 5,
        grades: ['Trendy', 'Prestige', 'Noblesse', 'Signature'],
        generations: [
          { code: 'DE', from: 2017, to: 2021, powertrains: [pt('HEV 1.6', H, 1580, 0.8, { trans: 'DCT' }), pt('EV 64kWh', E, null, 0.2, { from: 2019, pf: 1.1 })] },
          { code: 'SG2', from: 2022, to: 2025, powertrains: [pt('HEV 1.6', H, 1580, 0.7, { trans: 'DCT' }), pt('EV', E, null, 0.3, { pf: 1.1 })] },
        ],
      },
    ],
  },
  {
    make: 'Genesis',
    w: 8,
    premium: true,
    wmi: 'KMT',
    suffixes: [['', 85], [' Plus', 8], [' Signature Design Selection', 7]],
    models: [
      {
        group: 'G70', w: 12, body: 'Sedan', band: [2000, 4500], seats: 5, drive: fwdOr('AWD', 0.35),
        grades: ['Standard', 'Premium', 'Sport'],
        generations: [{ code: 'IK', from: 2018, to: 2025, powertrains: [pt('2.0T', G, 1998, 0.6, { to: 2021 }), pt('2.5T', G, 2497, 0.6, { from: 2022, pf: 1.05 }), pt('3.3T', G, 3342, 0.25, { pf: 1.15 }), pt('2.2 Diesel', D, 2199, 0.1, { to: 2020 })] }],
      },
      {
        group: 'G80', w: 30, body: 'Sedan', band: [2000, 6500], seats: 5, drive: fwdOr('AWD', 0.4),
        grades: ['Standard', 'Premium', 'Sport'],
        generations: [
          { code: 'DH', from: 2017, to: 2020, powertrains: [pt('3.3', G, 3342, 0.6), pt('3.8', G, 3778, 0.2, { pf: 1.08 }), pt('2.2 Diesel', D, 2199, 0.1), pt('3.3T', G, 3342, 0.1, { pf: 1.1 })] },
          { code: 'RG3', from: 2021, to: 2025, powertrains: [pt('2.5T', G, 2497, 0.6), pt('3.5T', G, 3470, 0.25, { pf: 1.1 }), pt('2.2 Diesel', D, 2151, 0.07, { to: 2022 }), pt('Electrified', E, null, 0.08, { from: 2022, drive: 'AWD' })] },
        ],
      },
      {
        group: 'G90', w: 8, body: 'Sedan', band: [3500, 11000], seats: 5, drive: fwdOr('AWD', 0.7),
        grades: ['Premium Luxury', 'Prestige'],
        generations: [
          { code: 'HI', from: 2019, to: 2022, powertrains: [pt('3.8', G, 3778, 0.55), pt('3.3T', G, 3342, 0.35, { pf: 1.05 }), pt('5.0', G, 5038, 0.1, { pf: 1.2 })] },
          { code: 'RS4', from: 2023, to: 2025, powertrains: [pt('3.5T', G, 3470, 0.85), pt('3.5T e-SC', G, 3470, 0.15, { pf: 1.15, drive: 'AWD' })] },
        ],
      },
      {
        group: 'EQ900', w: 5, body: 'Sedan', band: [2000, 6000], seats: 5, drive: fwdOr('AWD', 0.6),
        grades: ['Luxury', 'Premium Luxury', 'Prestige'],
        generations: [{ code: 'HI', from: 2016, to: 2018, powertrains: [pt('3.8', G, 3778, 0.55), pt('3.3T', G, 3342, 0.35, { pf: 1.05 }), pt('5.0', G, 5038, 0.1, { pf: 1.2 })] }],
      },
      {
        group: 'GV70', w: 20, body: 'SUV', band: [3000, 6500], seats: 5, drive: fwdOr('AWD', 0.7),
        grades: ['Standard', 'Premium', 'Sport'],
        generations: [{ code: 'JK1', from: 2021, to: 2025, powertrains: [pt('2.5T', G, 2497, 0.6), pt('3.5T', G, 3470, 0.2, { pf: 1.1 }), pt('2.2 Diesel', D, 2151, 0.12, { to: 2023 }), pt('Electrified', E, null, 0.08, { from: 2022, drive: 'AWD' })] }],
      },
      {
        group: 'GV80', w: 20, body: 'SUV', band: [4500, 8500], seats: [[5, 0.6], [7, 0.4]], drive: fwdOr('AWD', 0.75),
        grades: ['Standard', 'Premium', 'Sport'],
        generations: [{ code: 'JX1', from: 2020, to: 2025, powertrains: [pt('2.5T', G, 2497, 0.5), pt('3.5T', G, 3470, 0.25, { pf: 1.1 }), pt('3.0 Diesel', D, 2959, 0.25, { to: 2023 })] }],
      },
      {
        group: 'GV60', w: 5, body: 'SUV', band: [3000, 6000], seats: 5, trimOrder: 'grade-label',
        grades: ['Standard', 'Performance'],
        generations: [{ code: 'JW1', from: 2022, to: 2025, powertrains: [pt('2WD', E, null, 0.4, { drive: '2WD', grades: ['Standard'] }), pt('AWD', E, null, 0.6, { drive: 'AWD' })] }],
      },
    ],
  },
  {
    make: 'Mercedes-Benz',
    w: 8,
    premium: true,
    wmi: 'WDD',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'C-Class', w: 20, body: 'Sedan', band: [900, 5000], seats: 5,
        grades: ['Avantgarde', 'Exclusive', 'AMG Line'],
        generations: [
          { code: 'W204', from: 2012, to: 2014, powertrains: [pt('C200', G, 1796, 0.6), pt('C220 CDI', D, 2143, 0.4)] },
          { code: 'W205', from: 2015, to: 2021, powertrains: [pt('C200', G, 1991, 0.45), pt('C220d', D, 2143, 0.25, { to: 2018 }), pt('C300', G, 1991, 0.15, { pf: 1.05 }), pt('C43 AMG 4MATIC', G, 2996, 0.05, { drive: 'AWD', pf: 1.3, grades: ['AMG Line'] }), pt('C350e', H, 1991, 0.1, { from: 2016, to: 2018 })] },
          { code: 'W206', from: 2022, to: 2025, powertrains: [pt('C200', G, 1999, 0.5), pt('C300', G, 1999, 0.35, { pf: 1.05 }), pt('C300 4MATIC', G, 1999, 0.15, { drive: 'AWD', pf: 1.08 })] },
        ],
      },
      {
        group: 'E-Class', w: 40, body: 'Sedan', band: [1500, 7000], seats: 5,
        grades: ['Avantgarde', 'Exclusive', 'AMG Line'],
        generations: [
          { code: 'W212', from: 2012, to: 2016, powertrains: [pt('E220 CDI', D, 2143, 0.3), pt('E250 CDI 4MATIC', D, 2143, 0.15, { drive: 'AWD' }), pt('E300', G, 3498, 0.25, { pf: 1.05 }), pt('E200', G, 1991, 0.1, { from: 2014 }), pt('E350 4MATIC', G, 3498, 0.1, { drive: 'AWD', pf: 1.1 }), pt('E250', G, 1991, 0.1)] },
          { code: 'W213', from: 2017, to: 2023, powertrains: [pt('E220d', D, 1950, 0.15, { to: 2020 }), pt('E220d 4MATIC', D, 1950, 0.12, { drive: 'AWD' }), pt('E250', G, 1991, 0.15, { to: 2020 }), pt('E300', G, 1991, 0.15, { pf: 1.05 }), pt('E300 4MATIC', G, 1991, 0.2, { drive: 'AWD', pf: 1.05 }), pt('E350 4MATIC', G, 1991, 0.05, { drive: 'AWD', pf: 1.1 }), pt('E300e', H, 1991, 0.05, { from: 2020 }), pt('E450 4MATIC', G, 2999, 0.05, { drive: 'AWD', from: 2021, pf: 1.2 })] },
          { code: 'W214', from: 2024, to: 2025, powertrains: [pt('E200', G, 1999, 0.3), pt('E300 4MATIC', G, 1999, 0.35, { drive: 'AWD', pf: 1.05 }), pt('E220d 4MATIC', D, 1993, 0.2, { drive: 'AWD' }), pt('E450 4MATIC', G, 2999, 0.15, { drive: 'AWD', pf: 1.15 })] },
        ],
      },
      {
        group: 'S-Class', w: 12, body: 'Sedan', band: [3000, 16000], seats: 5,
        grades: ['Exclusive', 'AMG Line'],
        generations: [
          { code: 'W222', from: 2014, to: 2020, powertrains: [pt('S350d', D, 2987, 0.3), pt('S350d 4MATIC L', D, 2925, 0.15, { drive: 'AWD', from: 2018 }), pt('S400 4MATIC L', G, 2996, 0.15, { drive: 'AWD' }), pt('S500 4MATIC L', G, 4663, 0.25, { drive: 'AWD', pf: 1.15 }), pt('S560 4MATIC L', G, 3982, 0.15, { drive: 'AWD', from: 2018, pf: 1.2 })] },
          { code: 'W223', from: 2021, to: 2025, powertrains: [pt('S350d 4MATIC', D, 2925, 0.2, { drive: 'AWD' }), pt('S400d 4MATIC L', D, 2925, 0.25, { drive: 'AWD' }), pt('S500 4MATIC L', G, 2999, 0.4, { drive: 'AWD', pf: 1.1 }), pt('S580 4MATIC L', G, 3982, 0.15, { drive: 'AWD', pf: 1.2 })] },
        ],
      },
      {
        group: 'GLC', w: 12, body: 'SUV', band: [2000, 7000], seats: 5,
        grades: ['Avantgarde', 'Exclusive', 'AMG Line'],
        generations: [
          { code: 'X253', from: 2016, to: 2022, powertrains: [pt('GLC 220d 4MATIC', D, 2143, 0.4, { drive: 'AWD' }), pt('GLC 300 4MATIC', G, 1991, 0.45, { drive: 'AWD', pf: 1.05 }), pt('GLC 350e 4MATIC', H, 1991, 0.15, { drive: 'AWD', from: 2017, to: 2019 })] },
          { code: 'X254', from: 2023, to: 2025, powertrains: [pt('GLC 300 4MATIC', G, 1999, 0.7, { drive: 'AWD' }), pt('GLC 220d 4MATIC', D, 1993, 0.3, { drive: 'AWD' })] },
        ],
      },
      {
        group: 'GLE', w: 8, body: 'SUV', band: [3000, 10000], seats: [[5, 0.6], [7, 0.4]],
        grades: ['Avantgarde', 'Exclusive', 'AMG Line'],
        generations: [
          { code: 'W166', from: 2016, to: 2018, powertrains: [pt('GLE 350d 4MATIC', D, 2987, 0.8, { drive: 'AWD' }), pt('GLE 400 4MATIC', G, 2996, 0.2, { drive: 'AWD' })] },
          { code: 'V167', from: 2019, to: 2025, powertrains: [pt('GLE 300d 4MATIC', D, 1950, 0.35, { drive: 'AWD' }), pt('GLE 400d 4MATIC', D, 2925, 0.3, { drive: 'AWD', pf: 1.05 }), pt('GLE 450 4MATIC', G, 2999, 0.35, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'CLA', w: 5, body: 'Sedan', band: [1200, 4000], seats: 5,
        grades: ['Avantgarde', 'AMG Line'],
        generations: [
          { code: 'C117', from: 2014, to: 2019, powertrains: [pt('CLA 200', G, 1595, 0.4, { trans: 'DCT' }), pt('CLA 220d', D, 2143, 0.3, { trans: 'DCT' }), pt('CLA 250 4MATIC', G, 1991, 0.3, { trans: 'DCT', drive: 'AWD', pf: 1.1 })] },
          { code: 'C118', from: 2020, to: 2025, powertrains: [pt('CLA 250 4MATIC', G, 1991, 0.6, { trans: 'DCT', drive: 'AWD' }), pt('CLA 220', G, 1991, 0.25, { trans: 'DCT' }), pt('CLA 45 S AMG 4MATIC+', G, 1991, 0.15, { trans: 'DCT', drive: 'AWD', pf: 1.3, grades: ['AMG Line'] })] },
        ],
      },
      {
        group: 'A-Class', w: 3, body: 'Hatchback', band: [1500, 4000], seats: 5,
        grades: ['Standard', 'AMG Line'],
        generations: [{ code: 'W177', from: 2019, to: 2025, powertrains: [pt('A220', G, 1991, 0.6, { trans: 'DCT' }), pt('A250 4MATIC', G, 1991, 0.25, { trans: 'DCT', drive: 'AWD', pf: 1.1 }), pt('A35 AMG 4MATIC', G, 1991, 0.15, { trans: 'DCT', drive: 'AWD', pf: 1.3, grades: ['AMG Line'] })] }],
      },
    ],
  },
  {
    make: 'BMW',
    w: 8,
    premium: true,
    wmi: 'WBA',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: '3 Series', w: 25, body: 'Sedan', band: [800, 5000], seats: 5,
        grades: ['Sport Line', 'Luxury', 'M Sport'],
        generations: [
          { code: 'F30', from: 2012, to: 2018, powertrains: [pt('320d', D, 1995, 0.45), pt('320d xDrive', D, 1995, 0.1, { drive: 'AWD' }), pt('320i', G, 1997, 0.15), pt('328i', G, 1997, 0.15, { to: 2016, pf: 1.05 }), pt('330i', G, 1998, 0.05, { from: 2016, pf: 1.08 }), pt('320d ED', D, 1995, 0.1, { pf: 0.95 })] },
          { code: 'G20', from: 2019, to: 2025, powertrains: [pt('320i', G, 1998, 0.35), pt('320d', D, 1995, 0.25), pt('330i', G, 1998, 0.15, { pf: 1.08 }), pt('320d xDrive', D, 1995, 0.08, { drive: 'AWD' }), pt('330e', H, 1998, 0.1), pt('M340i xDrive', G, 2998, 0.07, { drive: 'AWD', pf: 1.3 })] },
        ],
      },
      {
        group: '5 Series', w: 40, body: 'Sedan', band: [1500, 7000], seats: 5,
        grades: ['Luxury', 'M Sport'],
        generations: [
          { code: 'F10', from: 2012, to: 2016, powertrains: [pt('520d', D, 1995, 0.45), pt('520d xDrive', D, 1995, 0.12, { drive: 'AWD' }), pt('528i', G, 1997, 0.15, { pf: 1.05 }), pt('528i xDrive', G, 1997, 0.05, { drive: 'AWD', pf: 1.05 }), pt('520i', G, 1997, 0.08, { from: 2014 }), pt('535i', G, 2979, 0.05, { pf: 1.1 }), pt('525d xDrive', D, 1995, 0.1, { drive: 'AWD', from: 2014 })] },
          { code: 'G30', from: 2017, to: 2023, powertrains: [pt('520d', D, 1995, 0.3), pt('520i', G, 1998, 0.2), pt('530i', G, 1998, 0.12, { pf: 1.08 }), pt('530i xDrive', G, 1998, 0.08, { drive: 'AWD', pf: 1.1 }), pt('520d xDrive', D, 1995, 0.08, { drive: 'AWD' }), pt('530e', H, 1998, 0.1, { from: 2018 }), pt('523d', D, 1995, 0.05, { from: 2021 }), pt('540i xDrive', G, 2998, 0.04, { drive: 'AWD', pf: 1.15 }), pt('M550i xDrive', G, 4395, 0.03, { drive: 'AWD', pf: 1.3 })] },
          { code: 'G60', from: 2024, to: 2025, powertrains: [pt('520i', G, 1998, 0.5), pt('530i xDrive', G, 1998, 0.2, { drive: 'AWD', pf: 1.1 }), pt('523d', D, 1995, 0.1), pt('i5 eDrive40', E, null, 0.15, { pf: 1.1 }), pt('i5 M60 xDrive', E, null, 0.05, { drive: 'AWD', pf: 1.3 })] },
        ],
      },
      {
        group: '7 Series', w: 8, body: 'Sedan', band: [2500, 14000], seats: 5,
        grades: ['Design Pure Excellence', 'M Sport'],
        generations: [
          { code: 'F01', from: 2012, to: 2015, powertrains: [pt('730d', D, 2993, 0.4), pt('740Li', G, 2979, 0.3, { pf: 1.05 }), pt('750Li xDrive', G, 4395, 0.3, { drive: 'AWD', pf: 1.1 })] },
          { code: 'G11', from: 2016, to: 2022, powertrains: [pt('730d xDrive', D, 2993, 0.3, { drive: 'AWD' }), pt('740Li xDrive', G, 2998, 0.35, { drive: 'AWD', pf: 1.05 }), pt('740Le xDrive', H, 1998, 0.15, { drive: 'AWD' }), pt('750Li xDrive', G, 4395, 0.2, { drive: 'AWD', pf: 1.15 })] },
          { code: 'G70', from: 2023, to: 2025, powertrains: [pt('740i', G, 2998, 0.4), pt('740d xDrive', D, 2993, 0.2, { drive: 'AWD' }), pt('i7 xDrive60', E, null, 0.4, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'X3', w: 10, body: 'SUV', band: [1500, 6000], seats: 5,
        grades: ['xLine', 'M Sport'],
        generations: [
          { code: 'F25', from: 2012, to: 2017, powertrains: [pt('xDrive20d', D, 1995, 0.8, { drive: 'AWD' }), pt('xDrive30d', D, 2993, 0.2, { drive: 'AWD', pf: 1.1 })] },
          { code: 'G01', from: 2018, to: 2025, powertrains: [pt('xDrive20d', D, 1995, 0.4, { drive: 'AWD' }), pt('xDrive20i', G, 1998, 0.25, { drive: 'AWD' }), pt('xDrive30e', H, 1998, 0.1, { drive: 'AWD', from: 2020 }), pt('sDrive20i', G, 1998, 0.1, { from: 2020, pf: 0.95 }), pt('M40i', G, 2998, 0.05, { drive: 'AWD', pf: 1.3 }), pt('xDrive30d', D, 2993, 0.1, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'X5', w: 8, body: 'SUV', band: [3000, 11000], seats: [[5, 0.8], [7, 0.2]],
        grades: ['xLine', 'M Sport'],
        generations: [
          { code: 'F15', from: 2014, to: 2018, powertrains: [pt('xDrive30d', D, 2993, 0.7, { drive: 'AWD' }), pt('xDrive40d', D, 2993, 0.15, { drive: 'AWD', pf: 1.05 }), pt('M50d', D, 2993, 0.15, { drive: 'AWD', pf: 1.2 })] },
          { code: 'G05', from: 2019, to: 2025, powertrains: [pt('xDrive30d', D, 2993, 0.45, { drive: 'AWD' }), pt('xDrive40i', G, 2998, 0.3, { drive: 'AWD', pf: 1.05 }), pt('xDrive45e', H, 2998, 0.15, { drive: 'AWD', from: 2020 }), pt('M50i', G, 4395, 0.1, { drive: 'AWD', pf: 1.2 })] },
        ],
      },
      {
        group: '4 Series', w: 5, body: 'Coupe', band: [2000, 6500], seats: 4,
        grades: ['Luxury', 'M Sport'],
        generations: [
          { code: 'F32', from: 2014, to: 2020, powertrains: [pt('420d Coupe', D, 1995, 0.4), pt('420i Coupe', G, 1998, 0.3), pt('430i Coupe', G, 1998, 0.2, { pf: 1.08 }), pt('420d xDrive Coupe', D, 1995, 0.1, { drive: 'AWD' })] },
          { code: 'G22', from: 2021, to: 2025, powertrains: [pt('420i Coupe', G, 1998, 0.55), pt('430i Coupe', G, 1998, 0.25, { pf: 1.08 }), pt('M440i xDrive Coupe', G, 2998, 0.2, { drive: 'AWD', pf: 1.2 })] },
        ],
      },
      {
        group: 'X7', w: 4, body: 'SUV', band: [6000, 14000], seats: [[7, 0.7], [6, 0.3]],
        grades: ['Design Pure Excellence', 'M Sport'],
        generations: [{ code: 'G07', from: 2019, to: 2025, powertrains: [pt('xDrive40i', G, 2998, 0.55, { drive: 'AWD' }), pt('xDrive40d', D, 2993, 0.3, { drive: 'AWD' }), pt('M60i xDrive', G, 4395, 0.15, { drive: 'AWD', pf: 1.15 })] }],
      },
    ],
  },
  {
    make: 'Chevrolet',
    w: 4,
    premium: false,
    wmi: 'KL1',
    suffixes: LOCAL_SUFFIXES,
    models: [
      {
        group: 'Spark', w: 25, body: 'Light car', band: [300, 1500], seats: 5,
        grades: ['LS', 'LT', 'LTZ', 'Premier'],
        generations: [
          { code: 'M300', from: 2012, to: 2015, powertrains: [pt('1.0', G, 995, 0.9, { trans: am(0.15) }), pt('1.0 LPi', L, 995, 0.1)] },
          { code: 'M400', name: 'The Next Spark', from: 2016, to: 2022, powertrains: [pt('1.0', G, 999, 1, { trans: [['CVT', 0.8], ['Manual', 0.2]] })] },
        ],
      },
      {
        group: 'Malibu', w: 25, body: 'Sedan', band: [600, 2500], seats: 5,
        grades: ['LS', 'LT', 'LTZ', 'Premier'],
        generations: [
          { code: 'V300', from: 2012, to: 2016, powertrains: [pt('2.0', G, 1998, 0.6), pt('2.0 LPi', L, 1998, 0.3), pt('2.4', G, 2384, 0.1, { pf: 1.05 })] },
          { code: 'V400', from: 2017, to: 2022, powertrains: [pt('1.5T', G, 1490, 0.45), pt('2.0T', G, 1998, 0.15, { pf: 1.1 }), pt('1.6 Diesel', D, 1598, 0.1, { from: 2018, to: 2019 }), pt('1.35T', G, 1341, 0.15, { trans: 'CVT', from: 2019 }), pt('2.0 LPi', L, 1998, 0.1), pt('Hybrid', H, 1796, 0.05, { to: 2018 })] },
        ],
      },
      {
        group: 'Trax', w: 15, body: 'SUV', band: [700, 2200], seats: 5,
        grades: ['LS', 'LT', 'Premier', 'RS'],
        generations: [
          { from: 2013, to: 2022, powertrains: [pt('1.4T', G, 1362, 0.7), pt('1.6 Diesel', D, 1598, 0.3)] },
          { name: 'Trax Crossover', from: 2023, to: 2025, powertrains: [pt('1.2T', G, 1199, 1)] },
        ],
      },
      {
        group: 'Trailblazer', w: 15, body: 'SUV', band: [1200, 2600], seats: 5,
        grades: ['LS', 'LT', 'Premier', 'RS', 'Activ'],
        generations: [{ from: 2020, to: 2025, powertrains: [pt('1.35T', G, 1341, 0.7, { trans: 'CVT' }), pt('1.35T AWD', G, 1341, 0.3, { drive: 'AWD', pf: 1.05 })] }],
      },
      {
        group: 'Colorado', w: 8, body: 'Truck', band: [2000, 4000], seats: 5, drive: fwdOr('4WD', 0.85),
        grades: ['Extreme', 'Extreme X', 'Z71-X'],
        generations: [
          { from: 2019, to: 2023, powertrains: [pt('3.6 V6', G, 3649, 1)] },
          { name: 'The New Colorado', from: 2024, to: 2025, powertrains: [pt('2.7T', G, 2727, 1, { drive: '4WD' })] },
        ],
      },
      {
        group: 'Cruze', w: 7, body: 'Sedan', band: [400, 1500], seats: 5,
        grades: ['LS', 'LT', 'LTZ'],
        generations: [
          { code: 'J300', from: 2012, to: 2016, powertrains: [pt('1.8', G, 1796, 0.75, { trans: am(0.1) }), pt('2.0 Diesel', D, 1998, 0.2), pt('1.4T', G, 1362, 0.05)] },
          { code: 'J400', from: 2017, to: 2018, powertrains: [pt('1.4T', G, 1399, 0.8), pt('1.6 Diesel', D, 1598, 0.2)] },
        ],
      },
      {
        group: 'Equinox', w: 5, body: 'SUV', band: [1200, 2800], seats: 5, drive: fwdOr('AWD', 0.4),
        grades: ['LS', 'LT', 'Premier'],
        generations: [{ from: 2019, to: 2022, powertrains: [pt('1.6 Diesel', D, 1598, 1)] }],
      },
    ],
  },
  {
    make: 'Renault Korea',
    w: 4,
    premium: false,
    wmi: 'KNM',
    suffixes: [['', 80], [' Signature', 12], [' Plus', 8]],
    models: [
      {
        group: 'QM6', w: 35, body: 'SUV', band: [900, 3000], seats: 5,
        grades: ['SE', 'LE', 'RE', 'Premiere'],
        generations: [{ code: 'HZG', from: 2017, to: 2025, powertrains: [pt('2.0 GDe', G, 1998, 0.4, { trans: 'CVT' }), pt('2.0 LPe', L, 1998, 0.45, { trans: 'CVT' }), pt('2.0 dCi', D, 1995, 0.15, { trans: 'CVT', drive: fwdOr('4WD', 0.4), to: 2022 })] }],
      },
      {
        group: 'SM6', w: 25, body: 'Sedan', band: [800, 2500], seats: 5,
        grades: ['SE', 'LE', 'RE', 'Premiere'],
        generations: [{ code: 'LFD', from: 2016, to: 2025, powertrains: [pt('2.0 GDe', G, 1998, 0.35, { trans: 'CVT', to: 2019 }), pt('1.6 TCe', G, 1618, 0.1, { trans: 'DCT', to: 2019, pf: 1.05 }), pt('2.0 LPe', L, 1998, 0.35, { trans: 'CVT' }), pt('1.5 dCi', D, 1461, 0.07, { trans: 'DCT', to: 2019 }), pt('1.3 TCe', G, 1332, 0.13, { trans: 'DCT', from: 2020 })] }],
      },
      {
        group: 'XM3', w: 15, body: 'SUV', band: [1200, 2500], seats: 5,
        grades: ['SE', 'LE', 'RE', 'Iconic'],
        generations: [
          { from: 2020, to: 2023, powertrains: [pt('1.6 GTe', G, 1598, 0.4, { trans: 'CVT' }), pt('1.3 TCe 260', G, 1332, 0.45, { trans: 'DCT', pf: 1.05 }), pt('E-Tech Hybrid', H, 1598, 0.15, { from: 2023, pf: 1.1 })] },
          { name: 'Arkana', from: 2024, to: 2025, powertrains: [pt('1.6 GTe', G, 1598, 0.4, { trans: 'CVT' }), pt('1.3 TCe 260', G, 1332, 0.4, { trans: 'DCT', pf: 1.05 }), pt('E-Tech Hybrid', H, 1598, 0.2, { pf: 1.1 })] },
        ],
      },
      {
        group: 'SM5', w: 10, body: 'Sedan', band: [300, 1200], seats: 5,
        grades: ['SE', 'LE', 'RE'],
        generations: [{ code: 'L43', from: 2012, to: 2019, powertrains: [pt('2.0', G, 1998, 0.4, { trans: 'CVT' }), pt('2.0 LPLi', L, 1998, 0.5), pt('1.5 dCi', D, 1461, 0.1, { trans: 'DCT', from: 2014 })] }],
      },
      {
        group: 'SM3', w: 12, body: 'Sedan', band: [300, 1000], seats: 5,
        grades: ['SE', 'LE', 'RE'],
        generations: [{ code: 'L38', from: 2012, to: 2020, powertrains: [pt('1.6', G, 1598, 0.85, { trans: 'CVT' }), pt('1.5 dCi', D, 1461, 0.1, { trans: 'DCT', from: 2014 }), pt('Z.E.', E, null, 0.05, { from: 2014 })] }],
      },
      {
        group: 'Grand Koleos', w: 3, body: 'SUV', band: [3000, 4500], seats: 5,
        grades: ['Techno', 'Iconic', 'Esprit Alpine'],
        generations: [{ from: 2024, to: 2025, powertrains: [pt('E-Tech Hybrid', H, 1499, 0.7), pt('2.0T 4WD', G, 1969, 0.3, { trans: 'DCT', drive: '4WD' })] }],
      },
    ],
  },
  {
    make: 'KG Mobility',
    w: 4,
    premium: false,
    wmi: 'KPT',
    suffixes: LOCAL_SUFFIXES,
    models: [
      {
        group: 'Torres', w: 20, body: 'SUV', band: [1800, 3500], seats: 5, drive: fwdOr('4WD', 0.3), driveInTrim: true,
        grades: ['T5', 'T7'],
        generations: [{ code: 'J100', from: 2022, to: 2025, powertrains: [pt('1.5T', G, 1497, 0.7), pt('EVX', E, null, 0.2, { from: 2023, drive: '2WD', pf: 1.1 }), pt('HEV 1.5T', H, 1497, 0.1, { from: 2025, drive: '2WD', pf: 1.05 })] }],
      },
      {
        group: 'Tivoli', w: 20, body: 'SUV', band: [600, 2300], seats: 5, drive: fwdOr('4WD', 0.1), driveInTrim: true,
        grades: ['V1', 'V3', 'V5', 'V7'],
        generations: [{ code: 'X100', from: 2015, to: 2025, powertrains: [pt('1.6', G, 1597, 0.35, { to: 2019 }), pt('1.6 Diesel', D, 1597, 0.25, { to: 2020 }), pt('1.5T', G, 1497, 0.35, { from: 2020 })] }],
      },
      {
        group: 'Korando', w: 15, body: 'SUV', band: [700, 2600], seats: 5, drive: fwdOr('4WD', 0.25), driveInTrim: true,
        grades: ['C3', 'C5', 'C7'],
        generations: [
          { code: 'C200', name: 'Korando C', from: 2012, to: 2018, powertrains: [pt('2.0 Diesel', D, 1998, 0.7), pt('2.2 Diesel', D, 2157, 0.3, { from: 2017 })] },
          { code: 'C300', from: 2019, to: 2025, powertrains: [pt('1.6 Diesel', D, 1597, 0.4, { to: 2021 }), pt('1.5T', G, 1497, 0.4), pt('1.5T LPG', L, 1497, 0.1, { from: 2021, drive: '2WD' }), pt('e-Motion', E, null, 0.1, { from: 2022, drive: '2WD', pf: 1.1 })] },
        ],
      },
      {
        group: 'Rexton', w: 20, body: 'SUV', band: [1000, 4500], seats: [[5, 0.4], [7, 0.6]], drive: fwdOr('4WD', 0.6), driveInTrim: true,
        grades: ['Prestige', 'Noblesse', 'The Black'],
        generations: [
          { name: 'Rexton W', from: 2012, to: 2017, powertrains: [pt('2.0 Diesel', D, 1998, 1)] },
          { code: 'Y400', name: 'G4 Rexton', from: 2017, to: 2020, powertrains: [pt('2.2 Diesel', D, 2157, 1)] },
          { code: 'Y450', name: 'All New Rexton', from: 2021, to: 2025, powertrains: [pt('2.2 Diesel', D, 2157, 1)] },
        ],
      },
      {
        group: 'Rexton Sports', w: 20, body: 'Truck', band: [1200, 3800], seats: 5, drive: fwdOr('4WD', 0.7), driveInTrim: true,
        grades: ['Wild', 'Prestige', 'Noblesse'],
        generations: [{ code: 'Q200', from: 2018, to: 2025, powertrains: [pt('2.2 Diesel', D, 2157, 1, { trans: am(0.1) })] }],
      },
      {
        group: 'Korando Sports', w: 5, body: 'Truck', band: [600, 1500], seats: 5, drive: fwdOr('4WD', 0.6), driveInTrim: true,
        grades: ['CX5', 'CX7'],
        generations: [{ code: 'Q150', from: 2012, to: 2017, powertrains: [pt('2.0 Diesel', D, 1998, 0.7, { trans: am(0.3) }), pt('2.2 Diesel', D, 2157, 0.3, { from: 2016 })] }],
      },
    ],
  },
  {
    make: 'Audi',
    w: 3,
    premium: true,
    wmi: 'WAU',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'A6', w: 40, body: 'Sedan', band: [1200, 6500], seats: 5,
        grades: ['Standard', 'Premium', 'S line'],
        generations: [
          { code: 'C7', from: 2012, to: 2018, powertrains: [pt('2.0 TDI', D, 1968, 0.4, { trans: 'DCT' }), pt('3.0 TDI quattro', D, 2967, 0.3, { drive: 'AWD', pf: 1.1 }), pt('2.0 TFSI', G, 1984, 0.2, { trans: 'DCT' }), pt('3.0 TFSI quattro', G, 2995, 0.1, { drive: 'AWD', pf: 1.1 })] },
          { code: 'C8', from: 2019, to: 2025, powertrains: [pt('45 TFSI quattro', G, 1984, 0.45, { drive: 'AWD' }), pt('40 TDI', D, 1968, 0.15, { trans: 'DCT' }), pt('45 TDI quattro', D, 2967, 0.2, { drive: 'AWD', pf: 1.1 }), pt('40 TDI quattro', D, 1968, 0.1, { drive: 'AWD' }), pt('55 TFSI e quattro', H, 1984, 0.1, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'A4', w: 20, body: 'Sedan', band: [800, 4500], seats: 5,
        grades: ['Standard', 'Premium', 'S line'],
        generations: [
          { code: 'B8', from: 2012, to: 2016, powertrains: [pt('2.0 TDI', D, 1968, 0.5, { trans: 'CVT' }), pt('2.0 TFSI quattro', G, 1984, 0.3, { drive: 'AWD', pf: 1.05 }), pt('2.0 TFSI', G, 1984, 0.2, { trans: 'CVT' })] },
          { code: 'B9', from: 2017, to: 2025, powertrains: [pt('40 TDI', D, 1968, 0.3, { trans: 'DCT' }), pt('45 TFSI quattro', G, 1984, 0.4, { trans: 'DCT', drive: 'AWD', pf: 1.1 }), pt('40 TFSI', G, 1984, 0.3, { trans: 'DCT' })] },
        ],
      },
      {
        group: 'Q5', w: 15, body: 'SUV', band: [1500, 6000], seats: 5,
        grades: ['Standard', 'Premium', 'S line'],
        generations: [
          { code: '8R', from: 2012, to: 2017, powertrains: [pt('2.0 TDI quattro', D, 1968, 0.7, { drive: 'AWD' }), pt('3.0 TDI quattro', D, 2967, 0.3, { drive: 'AWD', pf: 1.1 })] },
          { code: 'FY', from: 2018, to: 2025, powertrains: [pt('40 TDI quattro', D, 1968, 0.5, { drive: 'AWD' }), pt('45 TFSI quattro', G, 1984, 0.4, { drive: 'AWD', pf: 1.05 }), pt('55 TFSI e quattro', H, 1984, 0.1, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'A7', w: 8, body: 'Sedan', band: [2000, 8000], seats: 4,
        grades: ['Premium', 'S line'],
        generations: [
          { code: '4G', from: 2012, to: 2018, powertrains: [pt('3.0 TDI quattro', D, 2967, 0.8, { drive: 'AWD' }), pt('3.0 TFSI quattro', G, 2995, 0.2, { drive: 'AWD' })] },
          { code: '4K', from: 2019, to: 2025, powertrains: [pt('45 TDI quattro', D, 2967, 0.4, { drive: 'AWD' }), pt('55 TFSI quattro', G, 2995, 0.4, { drive: 'AWD', pf: 1.1 }), pt('45 TFSI quattro', G, 1984, 0.2, { drive: 'AWD' })] },
        ],
      },
      {
        group: 'Q7', w: 7, body: 'SUV', band: [2500, 8000], seats: 7,
        grades: ['Premium', 'S line'],
        generations: [{ code: '4M', from: 2016, to: 2025, powertrains: [pt('45 TDI quattro', D, 2967, 0.5, { drive: 'AWD' }), pt('55 TFSI quattro', G, 2995, 0.3, { drive: 'AWD', pf: 1.1 }), pt('50 TDI quattro', D, 2967, 0.2, { drive: 'AWD', pf: 1.05 })] }],
      },
      {
        group: 'e-tron', w: 5, body: 'SUV', band: [3000, 7000], seats: 5,
        grades: ['Standard', 'Sportback'],
        generations: [{ code: 'GE', from: 2020, to: 2023, powertrains: [pt('55 quattro', E, null, 0.8, { drive: 'AWD' }), pt('50 quattro', E, null, 0.2, { drive: 'AWD', pf: 0.9 })] }],
      },
      {
        group: 'A8', w: 5, body: 'Sedan', band: [2500, 11000], seats: 5,
        grades: ['Standard', 'L'],
        generations: [
          { code: 'D4', from: 2012, to: 2017, powertrains: [pt('3.0 TDI quattro', D, 2967, 0.6, { drive: 'AWD' }), pt('4.2 FSI quattro', G, 4163, 0.4, { drive: 'AWD', pf: 1.1 })] },
          { code: 'D5', from: 2018, to: 2025, powertrains: [pt('50 TDI quattro', D, 2967, 0.5, { drive: 'AWD' }), pt('55 TFSI quattro', G, 2995, 0.4, { drive: 'AWD', pf: 1.05 }), pt('60 TFSI quattro', G, 3996, 0.1, { drive: 'AWD', pf: 1.2 })] },
        ],
      },
    ],
  },
  {
    make: 'Volkswagen',
    w: 1.5,
    premium: false,
    wmi: 'WVW',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'Golf', w: 30, body: 'Hatchback', band: [800, 3500], seats: 5,
        grades: ['Comfortline', 'Highline', 'R-Line', 'Prestige'],
        generations: [
          { code: 'Mk7', from: 2014, to: 2020, powertrains: [pt('2.0 TDI', D, 1968, 0.6, { trans: 'DCT' }), pt('1.4 TSI', G, 1395, 0.2, { trans: 'DCT' }), pt('GTI', G, 1984, 0.2, { trans: 'DCT', pf: 1.2 })] },
          { code: 'Mk8', from: 2021, to: 2025, powertrains: [pt('2.0 TDI', D, 1968, 0.7, { trans: 'DCT' }), pt('GTI', G, 1984, 0.3, { trans: 'DCT', pf: 1.2 })] },
        ],
      },
      {
        group: 'Tiguan', w: 35, body: 'SUV', band: [1200, 4500], seats: 5,
        grades: ['Comfortline', 'Highline', 'R-Line', 'Prestige'],
        generations: [{ code: 'AD', from: 2017, to: 2025, powertrains: [pt('2.0 TDI', D, 1968, 0.5, { trans: 'DCT' }), pt('2.0 TDI 4MOTION', D, 1968, 0.4, { trans: 'DCT', drive: 'AWD', pf: 1.05 }), pt('2.0 TSI 4MOTION', G, 1984, 0.1, { trans: 'DCT', drive: 'AWD', from: 2022, pf: 1.05 })] }],
      },
      {
        group: 'Passat', w: 20, body: 'Sedan', band: [900, 3800], seats: 5,
        grades: ['Comfortline', 'Highline', 'R-Line', 'Prestige'],
        generations: [{ code: 'B8', from: 2016, to: 2023, powertrains: [pt('2.0 TDI', D, 1968, 0.6, { trans: 'DCT' }), pt('GT 2.0 TDI 4MOTION', D, 1968, 0.25, { trans: 'DCT', drive: 'AWD', pf: 1.1 }), pt('2.0 TSI', G, 1984, 0.15, { trans: 'DCT', from: 2020 })] }],
      },
      {
        group: 'Arteon', w: 15, body: 'Sedan', band: [2000, 4500], seats: 5,
        grades: ['Elegance', 'R-Line', 'Prestige'],
        generations: [{ code: '3H', from: 2019, to: 2024, powertrains: [pt('2.0 TDI', D, 1968, 0.7, { trans: 'DCT' }), pt('2.0 TDI 4MOTION', D, 1968, 0.3, { trans: 'DCT', drive: 'AWD', pf: 1.05 })] }],
      },
    ],
  },
  {
    make: 'Volvo',
    w: 1.5,
    premium: true,
    wmi: 'YV1',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'XC60', w: 35, body: 'SUV', band: [2000, 6500], seats: 5,
        grades: ['Momentum', 'Inscription', 'R-Design'],
        generations: [
          { from: 2012, to: 2017, powertrains: [pt('D4', D, 1969, 0.5), pt('D4 AWD', D, 1969, 0.3, { drive: 'AWD' }), pt('T6 AWD', G, 2953, 0.2, { drive: 'AWD', pf: 1.1 })] },
          { name: 'The New XC60', from: 2018, to: 2025, powertrains: [pt('B5 AWD', G, 1969, 0.45, { drive: 'AWD', from: 2021 }), pt('T6 AWD', G, 1969, 0.2, { drive: 'AWD', pf: 1.05 }), pt('D4 AWD', D, 1969, 0.2, { drive: 'AWD', to: 2020 }), pt('T8 AWD', H, 1969, 0.15, { drive: 'AWD', pf: 1.1 })] },
        ],
      },
      {
        group: 'XC90', w: 25, body: 'SUV', band: [3000, 9000], seats: 7,
        grades: ['Momentum', 'Inscription', 'R-Design'],
        generations: [{ name: 'The New XC90', from: 2016, to: 2025, powertrains: [pt('D5 AWD', D, 1969, 0.3, { drive: 'AWD', to: 2020 }), pt('T6 AWD', G, 1969, 0.2, { drive: 'AWD', to: 2020 }), pt('B6 AWD', G, 1969, 0.3, { drive: 'AWD', from: 2021 }), pt('T8 AWD', H, 1969, 0.2, { drive: 'AWD', pf: 1.1 })] }],
      },
      {
        group: 'S90', w: 25, body: 'Sedan', band: [2000, 6000], seats: 5,
        grades: ['Momentum', 'Inscription'],
        generations: [{ from: 2017, to: 2025, powertrains: [pt('D5 AWD', D, 1969, 0.2, { drive: 'AWD', to: 2019 }), pt('T5', G, 1969, 0.3, { to: 2020 }), pt('B5', G, 1969, 0.35, { from: 2021 }), pt('T8 AWD', H, 1969, 0.15, { drive: 'AWD', pf: 1.1 })] }],
      },
      {
        group: 'V60 Cross Country', w: 15, body: 'Wagon', band: [2500, 5500], seats: 5,
        grades: ['Pro', 'Plus'],
        generations: [{ from: 2019, to: 2025, powertrains: [pt('T5 AWD', G, 1969, 0.5, { drive: 'AWD', to: 2020 }), pt('B5 AWD', G, 1969, 0.5, { drive: 'AWD', from: 2021 })] }],
      },
    ],
  },
  {
    make: 'Tesla',
    w: 1,
    premium: true,
    wmi: '5YJ',
    suffixes: [['', 1]],
    models: [
      {
        group: 'Model 3', w: 45, body: 'Sedan', band: [2500, 5500], seats: 5, trimOrder: 'grade-label',
        grades: ['Standard Range Plus', 'Standard', 'Long Range', 'Performance'],
        generations: [
          { from: 2019, to: 2023, powertrains: [pt('RWD', E, null, 0.5, { drive: '2WD', grades: ['Standard Range Plus'] }), pt('AWD', E, null, 0.5, { drive: 'AWD', grades: ['Long Range', 'Performance'] })] },
          { code: 'Highland', from: 2024, to: 2025, powertrains: [pt('RWD', E, null, 0.6, { drive: '2WD', grades: ['Standard'] }), pt('AWD', E, null, 0.4, { drive: 'AWD', grades: ['Long Range', 'Performance'] })] },
        ],
      },
      {
        group: 'Model Y', w: 55, body: 'SUV', band: [3500, 6500], seats: 5, trimOrder: 'grade-label',
        grades: ['Standard', 'Long Range', 'Performance'],
        generations: [{ from: 2021, to: 2025, powertrains: [pt('AWD', E, null, 0.6, { drive: 'AWD', grades: ['Long Range', 'Performance'] }), pt('RWD', E, null, 0.4, { drive: '2WD', from: 2023, grades: ['Standard'] })] }],
      },
    ],
  },
  {
    make: 'Lexus',
    w: 1,
    premium: true,
    wmi: 'JTH',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'ES', w: 55, body: 'Sedan', band: [2000, 5500], seats: 5,
        grades: ['Supreme', 'Luxury', 'Executive'],
        generations: [
          { code: 'XV60', from: 2013, to: 2018, powertrains: [pt('ES300h', H, 2494, 1, { trans: 'CVT' })] },
          { code: 'XZ10', from: 2019, to: 2025, powertrains: [pt('ES300h', H, 2487, 1, { trans: 'CVT' })] },
        ],
      },
      {
        group: 'NX', w: 25, body: 'SUV', band: [2500, 6000], seats: 5,
        grades: ['Supreme', 'Luxury', 'Executive'],
        generations: [
          { code: 'AZ10', from: 2015, to: 2021, powertrains: [pt('NX300h', H, 2494, 1, { trans: 'CVT', drive: fwdOr('AWD', 0.7) })] },
          { code: 'AZ20', from: 2022, to: 2025, powertrains: [pt('NX350h', H, 2487, 0.8, { trans: 'CVT', drive: 'AWD' }), pt('NX450h+', H, 2487, 0.2, { trans: 'CVT', drive: 'AWD', pf: 1.15 })] },
        ],
      },
      {
        group: 'RX', w: 20, body: 'SUV', band: [3000, 8000], seats: 5,
        grades: ['Supreme', 'Luxury', 'Executive'],
        generations: [
          { code: 'AL10', from: 2013, to: 2015, powertrains: [pt('RX450h', H, 3456, 1, { trans: 'CVT', drive: 'AWD' })] },
          { code: 'AL20', from: 2016, to: 2022, powertrains: [pt('RX450h', H, 3456, 1, { trans: 'CVT', drive: 'AWD' })] },
          { from: 2023, to: 2025, powertrains: [pt('RX350h', H, 2487, 0.6, { trans: 'CVT', drive: 'AWD' }), pt('RX500h', H, 2393, 0.4, { drive: 'AWD', pf: 1.2 })] },
        ],
      },
    ],
  },
  {
    make: 'Mini',
    w: 0.5,
    premium: true,
    wmi: 'WMW',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'Cooper', w: 65, body: 'Hatchback', band: [1000, 4000], seats: 4,
        grades: ['Classic', 'Favoured', 'JCW Trim'],
        generations: [
          { code: 'F56', from: 2014, to: 2023, powertrains: [pt('Cooper', G, 1499, 0.5, { trans: [['Automatic', 0.5], ['DCT', 0.5]] }), pt('Cooper S', G, 1998, 0.35, { trans: [['Automatic', 0.5], ['DCT', 0.5]], pf: 1.15 }), pt('Cooper SE', E, null, 0.15, { from: 2020, pf: 1.1 })] },
          { code: 'J01', from: 2024, to: 2025, powertrains: [pt('Cooper C', G, 1499, 0.5, { trans: 'DCT' }), pt('Cooper S', G, 1998, 0.3, { trans: 'DCT', pf: 1.15 }), pt('Cooper SE', E, null, 0.2, { pf: 1.1 })] },
        ],
      },
      {
        group: 'Countryman', w: 35, body: 'SUV', band: [1500, 5000], seats: 5,
        grades: ['Classic', 'Favoured', 'JCW Trim'],
        generations: [
          { code: 'F60', from: 2017, to: 2023, powertrains: [pt('Cooper', G, 1499, 0.3), pt('Cooper D ALL4', D, 1995, 0.3, { drive: 'AWD' }), pt('Cooper S ALL4', G, 1998, 0.4, { drive: 'AWD', pf: 1.1 })] },
          { code: 'U25', from: 2024, to: 2025, powertrains: [pt('Countryman C', G, 1499, 0.5, { trans: 'DCT' }), pt('Countryman S ALL4', G, 1998, 0.5, { trans: 'DCT', drive: 'AWD', pf: 1.1 })] },
        ],
      },
    ],
  },
  {
    make: 'Porsche',
    w: 0.5,
    premium: true,
    wmi: 'WP0',
    suffixes: IMPORT_SUFFIXES,
    models: [
      {
        group: 'Cayenne', w: 50, body: 'SUV', band: [5000, 15000], seats: 5,
        grades: ['Standard', 'Coupe'],
        generations: [{ code: 'E3', from: 2018, to: 2025, powertrains: [pt('3.0 V6', G, 2995, 0.4, { drive: 'AWD' }), pt('S 2.9 V6', G, 2894, 0.25, { drive: 'AWD', pf: 1.1 }), pt('E-Hybrid', H, 2995, 0.2, { drive: 'AWD', pf: 1.1 }), pt('GTS 4.0 V8', G, 3996, 0.15, { drive: 'AWD', pf: 1.25 })] }],
      },
      {
        group: '911', w: 25, body: 'Coupe', band: [8000, 25000], seats: 4,
        grades: ['Coupe', 'Cabriolet'],
        generations: [
          { code: '991', from: 2012, to: 2019, powertrains: [pt('Carrera', G, 3436, 0.35, { trans: 'DCT' }), pt('Carrera S', G, 3800, 0.35, { trans: 'DCT', pf: 1.1 }), pt('Carrera 4S', G, 3800, 0.3, { trans: 'DCT', drive: 'AWD', pf: 1.15 })] },
          { code: '992', from: 2020, to: 2025, powertrains: [pt('Carrera', G, 2981, 0.35, { trans: 'DCT' }), pt('Carrera S', G, 2981, 0.35, { trans: 'DCT', pf: 1.1 }), pt('Carrera 4S', G, 2981, 0.2, { trans: 'DCT', drive: 'AWD', pf: 1.15 }), pt('Turbo S', G, 3745, 0.1, { trans: 'DCT', drive: 'AWD', pf: 1.4 })] },
        ],
      },
      {
        group: 'Taycan', w: 25, body: 'Sedan', band: [6000, 15000], seats: 4,
        grades: ['Standard', 'Performance Battery Plus'],
        generations: [{ code: 'J1', from: 2021, to: 2025, powertrains: [pt('4S', E, null, 0.5, { drive: 'AWD' }), pt('RWD', E, null, 0.25, { pf: 0.9 }), pt('Turbo', E, null, 0.2, { drive: 'AWD', pf: 1.2 }), pt('Turbo S', E, null, 0.05, { drive: 'AWD', pf: 1.35 })] }],
      },
    ],
  },
];

/** The make and model group entries, by name. */
export function findModelGroup(make: string, group: string): ModelGroup | undefined {
  return MAKES.find((m) => m.make === make)?.models.find((g) => g.group === group);
}

// ---------------------------------------------------------------------------------------------------
// Other tables
// ---------------------------------------------------------------------------------------------------

export const FIRST_MODEL_YEAR = 2012;
export const LAST_MODEL_YEAR = 2025;

/** Used-car stock by model year: most cars are 3-8 years old. */
const YEAR_WEIGHTS: Readonly<Record<number, number>> = {
  2012: 3, 2013: 4, 2014: 5, 2015: 6, 2016: 7, 2017: 8, 2018: 9,
  2019: 10, 2020: 10, 2021: 10, 2022: 9, 2023: 8, 2024: 6, 2025: 4,
};

export const CAR_COLORS = ['White', 'Black', 'Silver', 'Gray', 'Blue', 'Red', 'Brown', 'Beige', 'Green'] as const;
export type CarColor = (typeof CAR_COLORS)[number];

const COLOR_WEIGHTS: Weighted<CarColor> = [
  ['White', 36], ['Black', 22], ['Gray', 14], ['Silver', 11], ['Blue', 6], ['Red', 3], ['Brown', 3], ['Beige', 2], ['Green', 3],
];
/** Trucks (Porter, Bongo) are mostly white or the classic blue. */
const TRUCK_COLOR_WEIGHTS: Weighted<CarColor> = [['White', 55], ['Blue', 25], ['Silver', 10], ['Gray', 6], ['Black', 4]];

export const CITIES: Weighted<string> = [
  ['Gyeonggi', 26], ['Seoul', 18], ['Incheon', 9], ['Busan', 7], ['Gyeongnam', 6], ['Daegu', 5], ['Gyeongbuk', 4],
  ['Chungnam', 4], ['Daejeon', 3], ['Gwangju', 3], ['Chungbuk', 3], ['Jeonbuk', 3], ['Jeonnam', 3], ['Ulsan', 2],
  ['Gangwon', 2], ['Sejong', 1], ['Jeju', 1],
];

interface OptionSpec {
  name: string;
  /** Probability = base + tier * gradeTier + fresh * newness + premium * isPremiumMake (clamped) */
  base: number;
  tier: number;
  fresh: number;
  premium: number;
  bodies?: readonly Body[];
}

const opt = (name: string, base: number, tier: number, fresh: number, premium = 0, bodies?: readonly Body[]): OptionSpec =>
  bodies === undefined ? { name, base, tier, fresh, premium } : { name, base, tier, fresh, premium, bodies };

export const OPTIONS: readonly OptionSpec[] = [
  opt('Smart key', 0.55, 0.2, 0.3, 0.2),
  opt('Navigation', 0.3, 0.35, 0.2, 0.3),
  opt('Rear camera', 0.4, 0.15, 0.5, 0.1),
  opt('360 camera', 0, 0.35, 0.3, 0.25),
  opt('Parking sensors', 0.3, 0.2, 0.2, 0.3),
  opt('Heated seats', 0.45, 0.3, 0.2, 0.2),
  opt('Ventilated seats', 0.05, 0.45, 0.2, 0.2),
  opt('Heated steering wheel', 0.05, 0.35, 0.35, 0.1),
  opt('Leather seats', 0.2, 0.45, 0.1, 0.45),
  opt('Power seats', 0.15, 0.45, 0.1, 0.35),
  opt('Memory seats', 0, 0.35, 0.1, 0.3),
  // Panoramic first: a car with a panoramic roof does not also list a plain sunroof.
  opt('Panoramic sunroof', 0.02, 0.25, 0.15, 0.2, ['Sedan', 'SUV', 'Hatchback', 'Van', 'Wagon']),
  opt('Sunroof', 0.12, 0.25, 0, 0.1, ['Sedan', 'SUV', 'Hatchback', 'Coupe', 'Wagon', 'Light car']),
  opt('HUD', 0, 0.3, 0.2, 0.2),
  opt('Adaptive cruise control', 0, 0.3, 0.45, 0.2),
  opt('Lane keeping assist', 0, 0.2, 0.6, 0.15),
  opt('Blind spot monitor', 0.05, 0.3, 0.3, 0.25),
  opt('LED headlights', 0.1, 0.3, 0.4, 0.3),
  opt('Power tailgate', 0.05, 0.4, 0.3, 0.25, ['SUV', 'Van', 'Wagon', 'Hatchback']),
  opt('Wireless charging', 0, 0.2, 0.5, 0.1),
  opt('Premium audio', 0, 0.25, 0.05, 0.3),
  opt('Electric parking brake', 0.1, 0.2, 0.5, 0.3),
  opt('Remote start', 0.05, 0.15, 0.3, 0),
];

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

const PROVIDER_PROFILES = {
  glovis: { w: 25, weekday: 2, prefix: 'GL', digits: 8, mult: 7919, offset: 1_204_117 },
  kcar: { w: 20, weekday: 3, prefix: 'KC', digits: 9, mult: 104_729, offset: 31_337_001 },
  lotte: { w: 18, weekday: 4, prefix: 'LT', digits: 8, mult: 6661, offset: 4_455_021 },
  sk: { w: 12, weekday: 5, prefix: 'SK', digits: 8, mult: 8191, offset: 7_000_313 },
  autohub: { w: 15, weekday: 1, prefix: 'AH', digits: 8, mult: 5237, offset: 2_222_059 },
  heydealer: { w: 10, weekday: 6, prefix: 'HD', digits: 10, mult: 1_299_709, offset: 987_654_301 },
} as const satisfies Record<Provider, ProviderProfile>;

const PROVIDER_WEIGHTS: Weighted<Provider> = (Object.keys(PROVIDER_PROFILES) as Provider[]).map((p) => [p, PROVIDER_PROFILES[p].w] as const);

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

// ---------------------------------------------------------------------------------------------------
// Images: file names shared with images.ts
// ---------------------------------------------------------------------------------------------------

export const MAX_PHOTOS = 6;
export const MIN_PHOTOS = 3;

export const bodySlug = (body: Body): string => body.toLowerCase().replace(/\s+/g, '-');
export const colorSlug = (color: CarColor): string => color.toLowerCase();
export const photoFileName = (body: Body, color: CarColor, n: number): string => `${bodySlug(body)}-${colorSlug(color)}-${n}.svg`;
export const thumbFileName = (body: Body, color: CarColor): string => `${bodySlug(body)}-${colorSlug(color)}-thumb.svg`;

// ---------------------------------------------------------------------------------------------------
// VIN
// ---------------------------------------------------------------------------------------------------

const VIN_CHARS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const VIN_PLANTS = [...'ABCDGJMSU0123456789'];
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

function vinValue(c: string): number {
  if (c >= '0' && c <= '9') return c.charCodeAt(0) - 48;
  const i = 'ABCDEFGHJKLMNPRSTUVWXYZ'.indexOf(c);
  // A-H = 1-8, J-N = 1-5, P = 7, R = 9, S-Z = 2-9
  return [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][i] ?? 0;
}

/** The ISO 3779 check digit (position 9) of a 17-character VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += vinValue(vin.charAt(i)) * (VIN_WEIGHTS[i] ?? 0);
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

function makeVin(rng: Rng, wmi: string, year: number): string {
  let vds = '';
  for (let i = 0; i < 5; i++) vds += rng.pick(VIN_CHARS);
  // Model-year code cycles every 30 years from 1980 (A).
  const yearCode = VIN_YEAR_CODES.charAt((year - 1980) % 30);
  const plant = rng.pick(VIN_PLANTS);
  const serial = String(rng.int(0, 999_999)).padStart(6, '0');
  const draft = `${wmi}${vds}0${yearCode}${plant}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

// ---------------------------------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------------------------------

/** Fixed default reference time, so output never depends on the clock. */
export const DEFAULT_NOW = new Date('2026-11-01T00:00:00Z');

/** Treated as immutable: values derived from it are cached per object. */
export interface CarContext {
  /** Base of the photo URLs (a trailing slash is ignored); serve demoImageFiles() there */
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
const MODEL_WEIGHTS = new Map<Make, Weighted<ModelGroup>>(MAKES.map((m) => [m, m.models.map((g) => [g, g.w] as const)]));

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
  f: { ageYears: number; km: number; tier: number; pf: number; fuel: Fuel; drive: Drivetrain; damage: DamageKind[]; owners: number },
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
  let v = Math.exp(-0.22 * f.ageYears) * kmAdj * (0.88 + 0.24 * f.tier) * f.pf * fuelAdj * driveAdj * damageAdj * (1 - 0.02 * f.owners) * noise;
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

  const price = priceFor(rng, model.band, { ageYears, km: kilometers, tier, pf: powertrain.pf, fuel: powertrain.fuel, drive: drivetrain, damage, owners: ownerChanges });

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
  const weekday = PROVIDER_PROFILES[provider].weekday;
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
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
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
