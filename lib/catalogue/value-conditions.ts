import type { CarFilter } from './car-filter.js';
import { type CatalogueIndex, lower, type TextColumn, type ValueLists } from './index-shape.js';
import { addPositions, and, andNot, type Bits, copyOf, emptyBits, or } from './row-sets.js';
import { rowListsOf } from './value-lists.js';

/**
 * The conditions on a field's values: the rows having (or not having) any of some values, the
 * title's words, and make and model pairs, each from the row lists or bit sets of those values.
 */

/** Adds the rows of one value: its bit set word by word, or its row list. */
function addRowsOf(bits: Bits, lists: ValueLists, code: number): void {
  if (lists.bits) {
    const from = code * bits.length;
    for (let w = 0; w < bits.length; w += 1) bits[w]! |= lists.bits[from + w]!;
  } else {
    const { start, positions } = rowListsOf(lists);
    addPositions(bits, positions, start[code]!, start[code + 1]!);
  }
}

/** The rows having any of `values` (case-insensitive). */
export function rowsWithAny(lists: ValueLists, values: Iterable<string>, n: number): Bits {
  const bits = emptyBits(n);
  for (const value of values) for (const code of lists.lookup.get(lower(value)) ?? []) addRowsOf(bits, lists, code);
  return bits;
}

/** A table over a field's codes: 1 for the codes of the wanted values. */
export function codeTable(lists: ValueLists, values: Iterable<string>): Uint8Array {
  const table = new Uint8Array(lists.values.length);
  for (const value of values) for (const code of lists.lookup.get(lower(value)) ?? []) table[code] = 1;
  return table;
}

/**
 * Keeps in `result` (every row when there is none yet) the rows having any of `values` or, with
 * `negate`, none of them. A field of bit sets is applied in one pass over the words.
 */
export function keepWithAny(
  result: Bits | undefined,
  lists: ValueLists,
  values: Iterable<string>,
  n: number,
  negate = false,
): Bits {
  const codes: number[] = [];
  for (const value of values) codes.push(...(lists.lookup.get(lower(value)) ?? []));
  if (!lists.bits) {
    const bits = emptyBits(n);
    for (const code of codes) addRowsOf(bits, lists, code);
    if (!negate) return result ? and(result, bits) : bits;
    return andNot(result ?? emptyBits(n).fill(0xffffffff), bits);
  }
  const sets = lists.bits;
  const out = result ?? emptyBits(n).fill(0xffffffff);
  const words = out.length;
  if (codes.length === 0) return negate ? out : out.fill(0);
  if (codes.length === 1) {
    const at = codes[0]! * words;
    if (negate) for (let w = 0; w < words; w += 1) out[w]! &= ~sets[at + w]!;
    else for (let w = 0; w < words; w += 1) out[w]! &= sets[at + w]!;
    return out;
  }
  const starts = codes.map((code) => code * words);
  for (let w = 0; w < words; w += 1) {
    let any = 0;
    for (const at of starts) any |= sets[at + w]!;
    out[w]! &= negate ? ~any : any;
  }
  return out;
}

/** A coded text column's rows of each value, made on first use. */
const textRows = new WeakMap<TextColumn, { start: Uint32Array; positions: Uint32Array }>();

/** The rows whose title has, for every query word, a word beginning with it ("sorent" finds "Sorento"). */
export function rowsWithWords(index: CatalogueIndex, words: readonly string[]): Bits {
  const lists = index.fields.titleWords;
  const title = index.text.title;
  if (lists.ofTitles && 'codes' in title) {
    // The words index the title's values: find the titles having every word, then their rows.
    const { start, positions } = rowListsOf(lists);
    let titles: Uint8Array | undefined;
    for (const word of words) {
      const these = new Uint8Array(title.values.length);
      lists.values.forEach((titleWord, code) => {
        if (titleWord?.startsWith(word))
          for (let k = start[code]!; k < start[code + 1]!; k += 1) these[positions[k]!] = 1;
      });
      if (titles) for (let t = 0; t < titles.length; t += 1) titles[t]! &= these[t]!;
      else titles = these;
    }
    const bits = emptyBits(index.size);
    if (!titles) return bits;
    let rows = textRows.get(title);
    if (!rows) {
      rows = rowListsOf({ values: title.values, codes: title.codes, lookup: new Map() });
      textRows.set(title, rows);
    }
    for (let t = 0; t < titles.length; t += 1)
      if (titles[t] === 1) addPositions(bits, rows.positions, rows.start[t]!, rows.start[t + 1]!);
    return bits;
  }
  let result: Bits | undefined;
  for (const word of words) {
    const bits = emptyBits(index.size);
    lists.values.forEach((titleWord, code) => {
      if (titleWord?.startsWith(word)) addRowsOf(bits, lists, code);
    });
    result = result ? and(result, bits) : bits;
  }
  return result ?? emptyBits(index.size);
}

/**
 * makeModel pairs: a make alone, or a make with a model (or model group); any pair may match. A
 * pair with a model walks that model's row list and keeps the rows of the right make that are
 * still in `result`: no pass over the whole catalogue for it.
 */
export function keepMakeModels(
  index: CatalogueIndex,
  pairs: NonNullable<CarFilter['makeModel']>,
  result: Bits | undefined,
): Bits {
  const n = index.size;
  const f = index.fields;
  const makes = pairs.filter((p) => p.model === undefined).map((p) => p.make);
  const out = rowsWithAny(f.makeEn, makes, n);
  for (const pair of pairs.filter((p) => p.model !== undefined)) {
    // The rows this pair may keep: of its make, and still in the result.
    const allowed = keepWithAny(result ? copyOf(result) : undefined, f.makeEn, [pair.make], n);
    for (const lists of [f.modelEn, f.modelGroupEn]) {
      for (const code of lists.lookup.get(lower(pair.model)) ?? []) {
        if (lists.bits) {
          const rows = emptyBits(n);
          addRowsOf(rows, lists, code);
          or(out, and(rows, allowed));
          continue;
        }
        const { start, positions } = rowListsOf(lists);
        for (let k = start[code]!; k < start[code + 1]!; k += 1) {
          const p = positions[k]!;
          if ((allowed[p >>> 5]! & (1 << (p & 31))) !== 0) out[p >>> 5]! |= 1 << (p & 31);
        }
      }
    }
  }
  // Rows of a model were kept only within `result`; rows of a make alone still need the rest.
  return result && makes.length > 0 ? and(result, out) : out;
}
