import { gunzipSync } from 'node:zlib';
import { readObject } from '../archive/objects.js';
import { bucketName } from '../config.js';
import { SORT_KEYS, type SortKey } from './car-row.js';
import { assembleIndex, derivedOrder, lazily, lookupOf, TEXT_FIELDS } from './catalogue-index.js';
import type { CatalogueIndex, FieldName, ValueLists } from './catalogue-index.js';
import { align8, type Codes, type Header, MAGIC, type NumericArray, PREAMBLE, VIEW } from './snapshot-format.js';

/**
 * Reads the catalogue snapshot of the current format (its layout: snapshot-format.ts), as the car
 * list does on a cold start: views on the downloaded arrays. The older formats' readers
 * (snapshot-older.ts) and the writer (snapshot-writer.ts) are modules of their own, so that the
 * list's bundle carries neither.
 */

/** Access by name to a snapshot's arrays. */
export function views(arrays: Map<string, NumericArray>) {
  const get = <T extends NumericArray>(name: string): T => {
    const array = arrays.get(name);
    if (!array) throw new Error(`catalogue snapshot lacks ${name}`);
    return array as T;
  };
  const maybe = <T extends NumericArray>(name: string): T | undefined => arrays.get(name) as T | undefined;
  return { get, maybe };
}

function fieldsOf(
  values: Record<string, Array<string | null>>,
  maybe: ReturnType<typeof views>['maybe'],
): Record<FieldName, ValueLists> {
  const fields = {} as Record<FieldName, ValueLists>;
  for (const [name, list] of Object.entries(values)) {
    const lists: ValueLists = { values: list, lookup: lookupOf(list) };
    for (const part of ['bits', 'start', 'positions', 'codes', 'rowStart', 'rowCodes'] as const) {
      const array = maybe<Uint32Array>(`fields.${name}.${part}`);
      if (array) lists[part] = array;
    }
    fields[name as FieldName] = lists;
  }
  return fields;
}

export const gunzipWhole = (body: Uint8Array): Buffer => {
  // One output chunk of the size the gzip trailer states: no pieces to join, less memory left behind.
  const size =
    body.length >= 4 ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).readUInt32LE(body.byteLength - 4) : 0;
  const out = gunzipSync(body, { chunkSize: Math.max(64 * 1024, size + 1) });
  // Typed arrays need their element alignment; a pooled buffer may start anywhere.
  return out.byteOffset % 8 === 0 ? out : Buffer.from(new Uint8Array(out));
};

/** A snapshot in a format written before this one (VPOCAT2, gzipped JSON rows): decodeAnySnapshot reads it. */
export class OlderSnapshotFormat extends Error {
  constructor() {
    super(
      'the catalogue snapshot is in the format of an older version (VPOCAT2 or gzipped JSON): convert it once (docs/deploying.md)',
    );
  }
}

/** Whether a snapshot is in the current format (VPOCAT3), the one decodeSnapshot maps. */
export const isCurrentSnapshot = (body: Uint8Array): boolean =>
  body.length >= PREAMBLE &&
  Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('latin1', 0, MAGIC.length) === MAGIC;

/** Maps a snapshot of the current format into an index: views on its arrays, plus the small case-insensitive lookups. */
export function decodeSnapshot(body: Uint8Array): { version: string; index: CatalogueIndex } {
  if (!isCurrentSnapshot(body)) throw new OlderSnapshotFormat();
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const gzLength = bytes.readUInt32LE(MAGIC.length);
  const rawLength = bytes.readUInt32LE(MAGIC.length + 4);
  const packed = gunzipWhole(bytes.subarray(PREAMBLE, PREAMBLE + gzLength));
  // The arrays shipped as they are: views on the downloaded bytes (copied only if these do not start at a multiple of 8).
  const rawStart = align8(PREAMBLE + gzLength);
  const raw =
    bytes.byteOffset % 8 === 0
      ? bytes.subarray(rawStart, rawStart + rawLength)
      : new Uint8Array(bytes.subarray(rawStart, rawStart + rawLength));
  const headerLength = packed.readUInt32LE(0);
  const header = JSON.parse(packed.toString('utf8', 4, 4 + headerLength)) as Header;
  const packedStart = packed.byteOffset + align8(4 + headerLength);
  const arrays = new Map(
    header.arrays.map((a) => [
      a.name,
      a.raw
        ? new VIEW[a.kind](raw.buffer as ArrayBuffer, raw.byteOffset + a.offset, a.length)
        : new VIEW[a.kind](packed.buffer as ArrayBuffer, packedStart + a.offset, a.length),
    ]),
  );
  return indexOf(header, views(arrays));
}

export function indexOf(
  header: Header,
  { get, maybe }: ReturnType<typeof views>,
): { version: string; index: CatalogueIndex } {
  const text = {} as CatalogueIndex['text'];
  for (const name of TEXT_FIELDS) {
    const form = header.text[name]!;
    const at = <T extends NumericArray>(part: string) => get<T>(`text.${name}.${part}`);
    text[name] =
      form.form === 'epochMs'
        ? { epochMs: at('epochMs') }
        : form.form === 'epochS'
          ? { epochS: at('epochS') }
          : form.form === 'coded'
            ? { values: form.values, codes: at<Codes>('codes') }
            : form.form === 'pattern'
              ? { patterns: form.patterns, patternCodes: at<Codes>('patternCodes'), numbers: at('numbers') }
              : { bytes: at('bytes'), offsets: at('offsets') };
  }
  const fields = fieldsOf(header.values, maybe);
  if (header.titleWordsOfTitles) fields.titleWords.ofTitles = true;
  const index: CatalogueIndex = assembleIndex({
    size: header.size,
    id: get('id'),
    year: get('year'),
    price: get('price'),
    kilometers: get('kilometers'),
    // A snapshot written before the import rules has neither: every car's is unknown (0).
    displacement: maybe<Uint16Array>('displacement') ?? new Uint16Array(header.size),
    registered: maybe<Uint16Array>('registered') ?? new Uint16Array(header.size),
    text,
    fields,
    order: ordersOf(maybe, () => index),
    byId: maybe<Uint32Array>('byId'),
  });
  return { version: header.version, index };
}

/** The shipped sort orders, and those not shipped remade on first use. */
function ordersOf(maybe: ReturnType<typeof views>['maybe'], index: () => CatalogueIndex): Record<SortKey, Uint32Array> {
  const order = {} as Record<SortKey, Uint32Array>;
  for (const key of SORT_KEYS) {
    const shipped = maybe<Uint32Array>(`order.${key}`);
    if (shipped) order[key] = shipped;
    else if (key === 'year' || key === 'auctionDate')
      lazily(order, key, () => {
        const made = derivedOrder(index(), key);
        if (!made) throw new Error(`catalogue snapshot lacks order.${key}`);
        return made;
      });
    else throw new Error(`catalogue snapshot lacks order.${key}`);
  }
  return order;
}

/** Where the import writes a snapshot (lib/use-cases/import-catalogue.ts uploads it). */
export const snapshotKey = (version: string) => `catalogue/snapshots/${version}.vpocat.gz`;

export async function downloadSnapshot(
  key: string,
  decode = decodeSnapshot,
): Promise<{ version: string; index: CatalogueIndex }> {
  const body = await readObject(bucketName(), key);
  if (body.length === 0) throw new Error(`catalogue snapshot ${key} is empty`);
  return decode(body);
}
