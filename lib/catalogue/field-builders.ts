import { Dictionary, u32s } from './growing-arrays.js';
import { lookupOf, type ValueLists } from './index-shape.js';
import { BITS_UP_TO, bitsOfCodes, listsOfCodes, narrowed } from './value-lists.js';

/**
 * A field's value lists (ValueLists) built as rows come: a single-valued field (one value a
 * row) and a multi-valued one (options, damage: several a row, in the order written).
 */

export class SingleBuilder {
  readonly dictionary = new Dictionary();
  readonly codes = u32s();
  add(value: string | null | undefined): void {
    this.codes.push(this.dictionary.code(value ?? null));
  }
  done(n: number): ValueLists {
    const values = this.dictionary.values();
    const codes = this.codes.done();
    const lists: ValueLists = { values, lookup: lookupOf(values) };
    // A field of few values keeps its bit sets alone (a row's value is the set holding it); others keep each row's code.
    if (values.length <= BITS_UP_TO) lists.bits = bitsOfCodes(codes, values.length, n);
    else lists.codes = narrowed(codes, n, values.length);
    return lists;
  }
}

export class MultiBuilder {
  readonly dictionary = new Dictionary();
  readonly rowCodes = u32s();
  readonly rowStart = u32s();
  constructor() {
    this.rowStart.push(0);
  }
  add(values: readonly (string | null | undefined)[]): void {
    const from = this.rowCodes.length;
    for (const raw of values) {
      const code = this.dictionary.code(raw ?? null);
      let seen = false;
      for (let k = from; k < this.rowCodes.length; k += 1) if (this.rowCodes.array[k] === code) seen = true;
      if (!seen) this.rowCodes.push(code);
    }
    this.rowStart.push(this.rowCodes.length);
  }
  done(n: number, keepRows = true): ValueLists {
    let values = this.dictionary.values();
    let rowCodes = this.rowCodes.done();
    const rowStart = this.rowStart.done();
    const rowOf = new Uint32Array(rowCodes.length);
    for (let i = 0; i < n; i += 1) rowOf.fill(i, rowStart[i]!, rowStart[i + 1]!);
    if (values.length <= BITS_UP_TO) {
      // Numbered so that each row's codes ascend, when one numbering fits every row: the bit sets then keep the order written.
      const renumber = ascendingNumbering(rowCodes, rowStart, values.length);
      if (renumber) {
        values = renumber.map((_, v) => values[renumber.indexOf(v)]!);
        rowCodes = rowCodes.map((code) => renumber[code]!);
      }
      const lists: ValueLists = {
        values,
        lookup: lookupOf(values),
        bits: bitsOfCodes(rowCodes, values.length, n, rowOf),
      };
      if (!renumber && keepRows)
        Object.assign(lists, { rowStart, rowCodes: narrowed(rowCodes, rowCodes.length, values.length) });
      return lists;
    }
    const lists: ValueLists = { values, lookup: lookupOf(values), ...listsOfCodes(rowCodes, values.length, rowOf) };
    if (keepRows) Object.assign(lists, { rowStart, rowCodes: narrowed(rowCodes, rowCodes.length, values.length) });
    return lists;
  }
}

/** New codes (renumber[old]) under which every row's codes ascend, if the rows' orders agree (a topological order); else undefined. */
function ascendingNumbering(rowCodes: Uint32Array, rowStart: Uint32Array, distinct: number): number[] | undefined {
  const after = new Uint32Array(distinct);
  for (let i = 0; i + 1 < rowStart.length; i += 1)
    for (let k = rowStart[i]!; k + 1 < rowStart[i + 1]!; k += 1) after[rowCodes[k]!]! |= 1 << rowCodes[k + 1]!;
  const incoming = new Uint32Array(distinct);
  for (let a = 0; a < distinct; a += 1)
    for (let b = 0; b < distinct; b += 1) if ((after[a]! >>> b) & 1) incoming[b]! += 1;
  const renumber = new Array<number>(distinct).fill(-1);
  for (let next = 0; next < distinct; next += 1) {
    let pick = -1;
    for (let v = 0; v < distinct && pick < 0; v += 1) if (renumber[v] === -1 && incoming[v] === 0) pick = v;
    if (pick < 0) return undefined;
    renumber[pick] = next;
    for (let b = 0; b < distinct; b += 1) if ((after[pick]! >>> b) & 1) incoming[b]! -= 1;
  }
  return renumber;
}
