import { toRow, type CarRow } from './car-row.js';
import { buildIndex, TEXT_FIELDS } from './catalogue-index.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { align8, MAGIC, type Placed, type TextForm, VIEW } from './snapshot-format.js';
import { decodeSnapshot, gunzipWhole, indexOf, isCurrentSnapshot, views } from './snapshot.js';

/**
 * Reads the snapshots of the formats written before the current one (VPOCAT2, gzipped JSON rows),
 * which the imports merge into and an operator converts once
 * (lib/use-cases/catalogue-feeds/upgrade-snapshot.ts). Apart from the current format's reader
 * (snapshot.ts) so that the car list bundles neither these nor the index builder the JSON rows need.
 */
const MAGIC_V2 = 'VPOCAT2\n';

/** The previous format's header. */
interface HeaderV2 {
  version: string;
  size: number;
  values: Record<string, Array<string | null>>;
  /** The values of the text columns kept coded. */
  textValues: Record<string, string[]>;
  arrays: Placed[];
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
