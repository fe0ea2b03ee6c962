import { SORT_KEYS, toRow, type CarRow, type SortKey } from './car-row.js';

/**
 * The catalogue as the list holds it: columns of typed arrays, no object per car. Every array is
 * computed once, by the import, and shipped in the snapshot (snapshot.ts), so a cold container
 * maps the arrays in place instead of parsing and indexing rows. A car becomes an object only
 * when it is on the page being answered (rowAt).
 */

/**
 * One text per row, in the smallest of three forms: all in one UTF-8 byte array (row i is
 * bytes[offsets[i]..offsets[i+1])); coded, when texts repeat (photo URLs shared by many cars);
 * or, for instants that survive the round trip exactly, epoch milliseconds.
 */
export type TextColumn =
  | { bytes: Uint8Array; offsets: Uint32Array }
  | { values: string[]; codes: Uint8Array | Uint16Array | Uint32Array }
  | { epochMs: Float64Array };

/**
 * A field with repeating values: the values by code (as written; `null` for a missing optional
 * value), the rows of each value (rows of code v are positions[start[v]..start[v+1]), ascending),
 * and either each row's code (single-valued fields) or each row's codes (rowCodes from
 * rowStart[i] to rowStart[i+1], for options and damage). `lookup` matches case-insensitively.
 */
export interface ValueLists {
  values: Array<string | null>;
  /** The rows of each value: lists (start, positions), or for fields of at most 32 values one bit set per value (bits, words per set). */
  start?: Uint32Array;
  positions?: Uint32Array;
  bits?: Uint32Array;
  codes?: Uint8Array | Uint16Array | Uint32Array;
  rowStart?: Uint32Array;
  rowCodes?: Uint8Array | Uint16Array | Uint32Array;
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
const TEXT_FIELDS = ['title', 'advertisementNumber', 'thumbnailUrl', 'createdAt'] as const satisfies ReadonlyArray<keyof CarRow>;

export type FieldName = (typeof SINGLE_FIELDS)[number] | (typeof MULTI_FIELDS)[number] | (typeof DERIVED_FIELDS)[number];
type TextName = (typeof TEXT_FIELDS)[number];

export interface CatalogueIndex {
  size: number;
  id: Uint32Array;
  year: Int16Array;
  price: Float64Array;
  kilometers: Float64Array;
  text: Record<TextName, TextColumn>;
  fields: Record<FieldName, ValueLists>;
  /** Row positions sorted ascending by each key, ties broken by id, so every order is total. */
  order: Record<SortKey, Uint32Array>;
  /** For each key, a row's place in `order` (rank[position]): sorts a few matches without a scan. */
  rank: Record<SortKey, Uint32Array>;
  /** Row positions sorted by car id: a car is found by binary search, with no map to build. */
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

const codeArray = (distinct: number, length: number) =>
  distinct <= 256 ? new Uint8Array(length) : distinct <= 65_536 ? new Uint16Array(length) : new Uint32Array(length);

/** Fields with this few values keep one bit set per value: smaller than row lists, and combined a word at a time. */
const BITS_UP_TO = 32;
const wordsFor = (rows: number) => (rows + 31) >>> 5;

/** Codes the values of each row and groups the rows by value (counting sort): O(rows). */
function valueLists(n: number, valuesOf: (i: number) => ReadonlyArray<string | null | undefined>, single: boolean, keepRows = true): ValueLists {
  const dictionary = new Map<string | null, number>();
  const perRow: number[][] = [];
  const counts: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const mine: number[] = [];
    for (const raw of valuesOf(i)) {
      const value = raw ?? null;
      let code = dictionary.get(value);
      if (code === undefined) {
        code = dictionary.size;
        dictionary.set(value, code);
        counts.push(0);
      }
      if (!mine.includes(code)) {
        mine.push(code);
        counts[code]! += 1;
      }
    }
    perRow.push(mine);
  }
  const values = [...dictionary.keys()];
  const lists: ValueLists = { values, lookup: lookupOf(values) };
  if (values.length <= BITS_UP_TO) {
    const words = wordsFor(n);
    lists.bits = new Uint32Array(words * values.length);
    perRow.forEach((mine, i) => {
      for (const code of mine) lists.bits![code * words + (i >>> 5)]! |= 1 << (i & 31);
    });
  } else {
    lists.start = new Uint32Array(dictionary.size + 1);
    for (let v = 0; v < dictionary.size; v += 1) lists.start[v + 1] = lists.start[v]! + counts[v]!;
    const fill = lists.start.slice(0, dictionary.size);
    lists.positions = new Uint32Array(lists.start[dictionary.size]!);
    perRow.forEach((mine, i) => {
      for (const code of mine) lists.positions![fill[code]!++] = i;
    });
  }
  if (single) {
    lists.codes = codeArray(values.length, n);
    perRow.forEach((mine, i) => {
      lists.codes![i] = mine[0]!;
    });
  } else if (keepRows) {
    lists.rowStart = new Uint32Array(n + 1);
    perRow.forEach((mine, i) => {
      lists.rowStart![i + 1] = lists.rowStart![i]! + mine.length;
    });
    lists.rowCodes = codeArray(values.length, lists.rowStart[n]!);
    let k = 0;
    for (const mine of perRow) for (const code of mine) lists.rowCodes[k++] = code;
  }
  return lists;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function textColumn(n: number, textOf: (i: number) => string | undefined, instants = false): TextColumn {
  if (instants) {
    const epochMs = Float64Array.from({ length: n }, (_, i) => Date.parse(textOf(i) ?? ''));
    if (epochMs.every((ms, i) => Number.isFinite(ms) && new Date(ms).toISOString() === textOf(i))) return { epochMs };
  }
  const distinct = new Map<string, number>();
  for (let i = 0; i < n && distinct.size <= n / 4; i += 1) if (!distinct.has(textOf(i) ?? '')) distinct.set(textOf(i) ?? '', distinct.size);
  if (n > 0 && distinct.size <= n / 4) {
    const codes = codeArray(distinct.size, n);
    for (let i = 0; i < n; i += 1) codes[i] = distinct.get(textOf(i) ?? '')!;
    return { values: [...distinct.keys()], codes };
  }
  const parts = Array.from({ length: n }, (_, i) => encoder.encode(textOf(i) ?? ''));
  const offsets = new Uint32Array(n + 1);
  parts.forEach((part, i) => {
    offsets[i + 1] = offsets[i]! + part.length;
  });
  const bytes = new Uint8Array(offsets[n]!);
  parts.forEach((part, i) => {
    bytes.set(part, offsets[i]!);
  });
  return { bytes, offsets };
}

function textAt(column: TextColumn, i: number): string {
  if ('epochMs' in column) return new Date(column.epochMs[i]!).toISOString();
  if ('codes' in column) return column.values[column.codes[i]!]!;
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

/** The sort orders and ranks, from the rows (at import). */
function sortOrders(rows: readonly CarRow[]): Pick<CatalogueIndex, 'order' | 'rank'> {
  const order = {} as Record<SortKey, Uint32Array>;
  const rank = {} as Record<SortKey, Uint32Array>;
  for (const key of SORT_KEYS) {
    order[key] = sortedPositions(rows, key);
    rank[key] = ranksOf(order[key]);
  }
  return { order, rank };
}

export function ranksOf(order: Uint32Array): Uint32Array {
  const ranks = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k += 1) ranks[order[k]!] = k;
  return ranks;
}

/** Builds the whole index from rows: what the import does once per snapshot (and tests and the bench). */
export function buildIndex(rows: readonly CarRow[]): CatalogueIndex {
  const n = rows.length;
  const fields = {} as Record<FieldName, ValueLists>;
  for (const name of SINGLE_FIELDS) fields[name] = valueLists(n, (i) => [rows[i]![name]], true);
  for (const name of MULTI_FIELDS) fields[name] = valueLists(n, (i) => rows[i]![name], false);
  fields.trim = valueLists(n, (i) => [rows[i]!.gradeDetailEn ?? rows[i]!.gradeEn], true);
  fields.published = valueLists(n, (i) => [rows[i]!.published ? 'yes' : 'no'], true);
  // Matched only (the title itself is kept as text): the row lists, not each row's words.
  fields.titleWords = valueLists(n, (i) => titleWordsOf(rows[i]!.title), false, false);
  const text = {} as Record<TextName, TextColumn>;
  for (const name of TEXT_FIELDS) text[name] = textColumn(n, (i) => rows[i]![name], name === 'createdAt');
  const id = Uint32Array.from(rows, (r) => r.id);
  return {
    size: n,
    id,
    year: Int16Array.from(rows, (r) => r.year),
    price: Float64Array.from(rows, (r) => r.price),
    kilometers: Float64Array.from(rows, (r) => r.kilometers),
    text,
    fields,
    ...sortOrders(rows),
    byId: Uint32Array.from(rows.keys()).sort((a, b) => id[a]! - id[b]!),
    visible: new Map(),
  };
}

const single = (index: CatalogueIndex, name: (typeof SINGLE_FIELDS)[number], i: number): string | undefined =>
  index.fields[name].values[index.fields[name].codes![i]!] ?? undefined;

function many(index: CatalogueIndex, name: (typeof MULTI_FIELDS)[number], i: number): string[] {
  const lists = index.fields[name];
  const out: string[] = [];
  for (let k = lists.rowStart![i]!; k < lists.rowStart![i + 1]!; k += 1) out.push(lists.values[lists.rowCodes![k]!] ?? '');
  return out;
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
    published: index.fields.published.values[index.fields.published.codes![i]!] === 'yes',
    auctionDate: single(index, 'auctionDate', i)!,
    createdAt: textAt(index.text.createdAt, i),
    thumbnailUrl: textAt(index.text.thumbnailUrl, i),
  });
}

/** Every car of the index as rows (the import merges a new file into the current snapshot). */
export const allRows = (index: CatalogueIndex): CarRow[] => Array.from({ length: index.size }, (_, i) => rowAt(index, i));

/** Builds the index from rows that come one at a time (a feed, a generator): what the import of a big catalogue calls. */
export const buildIndexFrom = (rows: Iterable<CarRow>): CatalogueIndex => buildIndex(Array.from(rows));
