import type { CarRow, SortKey } from './car-row.js';
import type { CarFilter, Visibility } from './car-filter.js';
import { rowAt } from './catalogue-index.js';
import { type CatalogueIndex, lower } from './index-shape.js';
import { matchingRows } from './matching-rows.js';
import { PREFIX_SETS_FROM, skipTo } from './range-conditions.js';
import { type Bits, count, has, releaseBits } from './row-sets.js';
import { codeTable } from './value-conditions.js';
import { codesOf } from './value-lists.js';

/**
 * The car list query over the columnar index (catalogue-index.ts): a page of the cars matching a
 * filter, and the trims of a make. Each condition becomes a set of rows, one bit per row, built
 * from the row lists of the values it names or from a slice of a sort order for a range
 * (matching-rows.ts): a query costs what it matches, not the size of the catalogue. The filter's
 * and the storefront's shapes are car-filter.ts's, taken from here by the list's callers.
 */
export type { CarFilter, Visibility } from './car-filter.js';
export { visibleInStorefront } from './car-filter.js';

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
export function queryIndex(
  index: CatalogueIndex,
  filter: CarFilter,
  visibility: Visibility,
  request: PageRequest,
): { rows: CarRow[]; total: number } {
  try {
    return pageOf(index, filter, visibility, request);
  } finally {
    releaseBits();
  }
}

function pageOf(
  index: CatalogueIndex,
  filter: CarFilter,
  visibility: Visibility,
  request: PageRequest,
): { rows: CarRow[]; total: number } {
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
export function trimsOf(
  index: CatalogueIndex,
  make: string,
  model: string | undefined,
  visibility: Visibility,
): TrimOption[] {
  try {
    return trimsAmong(index, make, model, visibility);
  } finally {
    releaseBits();
  }
}

function trimsAmong(
  index: CatalogueIndex,
  make: string,
  model: string | undefined,
  visibility: Visibility,
): TrimOption[] {
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
