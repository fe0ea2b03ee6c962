import { SORT_KEYS, type SortKey } from './car-row.js';
import type { CatalogueIndex } from './index-shape.js';
import { ranksOf } from './sort-orders.js';

/**
 * The index around its shipped columns, whether just built or mapped from a snapshot: what a
 * query can remake cheaply (ranks, the id order when ids ascend) is made on first use.
 */

/** Sets a property computed on its first read (then kept as a plain value). */
export function lazily<T extends object, K extends keyof T>(target: T, key: K, compute: () => T[K]): void {
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const value = compute();
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
      return value;
    },
  });
}

/** Ranks of each sort order, each made on first use. */
function lazyRanks(order: Record<SortKey, Uint32Array>): Record<SortKey, Uint32Array> {
  const rank = {} as Record<SortKey, Uint32Array>;
  for (const key of SORT_KEYS) lazily(rank, key, () => ranksOf(order[key]));
  return rank;
}

/** The index around its columns: ranks and (when ids ascend) the id order made on first use. */
export function assembleIndex(
  parts: Omit<CatalogueIndex, 'rank' | 'byId' | 'visible'> & { byId?: Uint32Array },
): CatalogueIndex {
  const { byId, ...rest } = parts;
  const index = { ...rest, rank: lazyRanks(parts.order), visible: new Map() } as CatalogueIndex;
  if (byId) index.byId = byId;
  else lazily(index, 'byId', () => Uint32Array.from({ length: parts.size }, (_, i) => i));
  return index;
}
