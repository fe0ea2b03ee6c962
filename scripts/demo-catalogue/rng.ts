/**
 * The demo catalogue's random numbers: a seeded PRNG and one independent stream per car, so a car
 * depends only on the catalogue seed and its id.
 */

/** A list of (value, weight) pairs; weights need not sum to 1. */
export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

/** mulberry32: a small, fast 32-bit PRNG; good enough for demo data, not for anything secret. */
function mulberry32(seed: number): () => number {
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
