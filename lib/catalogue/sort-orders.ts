import type { CatalogueIndex } from './index-shape.js';
import { listsOfCodes, wordsFor } from './value-lists.js';

/**
 * What a sort order gives a query once the index is loaded: each row's place in it (ranks), and
 * the orders a snapshot need not ship, remade from the columns.
 */

/** Each row's place in an order: ranks[position] is where the row stands in `order`. */
export function ranksOf(order: Uint32Array): Uint32Array {
  const ranks = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k += 1) ranks[order[k]!] = k;
  return ranks;
}

/** Sort orders a snapshot need not ship when ids ascend with the rows: remade from the columns by a counting sort. */
export const DERIVABLE_ORDERS = ['year', 'auctionDate'] as const;

/** Whether an index's ids ascend with its rows (then ties in every order follow the rows). */
export function idsAscend(id: Uint32Array): boolean {
  for (let i = 1; i < id.length; i += 1) if (id[i - 1]! > id[i]!) return false;
  return true;
}

/**
 * The order by year or by auction date, remade from the columns when ids ascend with the rows:
 * rows grouped by value in ascending order, each group in row (so id) order. Undefined when it
 * cannot be (auction dates missing, which compare as equal to every date).
 */
export function derivedOrder(
  index: Pick<CatalogueIndex, 'size' | 'year' | 'fields'>,
  key: (typeof DERIVABLE_ORDERS)[number],
): Uint32Array | undefined {
  const n = index.size;
  if (key === 'year') {
    let min = 0;
    let max = -1;
    for (let i = 0; i < n; i += 1) {
      const y = index.year[i]!;
      if (i === 0 || y < min) min = y;
      if (i === 0 || y > max) max = y;
    }
    const codes = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) codes[i] = index.year[i]! - min;
    return listsOfCodes(codes, max - min + 1).positions;
  }
  const lists = index.fields.auctionDate;
  if (lists.values.includes(null)) return undefined;
  const byValue = Array.from(lists.values.keys()).sort((a, b) => {
    const x = lists.values[a]!;
    const y = lists.values[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  if (!lists.bits) {
    const place = new Uint32Array(lists.values.length);
    byValue.forEach((code, k) => {
      place[code] = k;
    });
    const codes = lists.codes!;
    return listsOfCodes(
      Uint32Array.from(codes, (code) => place[code]!),
      lists.values.length,
    ).positions;
  }
  const order = new Uint32Array(n);
  const words = wordsFor(n);
  let k = 0;
  for (const code of byValue) {
    for (let w = 0; w < words; w += 1) {
      let word = lists.bits[code * words + w]!;
      while (word !== 0) {
        order[k++] = (w << 5) + (31 - Math.clz32(word & -word));
        word &= word - 1;
      }
    }
  }
  return order;
}
