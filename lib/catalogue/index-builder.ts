import { monthNumber } from '../domain/import-rules.js';
import type { CarRow, SortKey } from './car-row.js';
import { assembleIndex } from './assemble-index.js';
import { MultiBuilder, SingleBuilder } from './field-builders.js';
import { Dictionary, f64s, u32s } from './growing-arrays.js';
import {
  type CatalogueIndex,
  type FieldName,
  lookupOf,
  lower,
  MULTI_FIELDS,
  SINGLE_FIELDS,
  TEXT_FIELDS,
  type TextColumn,
  type TextName,
  type ValueLists,
} from './index-shape.js';
import { idOrder, orderBy, textOrder } from './order-builder.js';
import { textAt } from './text-column.js';
import { TextBuilder } from './text-column-builder.js';
import { listsOfCodes } from './value-lists.js';

/**
 * The import's one pass over the cars: every column, value list and sort order of the index
 * (index-shape.ts), with no object kept per car.
 */

/** How titles split into searchable words: on spaces and punctuation, keeping "2.4", "520d", "ev6". */
const titleWordsOf = (title: string): string[] =>
  lower(title)
    .split(/[\s,/()|:;]+/)
    .filter((w) => w.length > 0);

/** Whole non-negative numbers fit a Uint16Array or a Uint32Array: a quarter or half the memory of doubles. */
function compactNumbers(values: Float64Array): Float64Array | Uint32Array | Uint16Array {
  let max = 0;
  for (let i = 0; i < values.length; i += 1) {
    if (!(Number.isInteger(values[i]!) && values[i]! >= 0 && values[i]! <= 0xffffffff)) return values;
    max = Math.max(max, values[i]!);
  }
  return max <= 0xffff ? Uint16Array.from(values) : Uint32Array.from(values);
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
  const lists: ValueLists = {
    values,
    lookup: lookupOf(values),
    ...listsOfCodes(codes.done(), values.length, owners.done()),
  };
  if (ofTitles) lists.ofTitles = true;
  return lists;
}

/**
 * Builds the index from rows that come one at a time (a feed, a generator, a snapshot's rows):
 * one pass into growing columns, no object kept per car, so memory follows the columns alone.
 * What the import of a big catalogue calls.
 */
export function buildIndexFrom(rows: Iterable<CarRow>): CatalogueIndex {
  const singles = Object.fromEntries(SINGLE_FIELDS.map((name) => [name, new SingleBuilder()])) as Record<
    (typeof SINGLE_FIELDS)[number],
    SingleBuilder
  >;
  const multis = Object.fromEntries(MULTI_FIELDS.map((name) => [name, new MultiBuilder()])) as Record<
    (typeof MULTI_FIELDS)[number],
    MultiBuilder
  >;
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
  const displacements = u32s();
  const registrations = u32s();
  let n = 0;
  for (const row of rows) {
    n += 1;
    ids.push(row.id);
    years.push(row.year & 0xffff);
    prices.push(row.price);
    kms.push(row.kilometers);
    displacements.push(row.displacement ?? 0);
    registrations.push(row.firstRegistration ? monthNumber(row.firstRegistration) : 0);
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
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, texts[name].done()])) as Record<
    TextName,
    TextColumn
  >;
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
    auctionDate: auctionValues.includes(null)
      ? textOrder(undefined, n, id, auction)
      : orderBy(n, (i) => auctionRank[auctionCodes[i]!]!, id, byId),
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
    displacement: Uint16Array.from(displacements.done()),
    registered: Uint16Array.from(registrations.done()),
    text,
    fields,
    order,
    byId,
  });
}

/** Builds the whole index from rows: what the import does once per snapshot (and tests and the bench). */
export function buildIndex(rows: readonly CarRow[]): CatalogueIndex {
  return buildIndexFrom(rows);
}
