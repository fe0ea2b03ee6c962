/**
 * The baseline of the catalogue bench: the car list query as it was before per-value row lists,
 * kept only to be measured side by side with the current one. Every query scans every row of
 * the sort order through a chain of per-row checks.
 */
import { sortedPositions } from '../../lib/catalogue/order-builder.js';
import { SORT_KEYS, type CarRow, type SortKey } from '../../lib/catalogue/car-row.js';
import type { CarFilter, Visibility } from '../../lib/catalogue/query.js';
import { type ImportConditions, monthNumber } from '../../lib/domain/import-rules.js';

/** The previous index: the row objects, their sort orders and the scanned columns. */
export interface PreviousIndex {
  rows: CarRow[];
  order: Record<SortKey, Uint32Array>;
  columns: PreviousColumns;
}

export function previousIndex(rows: CarRow[]): PreviousIndex {
  // The sort orders were the same in both designs.
  const order = Object.fromEntries(SORT_KEYS.map((key) => [key, sortedPositions(rows, key)])) as Record<
    SortKey,
    Uint32Array
  >;
  return { rows, order, columns: previousColumns(rows) };
}

const lower = (value: string | undefined) => (value ?? '').toLowerCase();
const DAMAGE_BITS: Record<string, number> = { accident: 1, total_loss: 2, flood: 4 };
type Columns = PreviousColumns;
type CodedColumn = { codes: Uint16Array; dictionary: Map<string, number> };

/** The columns the previous design scanned (built from the rows here, as it built them). */
export interface PreviousColumns {
  published: Uint8Array;
  year: Int16Array;
  price: Float64Array;
  kilometers: Float64Array;
  damage: Uint8Array;
  options: { words: number; bits: Uint32Array; dictionary: Map<string, number> };
  titleWords: Map<string, number[]>;
  provider: CodedColumn;
  make: CodedColumn;
  model: CodedColumn;
  modelGroup: CodedColumn;
  generation: CodedColumn;
  grade: CodedColumn;
  trim: CodedColumn;
  fuel: CodedColumn;
  transmission: CodedColumn;
  body: CodedColumn;
  color: CodedColumn;
  drivetrain: CodedColumn;
  city: CodedColumn;
}

function coded(rows: readonly CarRow[], pick: (row: CarRow) => string | undefined): CodedColumn {
  const dictionary = new Map<string, number>();
  const codes = new Uint16Array(rows.length);
  rows.forEach((row, i) => {
    const key = lower(pick(row));
    let code = dictionary.get(key);
    if (code === undefined) {
      code = dictionary.size;
      dictionary.set(key, code);
    }
    codes[i] = code;
  });
  return { codes, dictionary };
}

/** How titles split into searchable words: on spaces and punctuation, keeping "2.4", "520d", "ev6". */
const titleWordsOf = (title: string): string[] =>
  lower(title)
    .split(/[\s,/()|:;]+/)
    .filter((w) => w.length > 0);

/**
 * The search check: a row matches when every query word begins one of its title's words
 * ("sorent" finds "Sorento"). Marks are built once per query from the word index, so the scan
 * itself costs one array read per row.
 */
function searchCheck(columns: Columns, rowCount: number, words: readonly string[]): Check {
  const progress = new Uint8Array(rowCount);
  words.forEach((word, j) => {
    for (const [titleWord, positions] of columns.titleWords) {
      if (!titleWord.startsWith(word)) continue;
      for (const p of positions) if (progress[p] === j) progress[p] = j + 1;
    }
  });
  const all = words.length;
  return (i) => progress[i] === all;
}

function previousColumns(rows: readonly CarRow[]): Columns {
  const n = rows.length;
  const optionDictionary = new Map<string, number>();
  for (const row of rows)
    for (const option of row.options)
      if (!optionDictionary.has(lower(option))) optionDictionary.set(lower(option), optionDictionary.size);
  const words = Math.max(1, Math.ceil(optionDictionary.size / 32));
  const bits = new Uint32Array(n * words);
  const columns: Columns = {
    published: new Uint8Array(n),
    year: new Int16Array(n),
    price: new Float64Array(n),
    kilometers: new Float64Array(n),
    damage: new Uint8Array(n),
    options: { words, bits, dictionary: optionDictionary },
    titleWords: new Map(),
    provider: coded(rows, (r) => r.provider),
    make: coded(rows, (r) => r.makeEn),
    model: coded(rows, (r) => r.modelEn),
    modelGroup: coded(rows, (r) => r.modelGroupEn),
    generation: coded(rows, (r) => r.generationCode),
    grade: coded(rows, (r) => r.gradeEn),
    trim: coded(rows, (r) => r.gradeDetailEn ?? r.gradeEn),
    fuel: coded(rows, (r) => r.fuelType),
    transmission: coded(rows, (r) => r.transmission),
    body: coded(rows, (r) => r.vehicleType),
    color: coded(rows, (r) => r.color),
    drivetrain: coded(rows, (r) => r.drivetrain),
    city: coded(rows, (r) => r.city),
  };
  rows.forEach((row, i) => {
    columns.published[i] = row.published ? 1 : 0;
    columns.year[i] = row.year;
    columns.price[i] = row.price;
    columns.kilometers[i] = row.kilometers;
    columns.damage[i] = row.damage.reduce((mask: number, d: string) => mask | (DAMAGE_BITS[d] ?? 0), 0);
    for (const word of new Set(titleWordsOf(row.title))) {
      const positions = columns.titleWords.get(word);
      if (positions) positions.push(i);
      else columns.titleWords.set(word, [i]);
    }
    for (const option of row.options) {
      const code = optionDictionary.get(lower(option))!;
      bits[i * words + (code >>> 5)]! |= 1 << (code & 31);
    }
  });
  return columns;
}

type Check = (i: number) => boolean;

/** A lookup table over a column's codes: 1 where the value is one of the wanted ones. */
function lookup(column: CodedColumn, wanted: Iterable<string>): Uint8Array {
  const table = new Uint8Array(column.dictionary.size);
  for (const value of wanted) {
    const code = column.dictionary.get(lower(value));
    if (code !== undefined) table[code] = 1;
  }
  return table;
}

function inSet(column: CodedColumn, wanted: Iterable<string> | undefined): Check | undefined {
  if (wanted === undefined) return undefined;
  const values = [...wanted];
  if (values.length === 0) return undefined;
  const table = lookup(column, values);
  const codes = column.codes;
  return (i) => table[codes[i]!] === 1;
}

function makeModelCheck(columns: Columns, pairs: NonNullable<CarFilter['makeModel']>): Check {
  const makeOnly = lookup(
    columns.make,
    pairs.filter((p) => p.model === undefined).map((p) => p.make),
  );
  const withModel = pairs
    .filter((p) => p.model !== undefined)
    .map((p) => ({
      make: columns.make.dictionary.get(p.make) ?? -1,
      models: lookup(columns.model, [p.model!]),
      groups: lookup(columns.modelGroup, [p.model!]),
    }));
  const { make, model, modelGroup } = columns;
  return (i) => {
    const m = make.codes[i]!;
    if (makeOnly[m] === 1) return true;
    for (const pair of withModel)
      if (pair.make === m && (pair.models[model.codes[i]!] === 1 || pair.groups[modelGroup.codes[i]!] === 1))
        return true;
    return false;
  };
}

function optionsCheck(columns: Columns, required: readonly string[]): Check {
  const { words, bits, dictionary } = columns.options;
  const codes = required.map((o) => dictionary.get(lower(o)));
  if (codes.some((c) => c === undefined)) return () => false;
  const masks = new Uint32Array(words);
  for (const code of codes as number[]) masks[code >>> 5]! |= 1 << (code & 31);
  return (i) => {
    for (let w = 0; w < words; w += 1) if ((bits[i * words + w]! & masks[w]!) !== masks[w]) return false;
    return true;
  };
}

/** A destination's rules checked on each row's own fields. */
function importableCheck(rows: readonly CarRow[], rules: ImportConditions): Check {
  const fuels = rules.fuelTypes && new Set(rules.fuelTypes.map(lower));
  return (i) => {
    const row = rows[i]!;
    if (rules.excludeDamage.some((d) => (row.damage as string[]).includes(d))) return false;
    if (fuels && !fuels.has(lower(row.fuelType))) return false;
    const cc = row.displacement;
    if (
      cc !== undefined &&
      ((rules.minCc !== undefined && cc < rules.minCc) || (rules.maxCc !== undefined && cc > rules.maxCc))
    )
      return false;
    if (rules.registeredFrom !== undefined && row.firstRegistration)
      return monthNumber(row.firstRegistration) >= rules.registeredFrom;
    return rules.yearFrom === undefined || row.year >= rules.yearFrom;
  };
}

/** Compiles the filter and the visibility into one check over row positions; cheapest checks first. */
function predicate(index: PreviousIndex, filter: CarFilter, visibility: Visibility): Check {
  const c = index.columns;
  const rows = index.rows;
  const damageMask = [...(filter.excludeDamage ?? [])].reduce((mask, d) => mask | (DAMAGE_BITS[d] ?? 0), 0);
  const checks: Array<Check | undefined> = [
    visibility.publishedOnly ? (i) => c.published[i] === 1 : undefined,
    inSet(c.provider, visibility.providers),
    filter.published !== undefined
      ? (
          (want) => (i: number) =>
            c.published[i] === want
        )(filter.published ? 1 : 0)
      : undefined,
    filter.yearFrom !== undefined ? (i) => c.year[i]! >= filter.yearFrom! : undefined,
    filter.yearTo !== undefined ? (i) => c.year[i]! <= filter.yearTo! : undefined,
    filter.priceFrom !== undefined ? (i) => c.price[i]! >= filter.priceFrom! : undefined,
    filter.priceTo !== undefined ? (i) => c.price[i]! <= filter.priceTo! : undefined,
    filter.kmFrom !== undefined ? (i) => c.kilometers[i]! >= filter.kmFrom! : undefined,
    filter.kmTo !== undefined ? (i) => c.kilometers[i]! <= filter.kmTo! : undefined,
    inSet(c.provider, filter.providers),
    inSet(c.make, filter.makes),
    inSet(c.model, filter.models),
    inSet(c.modelGroup, filter.modelGroups),
    inSet(c.generation, filter.generationCodes),
    inSet(c.grade, filter.grades),
    inSet(c.trim, filter.trims),
    inSet(c.fuel, filter.fuelTypes),
    inSet(c.transmission, filter.transmissions),
    inSet(c.body, filter.vehicleTypes),
    inSet(c.color, filter.colors),
    inSet(c.drivetrain, filter.drivetrains),
    inSet(c.city, filter.cities),
    filter.makeModel && filter.makeModel.length > 0 ? makeModelCheck(c, filter.makeModel) : undefined,
    damageMask !== 0 ? (i) => (c.damage[i]! & damageMask) === 0 : undefined,
    filter.requireOptions && filter.requireOptions.length > 0 ? optionsCheck(c, filter.requireOptions) : undefined,
    filter.words && filter.words.length > 0 ? searchCheck(c, rows.length, filter.words) : undefined,
    filter.importable ? importableCheck(rows, filter.importable) : undefined,
  ];
  const active = checks.filter((check): check is Check => check !== undefined);
  switch (active.length) {
    case 0:
      return () => true;
    case 1:
      return active[0]!;
    case 2: {
      const [a, b] = active as [Check, Check];
      return (i) => a(i) && b(i);
    }
    default:
      return (i) => {
        for (const check of active) if (!check(i)) return false;
        return true;
      };
  }
}

interface PageRequest {
  sortBy: SortKey;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** One pass over the whole pre-sorted order: counts every match and keeps the requested page. */
export function previousQueryIndex(
  index: PreviousIndex,
  filter: CarFilter,
  visibility: Visibility,
  request: PageRequest,
): { rows: CarRow[]; total: number } {
  const matches = predicate(index, filter, visibility);
  const order = index.order[request.sortBy];
  const start = (request.page - 1) * request.limit;
  const end = start + request.limit;
  const rows: CarRow[] = [];
  let total = 0;
  const n = order.length;
  const ascending = request.sortOrder === 'asc';
  for (let k = 0; k < n; k += 1) {
    const position = order[ascending ? k : n - 1 - k]!;
    if (!matches(position)) continue;
    if (total >= start && total < end) rows.push(index.rows[position]!);
    total += 1;
  }
  return { rows, total };
}
