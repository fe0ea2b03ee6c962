import { SORT_KEYS, toRow, type CarRow, type SortKey } from './car-row.js';

/**
 * The catalogue as the list holds it: columns of typed arrays, no object per car. The import
 * builds it from the cars as they come (buildIndexFrom: one pass, no object kept per car) and
 * ships it in the snapshot (snapshot.ts), so a cold container maps the arrays in place instead
 * of parsing and indexing rows. What a query can rebuild cheaply from what is shipped (a sort
 * order's ranks, a field's row lists, the identity order of ids) is made on first use, only for
 * what is asked. A car becomes an object only when it is on the page being answered (rowAt).
 */

type Codes = Uint8Array | Uint16Array | Uint32Array;

/**
 * One text per row, in the smallest of five forms: all in one UTF-8 byte array (row i is
 * bytes[offsets[i]..offsets[i+1])); coded, when texts repeat (photo URLs shared by many cars;
 * start/positions list the rows of each code, made on first use); a coded prefix and a number,
 * for texts like "GL11212036" (prefix and digit count in `patterns`); or, for instants that
 * survive the round trip exactly, epoch milliseconds or, when all are whole seconds, seconds.
 */
export type TextColumn =
  | { bytes: Uint8Array; offsets: Uint32Array }
  | { values: string[]; codes: Codes; start?: Uint32Array; positions?: Uint32Array }
  | { patterns: Array<[prefix: string, digits: number]>; patternCodes: Codes; numbers: Uint32Array }
  | { epochMs: Float64Array }
  | { epochS: Uint32Array };

/**
 * A field with repeating values: the values by code (as written; `null` for a missing optional
 * value) and the rows of each, in one of two forms: lists (rows of code v are
 * positions[start[v]..start[v+1]), ascending) or, for fields of at most 32 values, one bit set per
 * value (bits, words per set). A single-valued field with lists keeps each row's code (codes);
 * its lists are made from the codes on first use (rowListsOf). Options and damage keep each row's
 * codes (rowCodes from rowStart[i] to rowStart[i+1]) only when their bit sets cannot give them
 * back in the order written. `lookup` matches case-insensitively.
 */
export interface ValueLists {
  values: Array<string | null>;
  start?: Uint32Array;
  positions?: Uint32Array;
  bits?: Uint32Array;
  codes?: Codes;
  rowStart?: Uint32Array;
  rowCodes?: Codes;
  /** titleWords of a coded title column: the lists hold codes of the title's values, not rows. */
  ofTitles?: boolean;
  lookup: Map<string, number[]>;
}

export const SINGLE_FIELDS = [
  'provider',
  'makeEn',
  'modelGroupEn',
  'modelEn',
  'generationCode',
  'gradeEn',
  'gradeDetailEn',
  'fuelType',
  'transmission',
  'vehicleType',
  'color',
  'drivetrain',
  'city',
  'auctionDate',
] as const satisfies ReadonlyArray<keyof CarRow>;
export const MULTI_FIELDS = ['options', 'damage'] as const satisfies ReadonlyArray<keyof CarRow>;
/** Derived for matching only: the trim (gradeDetailEn, else gradeEn), published, and the title's words. */
export const DERIVED_FIELDS = ['trim', 'published', 'titleWords'] as const;
export const TEXT_FIELDS = ['title', 'advertisementNumber', 'thumbnailUrl', 'createdAt'] as const satisfies ReadonlyArray<keyof CarRow>;

export type FieldName = (typeof SINGLE_FIELDS)[number] | (typeof MULTI_FIELDS)[number] | (typeof DERIVED_FIELDS)[number];
type TextName = (typeof TEXT_FIELDS)[number];

export interface CatalogueIndex {
  size: number;
  id: Uint32Array;
  year: Int16Array;
  /** Whole numbers in a Uint16Array or Uint32Array when every value fits one (a quarter or half the memory), else Float64Array. */
  price: Float64Array | Uint32Array | Uint16Array;
  kilometers: Float64Array | Uint32Array | Uint16Array;
  text: Record<TextName, TextColumn>;
  fields: Record<FieldName, ValueLists>;
  /** Row positions sorted ascending by each key, ties broken by id, so every order is total. */
  order: Record<SortKey, Uint32Array>;
  /** For each key, a row's place in `order` (rank[position]): sorts a few matches without a scan. Made on first use per key. */
  rank: Record<SortKey, Uint32Array>;
  /** Row positions sorted by car id: a car is found by binary search, with no map to build (made on first use when ids ascend). */
  byId: Uint32Array;
  /** Storefront visibility as row sets, computed on first use per storefront (a handful per catalogue). */
  visible: Map<string, Uint32Array>;
}

export const lower = (value: string | null | undefined) => (value ?? '').toLowerCase();

/** How titles split into searchable words: on spaces and punctuation, keeping "2.4", "520d", "ev6". */
const titleWordsOf = (title: string): string[] =>
  lower(title)
    .split(/[\s,/()|:;]+/)
    .filter((w) => w.length > 0);

/** Case-insensitive matching: lower-case value -> the codes written that way or another. */
export function lookupOf(values: ReadonlyArray<string | null>): Map<string, number[]> {
  const lookup = new Map<string, number[]>();
  values.forEach((value, code) => {
    const key = lower(value);
    const codes = lookup.get(key);
    if (codes) codes.push(code);
    else lookup.set(key, [code]);
  });
  return lookup;
}

const codeArray = (distinct: number, length: number): Codes =>
  distinct <= 256 ? new Uint8Array(length) : distinct <= 65_536 ? new Uint16Array(length) : new Uint32Array(length);

function narrowed(codes: Uint32Array, length: number, distinct: number): Codes {
  const out = codeArray(distinct, length);
  out.set(codes.subarray(0, length));
  return out;
}

/** Fields with this few values keep one bit set per value: smaller than row lists, and combined a word at a time. */
const BITS_UP_TO = 32;
const wordsFor = (rows: number) => (rows + 31) >>> 5;

/** Rows grouped by code (counting sort): start[v]..start[v+1] in positions are the rows of code v, ascending. */
function listsOfCodes(codes: ArrayLike<number>, distinct: number, rowOf?: ArrayLike<number>): { start: Uint32Array; positions: Uint32Array } {
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
function codeAt(lists: ValueLists, i: number): number {
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
function codesAtRow(lists: ValueLists, i: number): number[] {
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

function bitsOfCodes(codes: ArrayLike<number>, distinct: number, n: number, rowOf?: ArrayLike<number>): Uint32Array {
  const words = wordsFor(n);
  const bits = new Uint32Array(words * distinct);
  for (let k = 0; k < codes.length; k += 1) {
    const i = rowOf ? rowOf[k]! : k;
    bits[codes[k]! * words + (i >>> 5)]! |= 1 << (i & 31);
  }
  return bits;
}

// ---------------------------------------------------------------------------------------------
// Building, one row at a time
// ---------------------------------------------------------------------------------------------

/** A typed array that grows as rows come. */
class Growing<T extends Uint8Array | Uint32Array | Float64Array> {
  length = 0;
  constructor(
    public array: T,
    private readonly make: (length: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.array.length) {
      const bigger = this.make(Math.max(1024, this.array.length * 2));
      bigger.set(this.array);
      this.array = bigger;
    }
    this.array[this.length++] = value;
  }
  /** The values pushed, in an array of their exact length (the growing one is dropped). */
  done(): T {
    const out = this.make(this.length);
    out.set(this.array.subarray(0, this.length));
    this.array = this.make(0);
    return out;
  }
}
const u32s = () => new Growing(new Uint32Array(0), (n) => new Uint32Array(n));
const f64s = () => new Growing(new Float64Array(0), (n) => new Float64Array(n));
const u8s = () => new Growing(new Uint8Array(0), (n) => new Uint8Array(n));

class Dictionary {
  readonly codeOf = new Map<string | null, number>();
  code(value: string | null): number {
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.codeOf.size;
      this.codeOf.set(value, code);
    }
    return code;
  }
  values(): Array<string | null> {
    return [...this.codeOf.keys()];
  }
}

class SingleBuilder {
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

class MultiBuilder {
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
      const lists: ValueLists = { values, lookup: lookupOf(values), bits: bitsOfCodes(rowCodes, values.length, n, rowOf) };
      if (!renumber && keepRows) Object.assign(lists, { rowStart, rowCodes: narrowed(rowCodes, rowCodes.length, values.length) });
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
  for (let i = 0; i + 1 < rowStart.length; i += 1) for (let k = rowStart[i]!; k + 1 < rowStart[i + 1]!; k += 1) after[rowCodes[k]!]! |= 1 << rowCodes[k + 1]!;
  const incoming = new Uint32Array(distinct);
  for (let a = 0; a < distinct; a += 1) for (let b = 0; b < distinct; b += 1) if ((after[a]! >>> b) & 1) incoming[b]! += 1;
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

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PATTERN = /^(.*?)(\d{1,9})$/;
const MAX_EPOCH_MS = 253_402_300_799_999; // 9999-12-31T23:59:59.999Z: ISO texts up to here sort as their instants do

/** A text column as the rows come: every form still possible is kept, the smallest one left is chosen at the end. */
class TextBuilder {
  private bytes: Growing<Uint8Array> | undefined = u8s();
  private offsets = u32s();
  private dictionary: Dictionary | undefined = new Dictionary();
  private codes: Growing<Uint32Array> | undefined = u32s();
  private patterns: Dictionary | undefined;
  private patternCodes: Growing<Uint32Array> | undefined;
  private numbers: Growing<Uint32Array> | undefined;
  private epochMs: Growing<Float64Array> | undefined;
  private wholeSeconds = true;
  private count = 0;

  constructor(kind: 'text' | 'pattern' | 'instant') {
    this.offsets.push(0);
    if (kind === 'pattern') {
      this.patterns = new Dictionary();
      this.patternCodes = u32s();
      this.numbers = u32s();
    }
    if (kind === 'instant') this.epochMs = f64s();
  }

  add(raw: string | undefined): void {
    const text = raw ?? '';
    this.count += 1;
    if (this.epochMs) {
      const ms = Date.parse(text);
      if (Number.isFinite(ms) && ms >= 0 && ms <= MAX_EPOCH_MS && new Date(ms).toISOString() === text) {
        this.epochMs.push(ms);
        if (ms % 1000 !== 0) this.wholeSeconds = false;
      } else this.epochMs = undefined;
    }
    if (this.dictionary) {
      this.codes!.push(this.dictionary.code(text));
      if (this.dictionary.codeOf.size > 65_536 && this.dictionary.codeOf.size > this.count / 4) this.dictionary = this.codes = undefined;
    }
    if (this.patterns) {
      const match = PATTERN.exec(text);
      if (match && this.patterns.codeOf.size < 65_536) {
        this.patternCodes!.push(this.patterns.code(`${match[2]!.length}|${match[1]!}`));
        this.numbers!.push(Number(match[2]!));
      } else this.patterns = this.patternCodes = this.numbers = undefined;
    }
    const bytes = this.bytes!;
    // Room for the longest UTF-8 form, then written in place.
    while (bytes.array.length - bytes.length < text.length * 3) {
      const bigger = new Uint8Array(Math.max(4096, bytes.array.length * 2));
      bigger.set(bytes.array.subarray(0, bytes.length));
      bytes.array = bigger;
    }
    bytes.length += encoder.encodeInto(text, bytes.array.subarray(bytes.length)).written;
    this.offsets.push(bytes.length);
  }

  done(): TextColumn {
    const n = this.count;
    if (this.epochMs) {
      const ms = this.epochMs.done();
      if (this.wholeSeconds && ms.every((v) => v / 1000 <= 0xffffffff)) return { epochS: Uint32Array.from(ms, (v) => v / 1000) };
      return { epochMs: ms };
    }
    if (this.dictionary && (n === 0 || this.dictionary.codeOf.size <= n / 4)) {
      const values = this.dictionary.values() as string[];
      return { values, codes: narrowed(this.codes!.done(), n, values.length) };
    }
    if (this.patterns && n > 0) {
      const patterns = this.patterns.values().map((key): [string, number] => {
        const bar = key!.indexOf('|');
        return [key!.slice(bar + 1), Number(key!.slice(0, bar))];
      });
      return { patterns, patternCodes: narrowed(this.patternCodes!.done(), n, patterns.length), numbers: this.numbers!.done() };
    }
    return { bytes: this.bytes!.done(), offsets: this.offsets.done() };
  }
}

function textAt(column: TextColumn, i: number): string {
  if ('epochMs' in column) return new Date(column.epochMs[i]!).toISOString();
  if ('epochS' in column) return new Date(column.epochS[i]! * 1000).toISOString();
  if ('codes' in column) return column.values[column.codes[i]!]!;
  if ('patterns' in column) {
    const [prefix, digits] = column.patterns[column.patternCodes[i]!]!;
    return prefix + String(column.numbers[i]!).padStart(digits, '0');
  }
  return decoder.decode(column.bytes.subarray(column.offsets[i]!, column.offsets[i + 1]!));
}

/** Row positions sorted ascending by one key, ties broken by id, so the order is total. */
export function sortedPositions(rows: readonly CarRow[], key: SortKey): Uint32Array {
  return Uint32Array.from(rows.keys()).sort((a, b) => {
    const x = rows[a]![key];
    const y = rows[b]![key];
    if (x < y) return -1;
    if (x > y) return 1;
    return rows[a]!.id - rows[b]!.id;
  });
}

function ranksOf(order: Uint32Array): Uint32Array {
  const ranks = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k += 1) ranks[order[k]!] = k;
  return ranks;
}

/**
 * Row positions sorted by a numeric key, ties by id. Whole keys below 2^(53 - bits of n) are
 * packed with the row's place in id order into one number and sorted natively; others with a
 * comparison (as sortedPositions compares).
 */
function orderBy(n: number, keyOf: (i: number) => number, id: Uint32Array, byId: Uint32Array | undefined): Uint32Array {
  const shift = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  const limit = 2 ** 53 / shift;
  const keys = new Float64Array(n);
  let packable = true;
  for (let i = 0; i < n; i += 1) {
    const key = keyOf(i);
    keys[i] = key;
    if (!(Number.isInteger(key) && key >= 0 && key < limit)) packable = false;
  }
  if (!packable) {
    return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      if (x < y) return -1;
      if (x > y) return 1;
      return id[a]! - id[b]!;
    });
  }
  // The place in id order breaks ties: the row itself when ids ascend with the rows.
  const place = byId ? ranksOf(byId) : undefined;
  for (let i = 0; i < n; i += 1) keys[i] = keys[i]! * shift + (place ? place[i]! : i);
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k += 1) {
    const p = keys[k]! % shift;
    order[k] = byId ? byId[p]! : p;
  }
  return order;
}

/** Row positions by id; undefined when ids ascend with the rows (then the identity, made on first use). */
function idOrder(id: Uint32Array): Uint32Array | undefined {
  return idsAscend(id) ? undefined : Uint32Array.from(id.keys()).sort((a, b) => id[a]! - id[b]! || a - b);
}

/** Sets a property computed on its first read (then kept as a plain value). */
export function lazily<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
}

/** Ranks of each sort order, each made on first use. */
function lazyRanks(order: Record<SortKey, Uint32Array>): Record<SortKey, Uint32Array> {
  const rank = {} as Record<SortKey, Uint32Array>;
  for (const key of SORT_KEYS) lazily(rank, key, () => ranksOf(order[key]));
  return rank;
}

/** The index around its columns: ranks and (when ids ascend) the id order made on first use. */
export function assembleIndex(parts: Omit<CatalogueIndex, 'rank' | 'byId' | 'visible'> & { byId?: Uint32Array }): CatalogueIndex {
  const { byId, ...rest } = parts;
  const index = { ...rest, rank: lazyRanks(parts.order), visible: new Map() } as CatalogueIndex;
  if (byId) index.byId = byId;
  else lazily(index, 'byId', () => Uint32Array.from({ length: parts.size }, (_, i) => i));
  return index;
}

/** Whole non-negative numbers fit a Uint16Array or a Uint32Array: a quarter or half the memory of doubles. */
function compactNumbers(values: Float64Array): Float64Array | Uint32Array | Uint16Array {
  let max = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (!(Number.isInteger(values[i]!) && values[i]! >= 0 && values[i]! <= 0xffffffff)) return values;
    max = Math.max(max, values[i]!);
  }
  return max <= 0xffff ? Uint16Array.from(values) : Uint32Array.from(values);
}

/** Sort orders a snapshot need not ship when ids ascend with the rows: remade from the columns by a counting sort. */
export const DERIVABLE_ORDERS = ['year', 'auctionDate'] as const;

/** Whether an index's ids ascend with its rows (then ties in every order follow the rows). */
export function idsAscend(id: Uint32Array): boolean {
  for (let i = 1; i < id.length; i += 1) if (id[i - 1]! > id[i]!) return false;
  return true;
}

/**
 * The order by year or by auction date, remade from the columns when ids ascend with the rows:
 * rows grouped by value in ascending order, each group in row (so id) order. Undefined when it
 * cannot be (auction dates missing, which compare as equal to every date).
 */
export function derivedOrder(index: Pick<CatalogueIndex, 'size' | 'year' | 'fields'>, key: (typeof DERIVABLE_ORDERS)[number]): Uint32Array | undefined {
  const n = index.size;
  if (key === 'year') {
    let min = 0;
    let max = -1;
    for (let i = 0; i < n; i += 1) {
      const y = index.year[i]!;
      if (i === 0 || y < min) min = y;
      if (i === 0 || y > max) max = y;
    }
    const codes = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) codes[i] = index.year[i]! - min;
    return listsOfCodes(codes, max - min + 1).positions;
  }
  const lists = index.fields.auctionDate;
  if (lists.values.includes(null)) return undefined;
  const byValue = Array.from(lists.values.keys()).sort((a, b) => {
    const x = lists.values[a]!;
    const y = lists.values[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  if (!lists.bits) {
    const place = new Uint32Array(lists.values.length);
    byValue.forEach((code, k) => {
      place[code] = k;
    });
    const codes = lists.codes!;
    return listsOfCodes(
      Uint32Array.from(codes, (code) => place[code]!),
      lists.values.length,
    ).positions;
  }
  const order = new Uint32Array(n);
  const words = wordsFor(n);
  let k = 0;
  for (const code of byValue) {
    for (let w = 0; w < words; w += 1) {
      let word = lists.bits[code * words + w]!;
      while (word !== 0) {
        order[k++] = (w << 5) + (31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
  }
  return order;
}

/** The words of every title: over the title's values when they are coded (few), else over rows. */
function titleWordLists(title: TextColumn, n: number): ValueLists {
  const dictionary = new Dictionary();
  const ofTitles = 'codes' in title;
  const count = ofTitles ? title.values.length : n;
  const codes = u32s();
  const owners = u32s();
  for (let t = 0; t < count; t += 1) {
    const seen = new Set<number>();
    for (const word of titleWordsOf(ofTitles ? title.values[t]! : textAt(title, t))) {
      const code = dictionary.code(word);
      if (seen.has(code)) continue;
      seen.add(code);
      codes.push(code);
      owners.push(t);
    }
  }
  const values = dictionary.values();
  const lists: ValueLists = { values, lookup: lookupOf(values), ...listsOfCodes(codes.done(), values.length, owners.done()) };
  if (ofTitles) lists.ofTitles = true;
  return lists;
}

/**
 * Builds the index from rows that come one at a time (a feed, a generator, a snapshot's rows):
 * one pass into growing columns, no object kept per car, so memory follows the columns alone.
 * What the import of a big catalogue calls.
 */
export function buildIndexFrom(rows: Iterable<CarRow>): CatalogueIndex {
  const singles = Object.fromEntries(SINGLE_FIELDS.map((name) => [name, new SingleBuilder()])) as Record<(typeof SINGLE_FIELDS)[number], SingleBuilder>;
  const multis = Object.fromEntries(MULTI_FIELDS.map((name) => [name, new MultiBuilder()])) as Record<(typeof MULTI_FIELDS)[number], MultiBuilder>;
  const trim = new SingleBuilder();
  const published = new SingleBuilder();
  const texts = {
    title: new TextBuilder('text'),
    advertisementNumber: new TextBuilder('pattern'),
    thumbnailUrl: new TextBuilder('text'),
    createdAt: new TextBuilder('instant'),
  } satisfies Record<TextName, TextBuilder>;
  const ids = u32s();
  const years = u32s();
  const prices = f64s();
  const kms = f64s();
  let n = 0;
  for (const row of rows) {
    n += 1;
    ids.push(row.id);
    years.push(row.year & 0xffff);
    prices.push(row.price);
    kms.push(row.kilometers);
    for (const name of SINGLE_FIELDS) singles[name].add(row[name]);
    for (const name of MULTI_FIELDS) multis[name].add(row[name]);
    trim.add(row.gradeDetailEn ?? row.gradeEn);
    // Published first written as "yes" or "no" in the order met, as a row value.
    published.add(row.published ? 'yes' : 'no');
    for (const name of TEXT_FIELDS) texts[name].add(row[name]);
  }
  const id = ids.done();
  const year = Int16Array.from(years.done());
  const byId = idOrder(id);
  // The auction dates order as their texts do.
  const auction = singles.auctionDate;
  const auctionValues = auction.dictionary.values();
  const auctionRank = new Uint32Array(auctionValues.length);
  Uint32Array.from(auctionValues.keys())
    .sort((a, b) => {
      const x = auctionValues[a]!;
      const y = auctionValues[b]!;
      return x < y ? -1 : x > y ? 1 : a - b;
    })
    .forEach((code, place) => {
      auctionRank[code] = place;
    });
  const auctionCodes = auction.codes.array;
  const priceValues = prices.done();
  const kmValues = kms.done();
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, texts[name].done()])) as Record<TextName, TextColumn>;
  const created = text.createdAt;
  const order = {
    price: orderBy(n, (i) => priceValues[i]!, id, byId),
    year: orderBy(n, (i) => year[i]! + 32_768, id, byId),
    kilometers: orderBy(n, (i) => kmValues[i]!, id, byId),
    // Instants order as their ISO texts do; texts that are not such instants are compared as texts.
    createdAt:
      'epochS' in created
        ? orderBy(n, (i) => created.epochS[i]!, id, byId)
        : 'epochMs' in created
          ? orderBy(n, (i) => created.epochMs[i]!, id, byId)
          : textOrder(created, n, id),
    auctionDate: auctionValues.includes(null) ? textOrder(undefined, n, id, auction) : orderBy(n, (i) => auctionRank[auctionCodes[i]!]!, id, byId),
  } satisfies Record<SortKey, Uint32Array>;
  const fields = {} as Record<FieldName, ValueLists>;
  for (const name of SINGLE_FIELDS) fields[name] = singles[name].done(n);
  for (const name of MULTI_FIELDS) fields[name] = multis[name].done(n);
  fields.trim = trim.done(n);
  fields.published = published.done(n);
  // Matched only (the title itself is kept as text): the lists, not each row's words.
  fields.titleWords = titleWordLists(text.title, n);
  return assembleIndex({
    size: n,
    id,
    year,
    price: compactNumbers(priceValues),
    kilometers: compactNumbers(kmValues),
    text,
    fields,
    order,
    byId,
  });
}

/** A sort order of texts (or of coded values that may be missing), compared as sortedPositions compares them. */
function textOrder(column: TextColumn | undefined, n: number, id: Uint32Array, coded?: SingleBuilder): Uint32Array {
  const values = coded?.dictionary.values();
  const texts = Array.from({ length: n }, (_, i) => (coded ? (values![coded.codes.array[i]!] ?? undefined) : textAt(column!, i)));
  return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const x = texts[a]!;
    const y = texts[b]!;
    if (x < y) return -1;
    if (x > y) return 1;
    return id[a]! - id[b]!;
  });
}

/** Builds the whole index from rows: what the import does once per snapshot (and tests and the bench). */
export function buildIndex(rows: readonly CarRow[]): CatalogueIndex {
  return buildIndexFrom(rows);
}

const single = (index: CatalogueIndex, name: (typeof SINGLE_FIELDS)[number], i: number): string | undefined =>
  index.fields[name].values[codeAt(index.fields[name], i)] ?? undefined;

function many(index: CatalogueIndex, name: (typeof MULTI_FIELDS)[number], i: number): string[] {
  const lists = index.fields[name];
  return codesAtRow(lists, i).map((code) => lists.values[code] ?? '');
}

/** The car at a row position, as an object: made only for the rows of the page being answered. */
export function rowAt(index: CatalogueIndex, i: number): CarRow {
  return toRow({
    id: index.id[i]!,
    provider: single(index, 'provider', i) as CarRow['provider'],
    advertisementNumber: textAt(index.text.advertisementNumber, i),
    title: textAt(index.text.title, i),
    makeEn: single(index, 'makeEn', i)!,
    modelGroupEn: single(index, 'modelGroupEn', i)!,
    modelEn: single(index, 'modelEn', i)!,
    generationCode: single(index, 'generationCode', i),
    gradeEn: single(index, 'gradeEn', i)!,
    gradeDetailEn: single(index, 'gradeDetailEn', i),
    year: index.year[i]!,
    kilometers: index.kilometers[i]!,
    price: index.price[i]!,
    fuelType: single(index, 'fuelType', i) as CarRow['fuelType'],
    transmission: single(index, 'transmission', i) as CarRow['transmission'],
    vehicleType: single(index, 'vehicleType', i) as CarRow['vehicleType'],
    color: single(index, 'color', i)!,
    drivetrain: single(index, 'drivetrain', i) as CarRow['drivetrain'],
    city: single(index, 'city', i)!,
    options: many(index, 'options', i),
    damage: many(index, 'damage', i) as CarRow['damage'],
    published: index.fields.published.values[codeAt(index.fields.published, i)] === 'yes',
    auctionDate: single(index, 'auctionDate', i)!,
    createdAt: textAt(index.text.createdAt, i),
    thumbnailUrl: textAt(index.text.thumbnailUrl, i),
  });
}

/** Every car of the index as rows (the import merges a new file into the current snapshot). */
export const allRows = (index: CatalogueIndex): CarRow[] => Array.from({ length: index.size }, (_, i) => rowAt(index, i));
