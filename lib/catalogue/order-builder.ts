import type { CarRow, SortKey } from './car-row.js';
import type { SingleBuilder } from './field-builders.js';
import type { TextColumn } from './index-shape.js';
import { idsAscend, ranksOf } from './sort-orders.js';
import { textAt } from './text-column.js';

/** The sort orders the import builds: every key's row positions in order, ties broken by id. */

/** Row positions sorted ascending by one key, ties broken by id, so the order is total. */
export function sortedPositions(rows: readonly CarRow[], key: SortKey): Uint32Array {
  return Uint32Array.from(rows.keys()).sort((a, b) => {
    const x = rows[a]![key];
    const y = rows[b]![key];
    if (x < y) return -1;
    if (x > y) return 1;
    return rows[a]!.id - rows[b]!.id;
  });
}

/**
 * Row positions sorted by a numeric key, ties by id. Whole keys below 2^(53 - bits of n) are
 * packed with the row's place in id order into one number and sorted natively; others with a
 * comparison (as sortedPositions compares).
 */
export function orderBy(
  n: number,
  keyOf: (i: number) => number,
  id: Uint32Array,
  byId: Uint32Array | undefined,
): Uint32Array {
  const shift = 2 ** Math.max(1, Math.ceil(Math.log2(n + 1)));
  const limit = 2 ** 53 / shift;
  const keys = new Float64Array(n);
  let packable = true;
  for (let i = 0; i < n; i += 1) {
    const key = keyOf(i);
    keys[i] = key;
    if (!(Number.isInteger(key) && key >= 0 && key < limit)) packable = false;
  }
  if (!packable) {
    return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const x = keys[a]!;
      const y = keys[b]!;
      if (x < y) return -1;
      if (x > y) return 1;
      return id[a]! - id[b]!;
    });
  }
  // The place in id order breaks ties: the row itself when ids ascend with the rows.
  const place = byId ? ranksOf(byId) : undefined;
  for (let i = 0; i < n; i += 1) keys[i] = keys[i]! * shift + (place ? place[i]! : i);
  keys.sort();
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k += 1) {
    const p = keys[k]! % shift;
    order[k] = byId ? byId[p]! : p;
  }
  return order;
}

/** Row positions by id; undefined when ids ascend with the rows (then the identity, made on first use). */
export function idOrder(id: Uint32Array): Uint32Array | undefined {
  return idsAscend(id) ? undefined : Uint32Array.from(id.keys()).sort((a, b) => id[a]! - id[b]! || a - b);
}

/** A sort order of texts (or of coded values that may be missing), compared as sortedPositions compares them. */
export function textOrder(
  column: TextColumn | undefined,
  n: number,
  id: Uint32Array,
  coded?: SingleBuilder,
): Uint32Array {
  const values = coded?.dictionary.values();
  const texts = Array.from({ length: n }, (_, i) =>
    coded ? (values![coded.codes.array[i]!] ?? undefined) : textAt(column!, i),
  );
  return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const x = texts[a]!;
    const y = texts[b]!;
    if (x < y) return -1;
    if (x > y) return 1;
    return id[a]! - id[b]!;
  });
}
