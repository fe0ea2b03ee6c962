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
 * before it are read by decodeAnySnapshot (snapshot-older.ts): the imports merge into them, and
 * an operator converts a stage's last one once (lib/use-cases/catalogue-feeds/upgrade-snapshot.ts).
 * The car list maps only the current format (decodeSnapshot, snapshot.ts), so its bundle carries
 * neither the older readers, nor the writer (snapshot-writer.ts), nor the index builder the JSON
 * rows need.
 *
 * This module: the layout's constants and types, which the writer and the readers share.
 */
export const MAGIC = 'VPOCAT3\n';
/** Magic, then the lengths of the gzipped part and of the raw part. */
export const PREAMBLE = MAGIC.length + 8;

export type ArrayKind = 'u8' | 'u16' | 'u32' | 'i16' | 'f64';
export type NumericArray = Uint8Array | Uint16Array | Uint32Array | Int16Array | Float64Array;
export type Codes = Uint8Array | Uint16Array | Uint32Array;

export type TextForm =
  | { form: 'bytes' }
  | { form: 'coded'; values: string[] }
  | { form: 'pattern'; patterns: Array<[string, number]> }
  | { form: 'epochMs' }
  | { form: 'epochS' };

export interface Placed {
  name: string;
  kind: ArrayKind;
  offset: number;
  length: number;
  /** Shipped as it is, after the gzipped part (offset within the raw part). */
  raw?: boolean;
}

export interface Header {
  version: string;
  size: number;
  values: Record<string, Array<string | null>>;
  text: Record<string, TextForm>;
  /** titleWords lists codes of the title's values, not rows. */
  titleWordsOfTitles: boolean;
  arrays: Placed[];
}

export const VIEW: Record<ArrayKind, new (buffer: ArrayBuffer, offset: number, length: number) => NumericArray> = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i16: Int16Array,
  f64: Float64Array,
};

export const align8 = (n: number) => (n + 7) & ~7;
