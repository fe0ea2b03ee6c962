import type { CarRow, SortKey } from './car-row.js';

/**
 * The catalogue as the list holds it: columns of typed arrays, no object per car. The import
 * builds it from the cars as they come (buildIndexFrom: one pass, no object kept per car) and
 * ships it in the snapshot (snapshot.ts), so a cold container maps the arrays in place instead
 * of parsing and indexing rows. What a query can rebuild cheaply from what is shipped (a sort
 * order's ranks, a field's row lists, the identity order of ids) is made on first use, only for
 * what is asked. A car becomes an object only when it is on the page being answered (rowAt).
 */

/** A field's codes, in the smallest array their count fits. */
export type Codes = Uint8Array | Uint16Array | Uint32Array;

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
export const TEXT_FIELDS = [
  'title',
  'advertisementNumber',
  'thumbnailUrl',
  'createdAt',
] as const satisfies ReadonlyArray<keyof CarRow>;

export type FieldName =
  | (typeof SINGLE_FIELDS)[number]
  | (typeof MULTI_FIELDS)[number]
  | (typeof DERIVED_FIELDS)[number];
export type TextName = (typeof TEXT_FIELDS)[number];

export interface CatalogueIndex {
  size: number;
  id: Uint32Array;
  year: Int16Array;
  /** Whole numbers in a Uint16Array or Uint32Array when every value fits one (a quarter or half the memory), else Float64Array. */
  price: Float64Array | Uint32Array | Uint16Array;
  kilometers: Float64Array | Uint32Array | Uint16Array;
  /** Engine size in cc, 0 when not known (the import rules' engine limits). */
  displacement: Uint16Array;
  /** First registration as months since year 0 (year * 12 + month - 1), 0 when not known (the import rules' age). */
  registered: Uint16Array;
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
