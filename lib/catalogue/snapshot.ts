import { gunzipSync, gzipSync } from 'node:zlib';
import { readObject } from '../archive/objects.js';
import { bucketName } from '../config.js';
import { SORT_KEYS, toRow, type CarRow, type SortKey } from './car-row.js';
import { buildIndex, lookupOf, ranksOf, type CatalogueIndex, type FieldName, type TextColumn, type ValueLists } from './catalogue-index.js';

/**
 * The catalogue snapshot in S3: the list's whole index (catalogue-index.ts), built once by the
 * import, in a binary form a cold container maps straight into typed arrays. No row is parsed
 * and no object is made per car:
 *
 *   "VPOCAT2\n" | u32 header length | header (JSON: version, size, each field's values, and
 *   where each array lies) | the arrays, each at a multiple of 8 bytes, little-endian
 *
 * gzipped as a whole. The header holds only the distinct values (makes, models, title words...).
 */
const MAGIC = 'VPOCAT2\n';

type ArrayKind = 'u8' | 'u16' | 'u32' | 'i16' | 'f64';
type NumericArray = Uint8Array | Uint16Array | Uint32Array | Int16Array | Float64Array;

interface Header {
  version: string;
  size: number;
  values: Record<string, Array<string | null>>;
  /** The values of the text columns kept coded. */
  textValues: Record<string, string[]>;
  arrays: Array<{ name: string; kind: ArrayKind; offset: number; length: number }>;
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

/** Every array of the index under a stable name (ranks are not shipped: one pass over each order rebuilds them). */
function namedArrays(index: CatalogueIndex): Array<[string, NumericArray]> {
  const out: Array<[string, NumericArray]> = [
    ['id', index.id],
    ['year', index.year],
    ['price', index.price],
    ['kilometers', index.kilometers],
    ['byId', index.byId],
  ];
  for (const key of SORT_KEYS) out.push([`order.${key}`, index.order[key]]);
  for (const [name, column] of Object.entries(index.text)) {
    if ('epochMs' in column) out.push([`text.${name}.epochMs`, column.epochMs]);
    else if ('codes' in column) out.push([`text.${name}.codes`, column.codes]);
    else out.push([`text.${name}.bytes`, column.bytes], [`text.${name}.offsets`, column.offsets]);
  }
  for (const [name, lists] of Object.entries(index.fields)) {
    if (lists.bits) out.push([`fields.${name}.bits`, lists.bits]);
    if (lists.start && lists.positions) out.push([`fields.${name}.start`, lists.start], [`fields.${name}.positions`, lists.positions]);
    if (lists.codes) out.push([`fields.${name}.codes`, lists.codes]);
    if (lists.rowStart) out.push([`fields.${name}.rowStart`, lists.rowStart]);
    if (lists.rowCodes) out.push([`fields.${name}.rowCodes`, lists.rowCodes]);
  }
  return out;
}

const align8 = (n: number) => (n + 7) & ~7;

export function encodeSnapshot(version: string, index: CatalogueIndex): Buffer {
  const arrays = namedArrays(index);
  const values = Object.fromEntries(Object.entries(index.fields).map(([name, lists]) => [name, lists.values]));
  const textValues = Object.fromEntries(Object.entries(index.text).flatMap(([name, column]) => ('values' in column ? [[name, column.values]] : [])));
  let offset = 0;
  const placed = arrays.map(([name, array]) => {
    const entry = { name, kind: kindOf(array), offset, length: array.length };
    offset = align8(offset + array.byteLength);
    return entry;
  });
  const header = Buffer.from(JSON.stringify({ version, size: index.size, values, textValues, arrays: placed } satisfies Header), 'utf8');
  const dataStart = align8(MAGIC.length + 4 + header.length);
  const file = Buffer.alloc(dataStart + offset);
  file.write(MAGIC, 0, 'latin1');
  file.writeUInt32LE(header.length, MAGIC.length);
  header.copy(file, MAGIC.length + 4);
  arrays.forEach(([, array], i) => {
    file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), dataStart + placed[i]!.offset);
  });
  return gzipSync(file, { level: 6 });
}

/**
 * A snapshot of the format before this one (gzipped JSON: field names, then one array of values
 * per car), still read so that an upgraded stage serves and merges into its last import.
 */
function decodeJsonSnapshot(file: Buffer): { version: string; index: CatalogueIndex } {
  const parsed = JSON.parse(file.toString('utf8')) as { version: string; fields: string[]; rows: unknown[][] };
  const rows = parsed.rows.map((values) => {
    const record = Object.fromEntries(parsed.fields.map((field, i) => [field, values[i] === null ? undefined : values[i]]));
    return toRow(record as CarRow);
  });
  return { version: parsed.version, index: buildIndex(rows) };
}

/** Maps a snapshot into an index: views on one buffer, plus the small case-insensitive lookups. */
export function decodeSnapshot(body: Uint8Array): { version: string; index: CatalogueIndex } {
  // One output chunk of the size the gzip trailer states: no pieces to join, less memory left behind.
  const size = body.length >= 4 ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).readUInt32LE(body.byteLength - 4) : 0;
  let file = gunzipSync(body, { chunkSize: Math.max(64 * 1024, size + 1) });
  if (file.toString('latin1', 0, MAGIC.length) !== MAGIC) return decodeJsonSnapshot(file);
  // Typed arrays need their element alignment; a pooled buffer may start anywhere.
  if (file.byteOffset % 8 !== 0) file = Buffer.from(new Uint8Array(file));
  const headerLength = file.readUInt32LE(MAGIC.length);
  const header = JSON.parse(file.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + headerLength)) as Header;
  const dataStart = file.byteOffset + align8(MAGIC.length + 4 + headerLength);
  const arrays = new Map(header.arrays.map((a) => [a.name, new VIEW[a.kind](file.buffer as ArrayBuffer, dataStart + a.offset, a.length)]));
  const get = <T extends NumericArray>(name: string): T => {
    const array = arrays.get(name);
    if (!array) throw new Error(`catalogue snapshot lacks ${name}`);
    return array as T;
  };
  const order = Object.fromEntries(SORT_KEYS.map((key) => [key, get<Uint32Array>(`order.${key}`)])) as Record<SortKey, Uint32Array>;
  const text = {} as CatalogueIndex['text'];
  for (const name of ['title', 'advertisementNumber', 'thumbnailUrl', 'createdAt'] as const) {
    const epochMs = arrays.get(`text.${name}.epochMs`) as Float64Array | undefined;
    const codes = arrays.get(`text.${name}.codes`) as Uint8Array | Uint16Array | Uint32Array | undefined;
    text[name] = (
      epochMs
        ? { epochMs }
        : codes
          ? { values: header.textValues[name] ?? [], codes }
          : { bytes: get<Uint8Array>(`text.${name}.bytes`), offsets: get<Uint32Array>(`text.${name}.offsets`) }
    ) satisfies TextColumn;
  }
  const fields = {} as Record<FieldName, ValueLists>;
  for (const [name, values] of Object.entries(header.values)) {
    fields[name as FieldName] = {
      values,
      bits: arrays.get(`fields.${name}.bits`) as Uint32Array | undefined,
      start: arrays.get(`fields.${name}.start`) as Uint32Array | undefined,
      positions: arrays.get(`fields.${name}.positions`) as Uint32Array | undefined,
      codes: arrays.get(`fields.${name}.codes`) as Uint8Array | Uint16Array | Uint32Array | undefined,
      rowStart: arrays.get(`fields.${name}.rowStart`) as Uint32Array | undefined,
      rowCodes: arrays.get(`fields.${name}.rowCodes`) as Uint8Array | Uint16Array | Uint32Array | undefined,
      lookup: lookupOf(values),
    };
  }
  const index: CatalogueIndex = {
    size: header.size,
    id: get('id'),
    year: get('year'),
    price: get('price'),
    kilometers: get('kilometers'),
    text,
    fields,
    order,
    rank: Object.fromEntries(SORT_KEYS.map((key) => [key, ranksOf(order[key])])) as Record<SortKey, Uint32Array>,
    byId: get('byId'),
    visible: new Map(),
  };
  return { version: header.version, index };
}

/** Where the import writes a snapshot (lib/use-cases/import-catalogue.ts uploads it). */
export const snapshotKey = (version: string) => `catalogue/snapshots/${version}.vpocat.gz`;

export async function downloadSnapshot(key: string): Promise<{ version: string; index: CatalogueIndex }> {
  const body = await readObject(bucketName(), key);
  if (body.length === 0) throw new Error(`catalogue snapshot ${key} is empty`);
  return decodeSnapshot(body);
}
