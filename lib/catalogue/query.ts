import { lower, type CatalogueIndex, type FieldName, type ValueLists } from './catalogue-index.js';
import { rowAt } from './catalogue-index.js';
import type { CarRow, SortKey } from './car-row.js';

/**
 * The car list query over the columnar index (catalogue-index.ts). Each condition becomes a set
 * of rows, one bit per row, built from the row lists of the values it names or from a slice of
 * a sort order for a range: a query costs what it matches, not the size of the catalogue.
 */

export interface CarFilter {
  makes?: Set<string>;
  models?: Set<string>;
  /** makeModel pairs: make alone, or make + model. Any pair may match. */
  makeModel?: Array<{ make: string; model?: string }>;
  modelGroups?: Set<string>;
  generationCodes?: Set<string>;
  grades?: Set<string>;
  trims?: Set<string>;
  yearFrom?: number;
  yearTo?: number;
  priceFrom?: number;
  priceTo?: number;
  kmFrom?: number;
  kmTo?: number;
  fuelTypes?: Set<string>;
  transmissions?: Set<string>;
  vehicleTypes?: Set<string>;
  colors?: Set<string>;
  drivetrains?: Set<string>;
  providers?: Set<string>;
  cities?: Set<string>;
  published?: boolean;
  /** Every word must appear in the title. */
  words?: string[];
  /** Exclude cars with any of these damages. */
  excludeDamage?: Set<string>;
  /** Cars having all of these options. */
  requireOptions?: string[];
}

/** A tenant's storefront: which cars it may see at all. */
export interface Visibility {
  providers?: ReadonlySet<string>;
  publishedOnly: boolean;
}

/** Whether a storefront shows one car at all (for the car detail and for orders). */
export function visibleInStorefront(car: Pick<CarRow, 'provider' | 'published'>, visibility: Visibility): boolean {
  return (!visibility.publishedOnly || car.published) && (!visibility.providers || visibility.providers.has(car.provider));
}

// ---------------------------------------------------------------------------------------------
// Row sets
// ---------------------------------------------------------------------------------------------

/** A set of row positions, one bit each: a query combines its conditions word by word. */
type Bits = Uint32Array;

const emptyBits = (n: number): Bits => new Uint32Array((n + 31) >>> 5);

function addPositions(bits: Bits, positions: ArrayLike<number>, from = 0, to = positions.length): void {
  for (let k = from; k < to; k += 1) {
    const p = positions[k]!;
    bits[p >>> 5]! |= 1 << (p & 31);
  }
}

function and(a: Bits, b: Bits): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! &= b[w]!;
  return a;
}

function andNot(a: Bits, b: Bits): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! &= ~b[w]!;
  return a;
}

function count(bits: Bits): number {
  let total = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let v = bits[w]! - ((bits[w]! >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return total;
}

const has = (bits: Bits, p: number): boolean => (bits[p >>> 5]! & (1 << (p & 31))) !== 0;

/** Calls `visit` with each row position of a set, ascending. */
function forEachRow(bits: Bits, visit: (position: number) => void): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      visit((w << 5) + (31 - Math.clz32(word & -word)));
      word &= word - 1;
    }
  }
}

/** Adds the rows of one value: its bit set word by word, or its row list. */
function addRowsOf(bits: Bits, lists: ValueLists, code: number): void {
  if (lists.bits) {
    const from = code * bits.length;
    for (let w = 0; w < bits.length; w += 1) bits[w]! |= lists.bits[from + w]!;
  } else addPositions(bits, lists.positions!, lists.start![code]!, lists.start![code + 1]!);
}

/** The rows having any of `values` (case-insensitive). */
function rowsWithAny(lists: ValueLists, values: Iterable<string>, n: number): Bits {
  const bits = emptyBits(n);
  for (const value of values) for (const code of lists.lookup.get(lower(value)) ?? []) addRowsOf(bits, lists, code);
  return bits;
}

/** A table over a field's codes: 1 for the codes of the wanted values. */
function codeTable(lists: ValueLists, values: Iterable<string>): Uint8Array {
  const table = new Uint8Array(lists.values.length);
  for (const value of values) for (const code of lists.lookup.get(lower(value)) ?? []) table[code] = 1;
  return table;
}

const DAMAGES = ['accident', 'total_loss', 'flood'];

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** The rows whose value of a numeric key lies in [from, to], from that key's sorted order: touches only those rows. */
function rowsInRange(index: CatalogueIndex, key: 'year' | 'price' | 'kilometers', from: number | undefined, to: number | undefined): Bits {
  const order = index.order[key];
  const values = index[key];
  const firstAtLeast = (bound: number, strict: boolean) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const v = values[order[mid]!]!;
      if (strict ? v <= bound : v < bound) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const bits = emptyBits(index.size);
  addPositions(bits, order, from === undefined ? 0 : firstAtLeast(from, false), to === undefined ? order.length : firstAtLeast(to, true));
  return bits;
}

/** The rows whose title has, for every query word, a word beginning with it ("sorent" finds "Sorento"). */
function rowsWithWords(index: CatalogueIndex, words: readonly string[]): Bits {
  const lists = index.fields.titleWords;
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
 * pair with a model touches only that model's rows, keeping those of the right make.
 */
function rowsOfMakeModels(index: CatalogueIndex, pairs: NonNullable<CarFilter['makeModel']>): Bits {
  const n = index.size;
  const f = index.fields;
  const result = rowsWithAny(
    f.makeEn,
    pairs.filter((p) => p.model === undefined).map((p) => p.make),
    n,
  );
  const makeCodes = f.makeEn.codes!;
  for (const pair of pairs.filter((p) => p.model !== undefined)) {
    const make = codeTable(f.makeEn, [pair.make]);
    for (const lists of [f.modelEn, f.modelGroupEn]) {
      for (const code of lists.lookup.get(lower(pair.model)) ?? []) {
        const keep = (p: number) => {
          if (make[makeCodes[p]!] === 1) result[p >>> 5]! |= 1 << (p & 31);
        };
        if (lists.positions) for (let k = lists.start![code]!; k < lists.start![code + 1]!; k += 1) keep(lists.positions[k]!);
        else {
          const rows = emptyBits(n);
          addRowsOf(rows, lists, code);
          forEachRow(rows, keep);
        }
      }
    }
  }
  return result;
}

/** A storefront's visible rows, kept on the index: the same few storefronts ask again and again. */
function visibleRows(index: CatalogueIndex, visibility: Visibility): Bits | undefined {
  if (!visibility.publishedOnly && !visibility.providers) return undefined;
  const key = `${visibility.publishedOnly ? 1 : 0}|${visibility.providers ? [...visibility.providers].sort().join(',') : '*'}`;
  let bits = index.visible.get(key);
  if (!bits) {
    const n = index.size;
    bits = visibility.providers ? rowsWithAny(index.fields.provider, visibility.providers, n) : emptyBits(n).fill(0xffffffff);
    if (visibility.publishedOnly) and(bits, rowsWithAny(index.fields.published, ['yes'], n));
    index.visible.set(key, bits);
  }
  return bits;
}

/**
 * The rows matching the filter and the storefront, as a row set (undefined: every row). Each
 * condition costs what it matches: a value's row list, a range's slice of its sorted order.
 */
function matchingRows(index: CatalogueIndex, filter: CarFilter, visibility: Visibility): Bits | undefined {
  const n = index.size;
  const f = index.fields;
  let result: Bits | undefined;
  const keep = (bits: Bits) => {
    result = result ? and(result, bits) : bits;
  };
  const visible = visibleRows(index, visibility);
  if (visible) keep(Uint32Array.from(visible));
  const sets: Array<[FieldName, Set<string> | undefined]> = [
    ['provider', filter.providers],
    ['makeEn', filter.makes],
    ['modelEn', filter.models],
    ['modelGroupEn', filter.modelGroups],
    ['generationCode', filter.generationCodes],
    ['gradeEn', filter.grades],
    ['trim', filter.trims],
    ['fuelType', filter.fuelTypes],
    ['transmission', filter.transmissions],
    ['vehicleType', filter.vehicleTypes],
    ['color', filter.colors],
    ['drivetrain', filter.drivetrains],
    ['city', filter.cities],
  ];
  // The most selective conditions first, so later ones narrow an already small set.
  for (const [name, wanted] of sets) if (wanted && wanted.size > 0) keep(rowsWithAny(f[name], wanted, n));
  if (filter.published !== undefined) keep(rowsWithAny(f.published, [filter.published ? 'yes' : 'no'], n));
  if (filter.makeModel && filter.makeModel.length > 0) keep(rowsOfMakeModels(index, filter.makeModel));
  if (filter.requireOptions) for (const option of filter.requireOptions) keep(rowsWithAny(f.options, [option], n));
  if (filter.words && filter.words.length > 0) keep(rowsWithWords(index, filter.words));
  if (filter.yearFrom !== undefined || filter.yearTo !== undefined) keep(rowsInRange(index, 'year', filter.yearFrom, filter.yearTo));
  if (filter.priceFrom !== undefined || filter.priceTo !== undefined) keep(rowsInRange(index, 'price', filter.priceFrom, filter.priceTo));
  if (filter.kmFrom !== undefined || filter.kmTo !== undefined) keep(rowsInRange(index, 'kilometers', filter.kmFrom, filter.kmTo));
  const excluded = [...(filter.excludeDamage ?? [])].filter((d) => DAMAGES.includes(d));
  if (excluded.length > 0) {
    const damaged = rowsWithAny(f.damage, excluded, n);
    result = result ? andNot(result, damaged) : andNot(emptyBits(n).fill(0xffffffff), damaged);
  }
  // Bits past the last row (a set built by negation) never count.
  if (result && n % 32 !== 0) result[result.length - 1]! &= (1 << (n % 32)) - 1;
  return result;
}

export interface PageRequest {
  sortBy: SortKey;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** Below this many matches a page is cut from the matches sorted by rank, without walking the order. */
const FEW_MATCHES = 4096;

/**
 * The requested page and the total. The total is a count of the matching set. The page comes
 * from the matches sorted by their rank in the sort order when they are few, or else from walking
 * the pre-sorted order until the page is full (the first pages of a broad query stop early).
 */
export function queryIndex(index: CatalogueIndex, filter: CarFilter, visibility: Visibility, request: PageRequest): { rows: CarRow[]; total: number } {
  const matches = matchingRows(index, filter, visibility);
  const n = index.size;
  const total = matches ? count(matches) : n;
  const start = (request.page - 1) * request.limit;
  const end = Math.min(start + request.limit, total);
  if (start >= total) return { rows: [], total };
  const ascending = request.sortOrder === 'asc';
  const order = index.order[request.sortBy];
  if (matches && total <= FEW_MATCHES) {
    const rank = index.rank[request.sortBy];
    const found = new Uint32Array(total);
    let k = 0;
    for (let w = 0; w < matches.length; w += 1) {
      let word = matches[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        found[k++] = rank[(w << 5) + bit]!;
        word &= word - 1;
      }
    }
    found.sort();
    const rows: CarRow[] = [];
    for (let j = start; j < end; j += 1) rows.push(rowAt(index, order[ascending ? found[j]! : found[total - 1 - j]!]!));
    return { rows, total };
  }
  const rows: CarRow[] = [];
  let seen = 0;
  for (let k = 0; k < n && seen < end; k += 1) {
    const position = order[ascending ? k : n - 1 - k]!;
    if (matches && !has(matches, position)) continue;
    if (seen >= start) rows.push(rowAt(index, position));
    seen += 1;
  }
  return { rows, total };
}

export interface TrimOption {
  label: string;
  values: string[];
  count: number;
}

/** The trims of a make (and model): each grade with the raw grade texts it stands for. */
export function trimsOf(index: CatalogueIndex, make: string, model: string | undefined, visibility: Visibility): TrimOption[] {
  const matches = matchingRows(index, { makes: new Set([lower(make)]) }, visibility)!;
  const f = index.fields;
  const models = model === undefined ? undefined : codeTable(f.modelEn, [model]);
  const groups = model === undefined ? undefined : codeTable(f.modelGroupEn, [model]);
  const grades = new Map<string, { values: Set<string>; count: number }>();
  for (let w = 0; w < matches.length; w += 1) {
    let word = matches[w]!;
    while (word !== 0) {
      const i = (w << 5) + (31 - Math.clz32(word & -word));
      word &= word - 1;
      if (models && groups && models[f.modelEn.codes![i]!] !== 1 && groups[f.modelGroupEn.codes![i]!] !== 1) continue;
      const grade = f.gradeEn.values[f.gradeEn.codes![i]!] ?? '';
      const entry = grades.get(grade) ?? { values: new Set<string>(), count: 0 };
      entry.values.add(f.gradeDetailEn.values[f.gradeDetailEn.codes![i]!] ?? grade);
      entry.count += 1;
      grades.set(grade, entry);
    }
  }
  return [...grades.entries()]
    .map(([label, { values, count }]) => ({ label, values: [...values].sort(), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
