import { codesOf, lower, rowListsOf, type CatalogueIndex, type FieldName, type TextColumn, type ValueLists } from './catalogue-index.js';
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

/** A set kept with the index (a storefront's rows). */
const keptBits = (n: number): Bits => new Uint32Array((n + 31) >>> 5);

/**
 * The sets a query makes and drops: taken from a few kept for reuse (queries run one at a time),
 * so a query allocates no memory for them and leaves none behind for the collector.
 */
const scratch: { words: number; free: Bits[]; taken: Bits[] } = { words: 0, free: [], taken: [] };
const SCRATCH_KEPT = 12;

function emptyBits(n: number): Bits {
  const words = (n + 31) >>> 5;
  if (scratch.words !== words) Object.assign(scratch, { words, free: [], taken: [] });
  const bits = scratch.free.pop()?.fill(0) ?? new Uint32Array(words);
  scratch.taken.push(bits);
  return bits;
}

/** Gives the sets of the query just answered back for reuse. */
function releaseBits(): void {
  for (const bits of scratch.taken) if (scratch.free.length < SCRATCH_KEPT && bits.length === scratch.words) scratch.free.push(bits);
  scratch.taken.length = 0;
}

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

function andNot(a: Bits, b: Bits, from = 0): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! &= ~b[from + w]!;
  return a;
}

function copyOf(bits: Bits): Bits {
  const copy = emptyBits(bits.length << 5);
  copy.set(bits);
  return copy;
}

function or(a: Bits, b: Bits): Bits {
  for (let w = 0; w < a.length; w += 1) a[w]! |= b[w]!;
  return a;
}

function removePositions(bits: Bits, positions: ArrayLike<number>, from: number, to: number): void {
  for (let k = from; k < to; k += 1) {
    const p = positions[k]!;
    bits[p >>> 5]! &= ~(1 << (p & 31));
  }
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

type RangeKey = 'year' | 'price' | 'kilometers';

/** The slice [lo, hi) of a key's sort order holding the values in [from, to]. */
function rangeSlice(index: CatalogueIndex, key: RangeKey, from: number | undefined, to: number | undefined): [number, number] {
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
  return [from === undefined ? 0 : firstAtLeast(from, false), to === undefined ? order.length : firstAtLeast(to, true)];
}

/** Ranges over this many rows use the prefix sets below; smaller catalogues set each row of the slice. */
const PREFIX_SETS_FROM = 65_536;
const PREFIX_SETS = 16;
/** Per sort order of a range key: the row sets of its first k/16 (k = 0..16), made on first use. */
const prefixSets = new WeakMap<Uint32Array, Bits>();

function prefixSetsOf(order: Uint32Array, n: number): Bits {
  let sets = prefixSets.get(order);
  if (!sets) {
    const words = (n + 31) >>> 5;
    const step = Math.ceil(n / PREFIX_SETS);
    sets = new Uint32Array((PREFIX_SETS + 1) * words);
    const bits = new Uint32Array(words);
    for (let k = 1; k <= PREFIX_SETS; k += 1) {
      addPositions(bits, order, Math.min((k - 1) * step, n), Math.min(k * step, n));
      sets.set(bits, k * words);
    }
    prefixSets.set(order, sets);
  }
  return sets;
}

/**
 * Keeps in `result` the rows whose value of a numeric key lies in the slice [lo, hi) of the key's
 * sort order (a new set when there is no result yet). A wide slice is the difference of the
 * prefix sets nearest its ends, applied in one pass over the words; at most half a step of rows
 * at each end is then set or cleared, so no range costs more than a pass and a few thousand rows.
 */
function keepRange(index: CatalogueIndex, key: RangeKey, lo: number, hi: number, result: Bits | undefined): Bits {
  const n = index.size;
  const order = index.order[key];
  const step = Math.ceil(n / PREFIX_SETS);
  if (n < PREFIX_SETS_FROM || hi - lo <= step) {
    const bits = emptyBits(n);
    addPositions(bits, order, lo, hi);
    return result ? and(result, bits) : bits;
  }
  const sets = prefixSetsOf(order, n);
  const out = result ?? emptyBits(n).fill(0xffffffff);
  const words = out.length;
  const high = Math.round(hi / step);
  const highEnd = Math.min(high * step, n);
  const low = Math.round(lo / step);
  const lowEnd = Math.min(low * step, n);
  // Rows of the slice outside the prefix difference: kept if they were in the result.
  const restore: number[] = [];
  const note = (from: number, to: number) => {
    for (let k = from; k < to; k += 1) if (has(out, order[k]!)) restore.push(order[k]!);
  };
  if (highEnd < hi) note(highEnd, hi);
  if (lowEnd > lo) note(lo, lowEnd);
  const h = high * words;
  const l = low * words;
  if (low > 0) for (let w = 0; w < words; w += 1) out[w]! &= sets[h + w]! & ~sets[l + w]!;
  else for (let w = 0; w < words; w += 1) out[w]! &= sets[h + w]!;
  // Rows of the prefix difference outside the slice.
  if (highEnd > hi) removePositions(out, order, hi, highEnd);
  if (lowEnd < lo) removePositions(out, order, lowEnd, lo);
  addPositions(out, restore);
  return out;
}

/**
 * Where a walk of the order (ascending, or from the end) may start to reach the match numbered
 * `start`: the furthest prefix set boundary with at most `start` matches before it, found by
 * counting the matches in a few prefix sets. Returns the place and the matches before it.
 */
function skipTo(matches: Bits, order: Uint32Array, n: number, start: number, total: number, ascending: boolean): [place: number, before: number] {
  const sets = prefixSetsOf(order, n);
  const step = Math.ceil(n / PREFIX_SETS);
  const words = matches.length;
  const matchesIn = (k: number) => {
    let found = 0;
    for (let w = 0, at = k * words; w < words; w += 1, at += 1) {
      let v = matches[w]! & sets[at]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      found += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return found;
  };
  // Matches before the boundary k of the walk: ascending, those of prefix k; from the end, those after it.
  const before = (k: number) => (ascending ? matchesIn(k) : total - matchesIn(k));
  if (ascending) {
    let lo = 0;
    let hi = PREFIX_SETS;
    let seen = 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      const m = before(mid);
      if (m <= start) {
        lo = mid;
        seen = m;
      } else hi = mid - 1;
    }
    return [Math.min(lo * step, n), seen];
  }
  let lo = 0;
  let hi = PREFIX_SETS;
  let seen = 0;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const m = before(mid);
    if (m <= start) {
      hi = mid;
      seen = m;
    } else lo = mid + 1;
  }
  return lo === PREFIX_SETS ? [0, 0] : [n - Math.min(lo * step, n), seen];
}

/** Keeps only the rows of a set whose value lies in [from, to]: for sets smaller than a range's slice. */
function keepInRange(bits: Bits, values: ArrayLike<number>, from: number, to: number): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]!;
    while (word !== 0) {
      const low = word & -word;
      const v = values[(w << 5) + (31 - Math.clz32(low))]!;
      if (!(v >= from && v <= to)) bits[w]! &= ~low;
      word &= word - 1;
    }
  }
}

/** A coded text column's rows of each value, made on first use. */
const textRows = new WeakMap<TextColumn, { start: Uint32Array; positions: Uint32Array }>();

/** The rows whose title has, for every query word, a word beginning with it ("sorent" finds "Sorento"). */
function rowsWithWords(index: CatalogueIndex, words: readonly string[]): Bits {
  const lists = index.fields.titleWords;
  const title = index.text.title;
  if (lists.ofTitles && 'codes' in title) {
    // The words index the title's values: find the titles having every word, then their rows.
    const { start, positions } = rowListsOf(lists);
    let titles: Uint8Array | undefined;
    for (const word of words) {
      const these = new Uint8Array(title.values.length);
      lists.values.forEach((titleWord, code) => {
        if (titleWord?.startsWith(word)) for (let k = start[code]!; k < start[code + 1]!; k += 1) these[positions[k]!] = 1;
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
    for (let t = 0; t < titles.length; t += 1) if (titles[t] === 1) addPositions(bits, rows.positions, rows.start[t]!, rows.start[t + 1]!);
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
function keepMakeModels(index: CatalogueIndex, pairs: NonNullable<CarFilter['makeModel']>, result: Bits | undefined): Bits {
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
/**
 * Keeps in `result` (every row when there is none yet) the rows having any of `values` or, with
 * `negate`, none of them. A field of bit sets is applied in one pass over the words.
 */
function keepWithAny(result: Bits | undefined, lists: ValueLists, values: Iterable<string>, n: number, negate = false): Bits {
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

/** A storefront's visible rows, kept on the index: the same few storefronts ask again and again. */
function visibleRows(index: CatalogueIndex, visibility: Visibility): Bits | undefined {
  if (!visibility.publishedOnly && !visibility.providers) return undefined;
  const key = `${visibility.publishedOnly ? 1 : 0}|${visibility.providers ? [...visibility.providers].sort().join(',') : '*'}`;
  let bits = index.visible.get(key);
  if (!bits) {
    const n = index.size;
    bits = keptBits(n);
    bits.set(visibility.providers ? rowsWithAny(index.fields.provider, visibility.providers, n) : bits.fill(0xffffffff));
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
  if (visible) result = copyOf(visible);
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
  for (const [name, wanted] of sets) if (wanted && wanted.size > 0) result = keepWithAny(result, f[name], wanted, n);
  if (filter.published !== undefined) result = keepWithAny(result, f.published, [filter.published ? 'yes' : 'no'], n);
  if (filter.makeModel && filter.makeModel.length > 0) result = keepMakeModels(index, filter.makeModel, result);
  if (filter.requireOptions) for (const option of filter.requireOptions) result = keepWithAny(result, f.options, [option], n);
  if (filter.words && filter.words.length > 0) keep(rowsWithWords(index, filter.words));
  const ranges: Array<[RangeKey, number | undefined, number | undefined]> = [
    ['year', filter.yearFrom, filter.yearTo],
    ['price', filter.priceFrom, filter.priceTo],
    ['kilometers', filter.kmFrom, filter.kmTo],
  ];
  // The narrowest range first; a range much wider than the rows left checks those rows' values instead.
  const slices = ranges
    .filter(([, from, to]) => from !== undefined || to !== undefined)
    .map(([key, from, to]) => ({ key, from, to, slice: rangeSlice(index, key, from, to) }))
    .sort((a, b) => a.slice[1] - a.slice[0] - (b.slice[1] - b.slice[0]));
  // At most this many rows left (counted once, then bounded by each range kept).
  let left = result && slices.length > 0 ? count(result) : n;
  for (const { key, from, to, slice } of slices) {
    const width = slice[1] - slice[0];
    if (result && left < width / 4) keepInRange(result, index[key], from ?? -Infinity, to ?? Infinity);
    else result = keepRange(index, key, slice[0], slice[1], result);
    left = Math.min(left, width);
  }
  const excluded = [...(filter.excludeDamage ?? [])].filter((d) => DAMAGES.includes(d));
  if (excluded.length > 0) result = keepWithAny(result, f.damage, excluded, n, true);
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

/** The rank of every match (in descending order: counted from the end), in row order. */
function ranksOfMatches(matches: Bits, total: number, rank: Uint32Array, ascending: boolean): Uint32Array {
  const found = new Uint32Array(total);
  const last = rank.length - 1;
  let k = 0;
  for (let w = 0; w < matches.length; w += 1) {
    let word = matches[w]!;
    while (word !== 0) {
      const r = rank[(w << 5) + (31 - Math.clz32(word & -word))]!;
      found[k++] = ascending ? r : last - r;
      word &= word - 1;
    }
  }
  return found;
}

/**
 * The requested page and the total. The total is a count of the matching set. The page comes
 * from the matches sorted by their rank in the sort order when they are few, or else from walking
 * the pre-sorted order until the page is full (the first pages of a broad query stop early). A
 * walk that goes on far longer than the share of matches predicts (matches bunched at the other
 * end of the order, like large cars sorted by price) stops and takes the page by rank instead.
 */
export function queryIndex(index: CatalogueIndex, filter: CarFilter, visibility: Visibility, request: PageRequest): { rows: CarRow[]; total: number } {
  try {
    return pageOf(index, filter, visibility, request);
  } finally {
    releaseBits();
  }
}

function pageOf(index: CatalogueIndex, filter: CarFilter, visibility: Visibility, request: PageRequest): { rows: CarRow[]; total: number } {
  const matches = matchingRows(index, filter, visibility);
  const n = index.size;
  const total = matches ? count(matches) : n;
  const start = (request.page - 1) * request.limit;
  const end = Math.min(start + request.limit, total);
  if (start >= total) return { rows: [], total };
  const ascending = request.sortOrder === 'asc';
  const order = index.order[request.sortBy];
  const at = (place: number) => order[ascending ? place : n - 1 - place]!;
  const rows: CarRow[] = [];
  if (!matches) {
    for (let place = start; place < end; place += 1) rows.push(rowAt(index, at(place)));
    return { rows, total };
  }
  if (total <= FEW_MATCHES) {
    const found = ranksOfMatches(matches, total, index.rank[request.sortBy], ascending).sort();
    for (let j = start; j < end; j += 1) rows.push(rowAt(index, at(found[j]!)));
    return { rows, total };
  }
  // Walk from the start while the share of matches predicts a short walk; past that (matches bunched
  // at the other end of the order, like large cars sorted by price), skip to the prefix set
  // boundary nearest the page and walk from there.
  const budget = n < PREFIX_SETS_FROM ? n : 4096 + 16 * Math.ceil((end * n) / total);
  let seen = 0;
  let place = 0;
  for (; place < n && place < budget && seen < end; place += 1) {
    const position = at(place);
    if (!has(matches, position)) continue;
    if (seen >= start) rows.push(rowAt(index, position));
    seen += 1;
  }
  if (seen < end && place < n) {
    rows.length = 0;
    [place, seen] = skipTo(matches, order, n, start, total, ascending);
    for (; place < n && seen < end; place += 1) {
      const position = at(place);
      if (!has(matches, position)) continue;
      if (seen >= start) rows.push(rowAt(index, position));
      seen += 1;
    }
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
  try {
    return trimsAmong(index, make, model, visibility);
  } finally {
    releaseBits();
  }
}

function trimsAmong(index: CatalogueIndex, make: string, model: string | undefined, visibility: Visibility): TrimOption[] {
  const matches = matchingRows(index, { makes: new Set([lower(make)]) }, visibility)!;
  const f = index.fields;
  const models = model === undefined ? undefined : codeTable(f.modelEn, [model]);
  const groups = model === undefined ? undefined : codeTable(f.modelGroupEn, [model]);
  const grades = new Map<string, { values: Set<string>; count: number }>();
  const modelCodes = codesOf(f.modelEn, index.size);
  const groupCodes = codesOf(f.modelGroupEn, index.size);
  const gradeCodes = codesOf(f.gradeEn, index.size);
  const detailCodes = codesOf(f.gradeDetailEn, index.size);
  for (let w = 0; w < matches.length; w += 1) {
    let word = matches[w]!;
    while (word !== 0) {
      const i = (w << 5) + (31 - Math.clz32(word & -word));
      word &= word - 1;
      if (models && groups && models[modelCodes[i]!] !== 1 && groups[groupCodes[i]!] !== 1) continue;
      const grade = f.gradeEn.values[gradeCodes[i]!] ?? '';
      const entry = grades.get(grade) ?? { values: new Set<string>(), count: 0 };
      entry.values.add(f.gradeDetailEn.values[detailCodes[i]!] ?? grade);
      entry.count += 1;
      grades.set(grade, entry);
    }
  }
  return [...grades.entries()]
    .map(([label, { values, count }]) => ({ label, values: [...values].sort(), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
