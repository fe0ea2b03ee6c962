import { gunzipSync, gzipSync } from 'node:zlib';
import { readObject } from '../archive/objects.js';
import { bucketName } from '../config.js';
import { SORT_KEYS, toRow, type CarRow, type SortKey } from './car-row.js';
import {
  assembleIndex,
  buildIndex,
  codesOf,
  DERIVABLE_ORDERS,
  derivedOrder,
  idsAscend,
  lazily,
  lookupOf,
  SINGLE_FIELDS,
  TEXT_FIELDS,
} from './catalogue-index.js';
import type { CatalogueIndex, FieldName, TextColumn, ValueLists } from './catalogue-index.js';

/**
 * The catalogue snapshot in S3: the list's whole index (catalogue-index.ts), built once by the
 * import, in a binary form a cold container maps straight into typed arrays. No row is parsed
 * and no object is made per car:
 *
 *   "VPOCAT3\n" | u32 gzipped part length | u32 raw part length
 *   | gzipped part: u32 header length | header (JSON: version, size, each field's values, each text
 *     column's form, and where each array lies) | the arrays that compress well
 *   | raw part (at a multiple of 8 bytes): the arrays gzip would not shrink to half (sort
 *     orders, codes and numbers that barely repeat), as they are
 *
 * every array at a multiple of 8 bytes of its part, little-endian. Only the part that compresses
 * well is inflated on load; the rest is mapped in place, views on the downloaded bytes.
 * The header holds only the distinct values (makes, models, title words...).
 * Only what a query cannot remake cheaply is shipped: a single-valued field's codes or bit sets
 * (its row lists are made on first use), the sort orders (their ranks are made on first use), the
 * id order only when ids do not ascend with the rows.
 *
 * VPOCAT2 (every row list, every field's codes, the id order always) and the gzipped JSON rows
 * before it are read by decodeAnySnapshot: the imports merge into them, and an operator converts a
 * stage's last one once (lib/use-cases/catalogue-feeds/upgrade-snapshot.ts). The car list maps only
 * the current format (decodeSnapshot), so its bundle carries neither the older readers nor the
 * index builder the JSON rows need.
 */
const MAGIC = 'VPOCAT3\n';
const MAGIC_V2 = 'VPOCAT2\n';
/** Magic, then the lengths of the gzipped part and of the raw part. */
const PREAMBLE = MAGIC.length + 8;

type ArrayKind = 'u8' | 'u16' | 'u32' | 'i16' | 'f64';
type NumericArray = Uint8Array | Uint16Array | Uint32Array | Int16Array | Float64Array;
type Codes = Uint8Array | Uint16Array | Uint32Array;

type TextForm =
  | { form: 'bytes' }
  | { form: 'coded'; values: string[] }
  | { form: 'pattern'; patterns: Array<[string, number]> }
  | { form: 'epochMs' }
  | { form: 'epochS' };

interface Placed {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
  /** Shipped as it is, after the gzipped part (offset within the raw part). */
  raw?: boolean;
}

interface Header {
  version: string;
  size: number;
  values: Record<string, Array<string | null>>;
  text: Record<string, TextForm>;
  /** titleWords lists codes of the title's values, not rows. */
  titleWordsOfTitles: boolean;
  arrays: Placed[];
}

/** The previous format's header. */
interface HeaderV2 {
  version: string;
  size: number;
  values: Record<string, Array<string | null>>;
  /** The values of the text columns kept coded. */
  textValues: Record<string, string[]>;
  arrays: Placed[];
}

const kindOf = (array: NumericArray): ArrayKind =>
  array instanceof Uint8Array
    ? 'u8'
    : array instanceof Uint16Array
      ? 'u16'
      : array instanceof Uint32Array
        ? 'u32'
        : array instanceof Int16Array
          ? 'i16'
          : 'f64';

const VIEW: Record<ArrayKind, new (buffer: ArrayBuffer, offset: number, length: number) => NumericArray> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i16: Int16Array,
  f64: Float64Array,
};

const SINGLE = new Set<string>([...SINGLE_FIELDS, 'trim', 'published']);

/** An order the loading side remakes (by a counting sort) rather than reads. */
const derivable = (index: CatalogueIndex, key: SortKey) =>
  (DERIVABLE_ORDERS as readonly string[]).includes(key) &&
  (key !== 'auctionDate' || !index.fields.auctionDate.values.includes(null));

/** Every shipped array of the index under a stable name. */
function namedArrays(index: CatalogueIndex): Array<[string, NumericArray]> {
  const out: Array<[string, NumericArray]> = [
    ['id', index.id],
    ['year', index.year],
    ['price', index.price],
    ['kilometers', index.kilometers],
  ];
  const ascending = idsAscend(index.id);
  if (!ascending) out.push(['byId', index.byId]);
  for (const key of SORT_KEYS) if (!(ascending && derivable(index, key))) out.push([`order.${key}`, index.order[key]]);
  for (const [name, column] of Object.entries(index.text) as Array<[string, TextColumn]>) {
    if ('epochMs' in column) out.push([`text.${name}.epochMs`, column.epochMs]);
    else if ('epochS' in column) out.push([`text.${name}.epochS`, column.epochS]);
    else if ('codes' in column) out.push([`text.${name}.codes`, column.codes]);
    else if ('patterns' in column)
      out.push([`text.${name}.patternCodes`, column.patternCodes], [`text.${name}.numbers`, column.numbers]);
    else out.push([`text.${name}.bytes`, column.bytes], [`text.${name}.offsets`, column.offsets]);
  }
  for (const [name, lists] of Object.entries(index.fields)) {
    if (lists.bits) out.push([`fields.${name}.bits`, lists.bits]);
    else if (SINGLE.has(name)) out.push([`fields.${name}.codes`, codesOf(lists, index.size)]);
    else out.push([`fields.${name}.start`, lists.start!], [`fields.${name}.positions`, lists.positions!]);
    if (lists.rowStart && lists.rowCodes)
      out.push([`fields.${name}.rowStart`, lists.rowStart], [`fields.${name}.rowCodes`, lists.rowCodes]);
  }
  return out;
}

function textForm(column: TextColumn): TextForm {
  if ('epochMs' in column) return { form: 'epochMs' };
  if ('epochS' in column) return { form: 'epochS' };
  if ('codes' in column) return { form: 'coded', values: column.values };
  if ('patterns' in column) return { form: 'pattern', patterns: column.patterns };
  return { form: 'bytes' };
}

const align8 = (n: number) => (n + 7) & ~7;

/**
 * Arrays that gzip would not shrink to half are shipped as they are and mapped in place on load:
 * inflating them would cost the load (new memory to write, page by page) more than their extra
 * bytes cost the download.
 */
function shipsRaw(array: NumericArray): boolean {
  if (array.byteLength < 65_536) return false;
  return (
    gzipSync(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), { level: 1 }).length >
    0.5 * array.byteLength
  );
}

export function encodeSnapshot(version: string, index: CatalogueIndex): Buffer {
  const arrays = namedArrays(index);
  const values = Object.fromEntries(Object.entries(index.fields).map(([name, lists]) => [name, lists.values]));
  const text = Object.fromEntries(Object.entries(index.text).map(([name, column]) => [name, textForm(column)]));
  let packedBytes = 0;
  let rawBytes = 0;
  const placed: Placed[] = arrays.map(([name, array]) => {
    const raw = shipsRaw(array);
    const entry: Placed = {
      name,
      kind: kindOf(array),
      offset: raw ? rawBytes : packedBytes,
      length: array.length,
      ...(raw ? { raw } : {}),
    };
    if (raw) rawBytes = align8(rawBytes + array.byteLength);
    else packedBytes = align8(packedBytes + array.byteLength);
    return entry;
  });
  const header = Buffer.from(
    JSON.stringify({
      version,
      size: index.size,
      values,
      text,
      titleWordsOfTitles: index.fields.titleWords.ofTitles === true,
      arrays: placed,
    } satisfies Header),
    'utf8',
  );
  const packedStart = align8(4 + header.length);
  const packed = Buffer.alloc(packedStart + packedBytes);
  packed.writeUInt32LE(header.length, 0);
  header.copy(packed, 4);
  const gz = gzipSync(
    (() => {
      arrays.forEach(([, array], i) => {
        if (!placed[i]!.raw)
          packed.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), packedStart + placed[i]!.offset);
      });
      return packed;
    })(),
    { level: 6 },
  );
  const rawStart = align8(PREAMBLE + gz.length);
  const file = Buffer.alloc(rawStart + rawBytes);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(gz.length, MAGIC.length);
  file.writeUInt32LE(rawBytes, MAGIC.length + 4);
  gz.copy(file, PREAMBLE);
  arrays.forEach(([, array], i) => {
    if (placed[i]!.raw)
      file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), rawStart + placed[i]!.offset);
  });
  return file;
}

/**
 * A snapshot of the format before the binary ones (gzipped JSON: field names, then one array of
 * values per car), still read so that an upgraded stage serves and merges into its last import.
 */
function decodeJsonSnapshot(file: Buffer): { version: string; index: CatalogueIndex } {
  const parsed = JSON.parse(file.toString('utf8')) as { version: string; fields: string[]; rows: unknown[][] };
  const rows = parsed.rows.map((values) => {
    const record = Object.fromEntries(
      parsed.fields.map((field, i) => [field, values[i] === null ? undefined : values[i]]),
    );
    return toRow(record as CarRow);
  });
  return { version: parsed.version, index: buildIndex(rows) };
}

/** Views on the arrays of a VPOCAT2 snapshot, by name. */
function arraysOf(file: Buffer, headerLength: number, placed: Placed[]) {
  const dataStart = file.byteOffset + align8(MAGIC.length + 4 + headerLength);
  return views(
    new Map(placed.map((a) => [a.name, new VIEW[a.kind](file.buffer as ArrayBuffer, dataStart + a.offset, a.length)])),
  );
}

/** Access by name to a snapshot's arrays. */
function views(arrays: Map<string, NumericArray>) {
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

const gunzipWhole = (body: Uint8Array): Buffer => {
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

/** Maps a snapshot of any format this service has written: the current one, VPOCAT2, or gzipped JSON rows (built into an index). */
export function decodeAnySnapshot(body: Uint8Array): { version: string; index: CatalogueIndex } {
  if (isCurrentSnapshot(body)) return decodeSnapshot(body);
  const file = gunzipWhole(body);
  const magic = file.toString('latin1', 0, MAGIC.length);
  if (magic !== MAGIC_V2) return decodeJsonSnapshot(file);
  const headerLength = file.readUInt32LE(MAGIC.length);
  const header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as HeaderV2;
  return decodeV2(file, headerLength, header);
}

function indexOf(header: Header, { get, maybe }: ReturnType<typeof views>): { version: string; index: CatalogueIndex } {
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

/**
 * A VPOCAT2 snapshot: every array shipped (every sort order, the id order), each text column's
 * form told by the arrays it has. Mapped as VPOCAT3 is, once its header says what VPOCAT3's does.
 */
function decodeV2(file: Buffer, headerLength: number, header: HeaderV2): { version: string; index: CatalogueIndex } {
  const arrays = arraysOf(file, headerLength, header.arrays);
  const formOf = (name: string): TextForm =>
    arrays.maybe(`text.${name}.epochMs`)
      ? { form: 'epochMs' }
      : arrays.maybe(`text.${name}.codes`)
        ? { form: 'coded', values: header.textValues[name] ?? [] }
        : { form: 'bytes' };
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, formOf(name)]));
  return indexOf({ ...header, text, titleWordsOfTitles: false }, arrays);
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
