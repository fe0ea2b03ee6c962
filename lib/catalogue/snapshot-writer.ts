import { gzipSync } from 'node:zlib';
import { SORT_KEYS, type SortKey } from './car-row.js';
import { codesOf, DERIVABLE_ORDERS, idsAscend, SINGLE_FIELDS } from './catalogue-index.js';
import type { CatalogueIndex, TextColumn } from './catalogue-index.js';
import {
  align8,
  type ArrayKind,
  type Header,
  MAGIC,
  type NumericArray,
  type Placed,
  PREAMBLE,
  type TextForm,
} from './snapshot-format.js';

/**
 * Writes the catalogue snapshot (its layout: snapshot-format.ts). The import and the feeds write
 * it; the car list, which only reads, never bundles this module.
 */

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
    ['displacement', index.displacement],
    ['registered', index.registered],
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
