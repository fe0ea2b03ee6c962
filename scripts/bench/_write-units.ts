/**
 * Write units as DynamoDB's documentation prices them, from the items themselves (read before and
 * after each write): the order-cost benchmark reports these next to what DynamoDB Local's
 * `ReturnConsumedCapacity` says, because DynamoDB Local counts a transaction its own way (4 units
 * per KB of an item rather than 2, and items of equal size and indexes in one transaction once).
 *
 * The rules (Amazon DynamoDB Developer Guide: "Item sizes and formats", "Capacity modes",
 * "Global secondary indexes"):
 * - an item's size is the sum of its attributes' name and value sizes: a string its UTF-8 bytes,
 *   a number 1 byte per two significant digits plus 1, a binary its bytes, a boolean or null 1,
 *   a list or map 3 bytes plus its elements (a map's element names included), a set its elements;
 * - a write costs 1 unit per KB (rounded up) of the larger of the item before and after it, and 2 in
 *   a transaction (a condition check in one costs as a write of the item it reads);
 * - each index the item is in before or after costs, at 1 unit per KB, the entry it writes: an
 *   entry is the projected attributes, the index's and the table's keys and 100 bytes; an entry
 *   whose keys change is deleted and written again; one whose projected attributes did not change
 *   costs nothing. Index writes are propagated after the commit, so a transaction does not double
 *   them.
 */

export type Item = Record<string, unknown>;

export interface IndexShape {
  name: string;
  keys: string[];
  /** `ALL`, `KEYS_ONLY` or `INCLUDE` with its attributes. */
  projection: 'ALL' | 'KEYS_ONLY' | string[];
}

export interface TableShape {
  keys: string[];
  indexes: IndexShape[];
}

const KB = 1024;
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** A number's stored size: 1 byte per two significant digits, plus 1. */
function numberSize(value: number | bigint): number {
  const digits = String(value)
    .replace(/^-/, '')
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/** The stored size of one attribute value, as the document client writes it. */
export function valueSize(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberSize(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + valueSize(element), 0);
  if (typeof value === 'object') return 3 + itemSize(value as Item);
  return utf8(String(value));
}

/** An item's stored size: each attribute's name and value. */
export function itemSize(item: Item): number {
  let size = 0;
  for (const [name, value] of Object.entries(item)) if (value !== undefined) size += utf8(name) + valueSize(value);
  return size;
}

const units = (bytes: number) => Math.max(1, Math.ceil(bytes / KB));

/** The item's entry in one index (undefined when the item lacks one of its keys). */
export function indexEntry(item: Item | undefined, index: IndexShape, table: TableShape): Item | undefined {
  if (!item || index.keys.some((key) => item[key] === undefined)) return undefined;
  if (index.projection === 'ALL') return item;
  const names = new Set([...index.keys, ...table.keys, ...(index.projection === 'KEYS_ONLY' ? [] : index.projection)]);
  return Object.fromEntries(Object.entries(item).filter(([name]) => names.has(name)));
}

/** A value as text with its map keys sorted: DynamoDB returns an item's attributes in no set order. */
function canonical(value: unknown): string {
  if (value instanceof Set) return `set(${[...value].map(canonical).sort().join(',')})`;
  if (value instanceof Uint8Array) return `bytes(${Buffer.from(value).toString('base64')})`;
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const sameKeys = (a: Item, b: Item, keys: string[]) => keys.every((key) => canonical(a[key]) === canonical(b[key]));
const entrySize = (entry: Item) => itemSize(entry) + 100;

export interface WriteUnits {
  table: number;
  /** Units per index name, for the indexes the write touched. */
  indexes: Record<string, number>;
}

/**
 * What one item's write costs: the item before and after it (undefined: absent), whether it was
 * part of a transaction, and whether it only checked a condition.
 */
export function writeUnits(
  table: TableShape,
  before: Item | undefined,
  after: Item | undefined,
  options: { transaction: boolean; check?: boolean },
): WriteUnits {
  const largest = Math.max(before ? itemSize(before) : 0, after ? itemSize(after) : 0);
  const result: WriteUnits = { table: units(largest) * (options.transaction ? 2 : 1), indexes: {} };
  if (options.check) return result;
  for (const index of table.indexes) {
    const old = indexEntry(before, index, table);
    const next = indexEntry(after, index, table);
    let cost = 0;
    if (old && next) {
      if (!sameKeys(old, next, index.keys)) cost = units(entrySize(old)) + units(entrySize(next));
      else if (canonical(old) !== canonical(next)) cost = units(Math.max(entrySize(old), entrySize(next)));
    } else if (old) cost = units(entrySize(old));
    else if (next) cost = units(entrySize(next));
    if (cost > 0) result.indexes[index.name] = cost;
  }
  return result;
}
