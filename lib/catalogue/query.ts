import type { CarRecord } from './car.js';

/** What the list keeps in memory per car: everything filterable, sortable or listed. */
export type CarRow = Omit<CarRecord, 'images' | 'vin' | 'firstRegistration' | 'displacement' | 'seats' | 'ownerChanges'> & {
  /** Lower-case title, for the word search. */
  searchText: string;
};

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
  byId: Map<number, number>;
}

const lower = (value: string | undefined) => (value ?? '').toLowerCase();

export function toRow(car: CarRecord): CarRow {
  const { images: _i, vin: _v, firstRegistration: _f, displacement: _d, seats: _s, ownerChanges: _o, ...row } = car;
  return { ...row, searchText: lower(car.title) };
}

export function buildIndex(rows: CarRow[]): CatalogueIndex {
  const order = {} as Record<SortKey, Uint32Array>;
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
  }
  return { rows, order, byId: new Map(rows.map((row, i) => [row.id, i])) };
}

type Check = (row: CarRow) => boolean;

const inSet = (set: Set<string> | undefined, pick: (row: CarRow) => string | undefined): Check | undefined =>
  set && set.size > 0 ? (row) => set.has(lower(pick(row))) : undefined;

/** Compiles the filter and the visibility into one predicate; the cheapest checks go first. */
export function predicate(filter: CarFilter, visibility: Visibility): Check {
  const checks: Array<Check | undefined> = [
    visibility.publishedOnly ? (row) => row.published : undefined,
    visibility.providers ? (row) => visibility.providers!.has(row.provider) : undefined,
    filter.published !== undefined ? (row) => row.published === filter.published : undefined,
    filter.yearFrom !== undefined ? (row) => row.year >= filter.yearFrom! : undefined,
    filter.yearTo !== undefined ? (row) => row.year <= filter.yearTo! : undefined,
    filter.priceFrom !== undefined ? (row) => row.price >= filter.priceFrom! : undefined,
    filter.priceTo !== undefined ? (row) => row.price <= filter.priceTo! : undefined,
    filter.kmFrom !== undefined ? (row) => row.kilometers >= filter.kmFrom! : undefined,
    filter.kmTo !== undefined ? (row) => row.kilometers <= filter.kmTo! : undefined,
    inSet(filter.providers, (r) => r.provider),
    inSet(filter.makes, (r) => r.makeEn),
    inSet(filter.models, (r) => r.modelEn),
    inSet(filter.modelGroups, (r) => r.modelGroupEn),
    inSet(filter.generationCodes, (r) => r.generationCode),
    inSet(filter.grades, (r) => r.gradeEn),
    inSet(filter.trims, (r) => r.gradeDetailEn ?? r.gradeEn),
    inSet(filter.fuelTypes, (r) => r.fuelType),
    inSet(filter.transmissions, (r) => r.transmission),
    inSet(filter.vehicleTypes, (r) => r.vehicleType),
    inSet(filter.colors, (r) => r.color),
    inSet(filter.drivetrains, (r) => r.drivetrain),
    inSet(filter.cities, (r) => r.city),
    filter.makeModel && filter.makeModel.length > 0
      ? (row) => {
          const make = lower(row.makeEn);
          const model = lower(row.modelEn);
          const group = lower(row.modelGroupEn);
          return filter.makeModel!.some((p) => p.make === make && (p.model === undefined || p.model === model || p.model === group));
        }
      : undefined,
    filter.excludeDamage && filter.excludeDamage.size > 0 ? (row) => !row.damage.some((d) => filter.excludeDamage!.has(d)) : undefined,
    filter.requireOptions && filter.requireOptions.length > 0
      ? (row) => {
          const have = row.options.map(lower);
          return filter.requireOptions!.every((o) => have.includes(o));
        }
      : undefined,
    filter.words && filter.words.length > 0 ? (row) => filter.words!.every((w) => row.searchText.includes(w)) : undefined,
  ];
  const active = checks.filter((c): c is Check => c !== undefined);
  return (row) => {
    for (const check of active) if (!check(row)) return false;
    return true;
  };
}

export interface PageRequest {
  sortBy: SortKey;
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
}

/** One pass over the pre-sorted order: counts every match and keeps the requested page. */
export function queryIndex(index: CatalogueIndex, filter: CarFilter, visibility: Visibility, request: PageRequest): { rows: CarRow[]; total: number } {
  const matches = predicate(filter, visibility);
  const order = index.order[request.sortBy];
  const start = (request.page - 1) * request.limit;
  const end = start + request.limit;
  const rows: CarRow[] = [];
  let total = 0;
  const n = order.length;
  for (let k = 0; k < n; k += 1) {
    const row = index.rows[order[request.sortOrder === 'asc' ? k : n - 1 - k]!]!;
    if (!matches(row)) continue;
    if (total >= start && total < end) rows.push(row);
    total += 1;
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
  const matches = predicate({ makes: new Set([lower(make)]) }, visibility);
  const wantModel = model === undefined ? undefined : lower(model);
  const grades = new Map<string, { values: Set<string>; count: number }>();
  for (const row of index.rows) {
    if (!matches(row)) continue;
    if (wantModel !== undefined && lower(row.modelEn) !== wantModel && lower(row.modelGroupEn) !== wantModel) continue;
    const entry = grades.get(row.gradeEn) ?? { values: new Set<string>(), count: 0 };
    entry.values.add(row.gradeDetailEn ?? row.gradeEn);
    entry.count += 1;
    grades.set(row.gradeEn, entry);
  }
  return [...grades.entries()]
    .map(([label, { values, count }]) => ({ label, values: [...values].sort(), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
