import type { Codes, ValueLists } from './index-shape.js';

/**
 * A field's values by row (ValueLists, index-shape.ts): the lists, bit sets and codes it may hold,
 * each made from another on first use, and a row's code or codes read from whichever it has.
 */

const codeArray = (distinct: number, length: number): Codes =>
  distinct <= 256 ? new Uint8Array(length) : distinct <= 65_536 ? new Uint16Array(length) : new Uint32Array(length);

export function narrowed(codes: Uint32Array, length: number, distinct: number): Codes {
  const out = codeArray(distinct, length);
  out.set(codes.subarray(0, length));
  return out;
}

/** Fields with this few values keep one bit set per value: smaller than row lists, and combined a word at a time. */
export const BITS_UP_TO = 32;
export const wordsFor = (rows: number) => (rows + 31) >>> 5;

/** Rows grouped by code (counting sort): start[v]..start[v+1] in positions are the rows of code v, ascending. */
export function listsOfCodes(
  codes: ArrayLike<number>,
  distinct: number,
  rowOf?: ArrayLike<number>,
): { start: Uint32Array; positions: Uint32Array } {
  const start = new Uint32Array(distinct + 1);
  for (let k = 0; k < codes.length; k += 1) start[codes[k]! + 1]! += 1;
  for (let v = 0; v < distinct; v += 1) start[v + 1]! += start[v]!;
  const fill = start.slice(0, distinct);
  const positions = new Uint32Array(codes.length);
  for (let k = 0; k < codes.length; k += 1) positions[fill[codes[k]!]!++] = rowOf ? rowOf[k]! : k;
  return { start, positions };
}

/** The rows of each value as lists, made from the codes on first use when the snapshot did not ship them. */
export function rowListsOf(lists: ValueLists): { start: Uint32Array; positions: Uint32Array } {
  if (!lists.start || !lists.positions) {
    const made = lists.codes ? listsOfCodes(lists.codes, lists.values.length) : listsOfBits(lists);
    lists.start = made.start;
    lists.positions = made.positions;
  }
  return { start: lists.start, positions: lists.positions };
}

function listsOfBits(lists: ValueLists): { start: Uint32Array; positions: Uint32Array } {
  const bits = lists.bits!;
  const words = lists.values.length === 0 ? 0 : bits.length / lists.values.length;
  const start = new Uint32Array(lists.values.length + 1);
  const out: number[] = [];
  for (let v = 0; v < lists.values.length; v += 1) {
    for (let w = 0; w < words; w += 1) {
      let word = bits[v * words + w]!;
      while (word !== 0) {
        out.push((w << 5) + (31 - Math.clz32(word & -word)));
        word &= word - 1;
      }
    }
    start[v + 1] = out.length;
  }
  return { start, positions: Uint32Array.from(out) };
}

/** A single-valued field's code at a row: from its codes, or from its bit sets (the one holding the row). */
export function codeAt(lists: ValueLists, i: number): number {
  if (lists.codes) return lists.codes[i]!;
  const bits = lists.bits!;
  const words = bits.length / lists.values.length;
  const w = i >>> 5;
  const mask = 1 << (i & 31);
  for (let v = 0; v < lists.values.length; v += 1) if ((bits[v * words + w]! & mask) !== 0) return v;
  return -1;
}

/** Every row's code of a single-valued field, made from its bit sets on first use when it has none. */
export function codesOf(lists: ValueLists, n: number): Codes {
  if (!lists.codes) {
    const codes = codeArray(lists.values.length, n);
    const bits = lists.bits!;
    const words = wordsFor(n);
    for (let v = 0; v < lists.values.length; v += 1) {
      for (let w = 0; w < words; w += 1) {
        let word = bits[v * words + w]!;
        while (word !== 0) {
          codes[(w << 5) + (31 - Math.clz32(word & -word))] = v;
          word &= word - 1;
        }
      }
    }
    lists.codes = codes;
  }
  return lists.codes;
}

/** The codes of a multi-valued field at a row, in the order written. */
export function codesAtRow(lists: ValueLists, i: number): number[] {
  const out: number[] = [];
  if (lists.rowStart && lists.rowCodes) {
    for (let k = lists.rowStart[i]!; k < lists.rowStart[i + 1]!; k += 1) out.push(lists.rowCodes[k]!);
    return out;
  }
  // Codes are numbered so that every row's codes ascend: the bit sets give them back in order.
  const bits = lists.bits!;
  const words = lists.values.length === 0 ? 0 : bits.length / lists.values.length;
  const w = i >>> 5;
  const mask = 1 << (i & 31);
  for (let v = 0; v < lists.values.length; v += 1) if ((bits[v * words + w]! & mask) !== 0) out.push(v);
  return out;
}

/** One bit set per code: bit i of set v is on when row i has code v. */
export function bitsOfCodes(
  codes: ArrayLike<number>,
  distinct: number,
  n: number,
  rowOf?: ArrayLike<number>,
): Uint32Array {
  const words = wordsFor(n);
  const bits = new Uint32Array(words * distinct);
  for (let k = 0; k < codes.length; k += 1) {
    const i = rowOf ? rowOf[k]! : k;
    bits[codes[k]! * words + (i >>> 5)]! |= 1 << (i & 31);
  }
  return bits;
}
