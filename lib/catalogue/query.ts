import type { CarRecord } from '../domain/car.js';

/** What the list keeps in memory per car: everything filterable, sortable or listed. */
export type CarRow = Omit<CarRecord, 'images' | 'vin' | 'firstRegistration' | 'displacement' | 'seats' | 'ownerChanges'>;

export const SORT_KEYS = ['price', 'year', 'kilometers', 'createdAt', 'auctionDate'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

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

export interface CatalogueIndex {
  rows: CarRow[];
  /** Row positions sorted ascending by each key, ties broken by id, so every order is total. */
  order: Record<SortKey, Uint32Array>;
  /** For each key, a row's place in `order` (rank[position]): sorts a few matches without a scan. */
  rank: Record<SortKey, Uint32Array>;
  byId: Map<number, number>;
  columns: Columns;
  /** Storefront visibility as row sets, computed once per storefront (a handful per catalogue). */
  visible: Map<string, Bits>;
}

const lower = (value: string | undefined) => (value ?? '').toLowerCase();

/**
 * Every row is built by this one object literal, so all rows share one hidden class and V8 keeps
 * fast property access (rows made with rest/spread or key by key fall into dictionary mode,
 * several times slower per read). Optional fields are always present, undefined when missing.
 */
export function toRow(car: CarRow): CarRow {
  return {
    id: car.id,
    provider: car.provider,
    advertisementNumber: car.advertisementNumber,
    title: car.title,
    makeEn: car.makeEn,
    modelGroupEn: car.modelGroupEn,
    modelEn: car.modelEn,
    generationCode: car.generationCode,
    gradeEn: car.gradeEn,
    gradeDetailEn: car.gradeDetailEn,
    year: car.year,
    kilometers: car.kilometers,
    price: car.price,
    fuelType: car.fuelType,
    transmission: car.transmission,
    vehicleType: car.vehicleType,
    color: car.color,
    drivetrain: car.drivetrain,
    city: car.city,
    options: car.options,
    damage: car.damage,
    published: car.published,
    auctionDate: car.auctionDate,
    createdAt: car.createdAt,
    thumbnailUrl: car.thumbnailUrl,
  };
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

// ---------------------------------------------------------------------------------------------
// Columns: per-value row lists
// ---------------------------------------------------------------------------------------------

/**
 * A text field: the lower-case dictionary, and for each value the positions of the rows that
 * have it (ascending), all in one array: rows of value v are positions[start[v]..start[v+1]).
 * A condition on the field touches only the rows of the values it names.
 */
interface ValueLists {
  dictionary: Map<string, number>;
  start: Uint32Array;
  positions: Uint32Array;
  /** Each row's value (single-valued fields only): checks a few candidates without building a set. */
  codes?: Uint16Array;
}

/** Groups row positions by value in two passes (counting sort): O(rows). */
function valueLists(n: number, valuesOf: (i: number) => readonly string[]): ValueLists {
  const dictionary = new Map<string, number>();
  const codes: number[][] = [];
  const counts: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const mine: number[] = [];
    for (const value of valuesOf(i)) {
      const key = lower(value);
      let code = dictionary.get(key);
      if (code === undefined) {
        code = dictionary.size;
        dictionary.set(key, code);
        counts.push(0);
      }
      if (!mine.includes(code)) {
        mine.push(code);
        counts[code]! += 1;
      }
    }
    codes.push(mine);
  }
  const start = new Uint32Array(dictionary.size + 1);
  for (let v = 0; v < dictionary.size; v += 1) start[v + 1] = start[v]! + counts[v]!;
  const fill = start.slice(0, dictionary.size);
  const positions = new Uint32Array(start[dictionary.size]!);
  codes.forEach((mine, i) => {
    for (const code of mine) positions[fill[code]!++] = i;
  });
  const single = codes.every((mine) => mine.length === 1) && dictionary.size <= 65_536;
  return { dictionary, start, positions, ...(single ? { codes: Uint16Array.from(codes, (mine) => mine[0]!) } : {}) };
}

/** The rows having any of `values` (by exact lower-case value). */
function rowsWithAny(lists: ValueLists, values: Iterable<string>, n: number): Bits {
  const bits = emptyBits(n);
  for (const value of values) {
    const code = lists.dictionary.get(lower(value));
    if (code !== undefined) addPositions(bits, lists.positions, lists.start[code]!, lists.start[code + 1]!);
  }
  return bits;
}

const DAMAGES = ['accident', 'total_loss', 'flood'];

interface Columns {
  year: Int16Array;
  price: Float64Array;
  kilometers: Float64Array;
  published: ValueLists;
  damage: ValueLists;
  options: ValueLists;
  /** Title words -> rows whose title has the word (the search parameter matches word starts). */
  titleWords: ValueLists;
  provider: ValueLists;
  make: ValueLists;
  model: ValueLists;
  modelGroup: ValueLists;
  generation: ValueLists;
  grade: ValueLists;
  trim: ValueLists;
  fuel: ValueLists;
  transmission: ValueLists;
  body: ValueLists;
  color: ValueLists;
  drivetrain: ValueLists;
  city: ValueLists;
}

/** How titles split into searchable words: on spaces and punctuation, keeping "2.4", "520d", "ev6". */
const titleWordsOf = (title: string): string[] => lower(title).split(/[\s,/()|:;]+/).filter((w) => w.length > 0);

function buildColumns(rows: readonly CarRow[]): Columns {
  const n = rows.length;
  const one = (pick: (row: CarRow) => string | undefined) => valueLists(n, (i) => [pick(rows[i]!) ?? '']);
  return {
    year: Int16Array.from(rows, (r) => r.year),
    price: Float64Array.from(rows, (r) => r.price),
    kilometers: Float64Array.from(rows, (r) => r.kilometers),
    published: valueLists(n, (i) => [rows[i]!.published ? 'yes' : 'no']),
    damage: valueLists(n, (i) => rows[i]!.damage),
    options: valueLists(n, (i) => rows[i]!.options),
    titleWords: valueLists(n, (i) => titleWordsOf(rows[i]!.title)),
    provider: one((r) => r.provider),
    make: one((r) => r.makeEn),
    model: one((r) => r.modelEn),
    modelGroup: one((r) => r.modelGroupEn),
    generation: one((r) => r.generationCode),
    grade: one((r) => r.gradeEn),
    trim: one((r) => r.gradeDetailEn ?? r.gradeEn),
    fuel: one((r) => r.fuelType),
    transmission: one((r) => r.transmission),
    body: one((r) => r.vehicleType),
    color: one((r) => r.color),
    drivetrain: one((r) => r.drivetrain),
    city: one((r) => r.city),
  };
}

export function buildIndex(rows: CarRow[]): CatalogueIndex {
  const order = {} as Record<SortKey, Uint32Array>;
  const rank = {} as Record<SortKey, Uint32Array>;
  for (const key of SORT_KEYS) {
    const positions = Uint32Array.from(rows.keys());
    positions.sort((a, b) => {
      const x = rows[a]![key];
      const y = rows[b]![key];
      if (x < y) return -1;
      if (x > y) return 1;
      return rows[a]!.id - rows[b]!.id;
    });
    order[key] = positions;
    const ranks = new Uint32Array(rows.length);
    positions.forEach((position, k) => (ranks[position] = k));
    rank[key] = ranks;
  }
  return { rows, order, rank, byId: new Map(rows.map((row, i) => [row.id, i])), columns: buildColumns(rows), visible: new Map() };
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

/** The rows whose value of a numeric key lies in [from, to], from that key's sorted order: touches only those rows. */
function rowsInRange(index: CatalogueIndex, key: 'year' | 'price' | 'kilometers', from: number | undefined, to: number | undefined): Bits {
  const order = index.order[key];
  const values = index.columns[key];
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
  const bits = emptyBits(index.rows.length);
  addPositions(bits, order, from === undefined ? 0 : firstAtLeast(from, false), to === undefined ? order.length : firstAtLeast(to, true));
  return bits;
}

/** The rows whose title has, for every query word, a word beginning with it ("sorent" finds "Sorento"). */
function rowsWithWords(index: CatalogueIndex, words: readonly string[]): Bits {
  const lists = index.columns.titleWords;
  let result: Bits | undefined;
  for (const word of words) {
    const bits = emptyBits(index.rows.length);
    for (const [titleWord, code] of lists.dictionary) if (titleWord.startsWith(word)) addPositions(bits, lists.positions, lists.start[code]!, lists.start[code + 1]!);
    result = result ? and(result, bits) : bits;
  }
  return result ?? emptyBits(index.rows.length);
}

/**
 * makeModel pairs: a make alone, or a make with a model (or model group); any pair may match. A
 * pair with a model touches only that model's rows, keeping those of the right make.
 */
function rowsOfMakeModels(index: CatalogueIndex, pairs: NonNullable<CarFilter['makeModel']>): Bits {
  const n = index.rows.length;
  const c = index.columns;
  const result = rowsWithAny(c.make, pairs.filter((p) => p.model === undefined).map((p) => p.make), n);
  const makeCodes = c.make.codes!;
  for (const pair of pairs.filter((p) => p.model !== undefined)) {
    const make = c.make.dictionary.get(lower(pair.make));
    if (make === undefined) continue;
    for (const lists of [c.model, c.modelGroup]) {
      const code = lists.dictionary.get(lower(pair.model));
      if (code === undefined) continue;
      for (let k = lists.start[code]!; k < lists.start[code + 1]!; k += 1) {
        const p = lists.positions[k]!;
        if (makeCodes[p] === make) result[p >>> 5]! |= 1 << (p & 31);
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
    const n = index.rows.length;
    bits = visibility.providers ? rowsWithAny(index.columns.provider, visibility.providers, n) : emptyBits(n).fill(0xffffffff);
    if (visibility.publishedOnly) and(bits, rowsWithAny(index.columns.published, ['yes'], n));
    index.visible.set(key, bits);
  }
  return bits;
}

/**
 * The rows matching the filter and the storefront, as a row set (undefined: every row). Each
 * condition costs what it matches: a value's row list, a range's slice of its sorted order.
 */
function matchingRows(index: CatalogueIndex, filter: CarFilter, visibility: Visibility): Bits | undefined {
  const n = index.rows.length;
  const c = index.columns;
  let result: Bits | undefined;
  const keep = (bits: Bits) => {
    result = result ? and(result, bits) : bits;
  };
  const visible = visibleRows(index, visibility);
  if (visible) keep(Uint32Array.from(visible));
  const sets: Array<[ValueLists, Set<string> | undefined]> = [
    [c.provider, filter.providers],
    [c.make, filter.makes],
    [c.model, filter.models],
    [c.modelGroup, filter.modelGroups],
    [c.generation, filter.generationCodes],
    [c.grade, filter.grades],
    [c.trim, filter.trims],
    [c.fuel, filter.fuelTypes],
    [c.transmission, filter.transmissions],
    [c.body, filter.vehicleTypes],
    [c.color, filter.colors],
    [c.drivetrain, filter.drivetrains],
    [c.city, filter.cities],
  ];
  // The most selective conditions first, so later ones narrow an already small set.
  for (const [lists, wanted] of sets) if (wanted && wanted.size > 0) keep(rowsWithAny(lists, wanted, n));
  if (filter.published !== undefined) keep(rowsWithAny(c.published, [filter.published ? 'yes' : 'no'], n));
  if (filter.makeModel && filter.makeModel.length > 0) keep(rowsOfMakeModels(index, filter.makeModel));
  if (filter.requireOptions) for (const option of filter.requireOptions) keep(rowsWithAny(c.options, [option], n));
  if (filter.words && filter.words.length > 0) keep(rowsWithWords(index, filter.words));
  if (filter.yearFrom !== undefined || filter.yearTo !== undefined) keep(rowsInRange(index, 'year', filter.yearFrom, filter.yearTo));
  if (filter.priceFrom !== undefined || filter.priceTo !== undefined) keep(rowsInRange(index, 'price', filter.priceFrom, filter.priceTo));
  if (filter.kmFrom !== undefined || filter.kmTo !== undefined) keep(rowsInRange(index, 'kilometers', filter.kmFrom, filter.kmTo));
  const excluded = [...(filter.excludeDamage ?? [])].filter((d) => DAMAGES.includes(d));
  if (excluded.length > 0) {
    const damaged = rowsWithAny(c.damage, excluded, n);
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
  const n = index.rows.length;
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
    for (let j = start; j < end; j += 1) rows.push(index.rows[order[ascending ? found[j]! : found[total - 1 - j]!]!]!);
    return { rows, total };
  }
  const rows: CarRow[] = [];
  let seen = 0;
  for (let k = 0; k < n && seen < end; k += 1) {
    const position = order[ascending ? k : n - 1 - k]!;
    if (matches && !has(matches, position)) continue;
    if (seen >= start) rows.push(index.rows[position]!);
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
  const wantModel = model === undefined ? undefined : lower(model);
  const grades = new Map<string, { values: Set<string>; count: number }>();
  for (let w = 0; w < matches.length; w += 1) {
    let word = matches[w]!;
    while (word !== 0) {
      const row = index.rows[(w << 5) + (31 - Math.clz32(word & -word))]!;
      word &= word - 1;
      if (wantModel !== undefined && lower(row.modelEn) !== wantModel && lower(row.modelGroupEn) !== wantModel) continue;
      const entry = grades.get(row.gradeEn) ?? { values: new Set<string>(), count: 0 };
      entry.values.add(row.gradeDetailEn ?? row.gradeEn);
      entry.count += 1;
      grades.set(row.gradeEn, entry);
    }
  }
  return [...grades.entries()]
    .map(([label, { values, count }]) => ({ label, values: [...values].sort(), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
