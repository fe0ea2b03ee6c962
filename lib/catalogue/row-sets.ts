/**
 * Sets of row positions, one bit per row, and what a query does with them: a query combines its
 * conditions word by word over these.
 */

/** A set of row positions, one bit each: a query combines its conditions word by word. */
export type Bits = Uint32Array;

/** A set kept with the index (a storefront's rows). */
export const keptBits = (n: number): Bits => new Uint32Array((n + 31) >>> 5);

/**
 * The sets a query makes and drops: taken from a few kept for reuse (queries run one at a time),
 * so a query allocates no memory for them and leaves none behind for the collector.
 */
const scratch: { words: number; free: Bits[]; taken: Bits[] } = { words: 0, free: [], taken: [] };
const SCRATCH_KEPT = 12;

export function emptyBits(n: number): Bits {
  const words = (n + 31) >>> 5;
  if (scratch.words !== words) Object.assign(scratch, { words, free: [], taken: [] });
  const bits = scratch.free.pop()?.fill(0) ?? new Uint32Array(words);
  scratch.taken.push(bits);
  return bits;
}

/** Gives the sets of the query just answered back for reuse. */
export function releaseBits(): void {
  for (const bits of scratch.taken)
    if (scratch.free.length < SCRATCH_KEPT && bits.length === scratch.words) scratch.free.push(bits);
  scratch.taken.length = 0;
}

export function addPositions(bits: Bits, positions: ArrayLike<number>, from = 0, to = positions.length): void {
  for (let k = from; k < to; k += 1) {
    const p = positions[k]!;
    bits[p >>> 5]! |= 1 << (p & 31);
  }
}

export function and(a: Bits, b: Bits): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! &= b[w]!;
  return a;
}

export function andNot(a: Bits, b: Bits, from = 0): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! &= ~b[from + w]!;
  return a;
}

export function copyOf(bits: Bits): Bits {
  const copy = emptyBits(bits.length << 5);
  copy.set(bits);
  return copy;
}

export function or(a: Bits, b: Bits): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! |= b[w]!;
  return a;
}

export function removePositions(bits: Bits, positions: ArrayLike<number>, from: number, to: number): void {
  for (let k = from; k < to; k += 1) {
    const p = positions[k]!;
    bits[p >>> 5]! &= ~(1 << (p & 31));
  }
}

export function count(bits: Bits): number {
  let total = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let v = bits[w]! - ((bits[w]! >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

export const has = (bits: Bits, p: number): boolean => (bits[p >>> 5]! & (1 << (p & 31))) !== 0;
