/**
 * Reading a tenant's events in order without missing one that commits late.
 *
 * Events are stored by the instant of their change (`sk` = `<timestamp>#<id>`), taken before
 * the transaction that records them. Two concurrent changes can commit in the other order than
 * their instants, so a reader that simply remembered "the last sk I saw" could step past an
 * event that commits a moment later with a smaller sk. So a cursor is two things:
 *
 * - `safe`: every event up to here has been seen. It only moves up to the settle horizon
 *   (now minus the longest time a write can take to commit, 30 s by default), behind which no
 *   event can still appear;
 * - `seen`: the ids of events after `safe` already handed out, so they are not handed out again.
 *
 * An event is therefore returned once and never skipped. `seen` is bounded (maxSeen), so a
 * cursor stays short whatever the burst: beyond that many, the newest events wait until they
 * pass the horizon, when `safe` covers them.
 */
export interface FeedCursor {
  safe: string;
  seen: string[];
}

export interface FeedItem {
  sk: string;
  id: string;
}

export interface FeedStep<T> {
  page: T[];
  cursor: FeedCursor;
}

export interface FeedOptions<T> {
  limit: number;
  /** The settle horizon, as a sort key (an ISO instant). */
  horizon: string;
  /** True when `items` holds every event after `cursor.safe` that exists now. */
  exhausted: boolean;
  /** At most this many ids in `seen` (a cursor must fit in a URL). */
  maxSeen: number;
  /** Events to leave out of the page (they still count as read). */
  wanted?: (item: T) => boolean;
}

/** Before every event (sort keys start with the year). */
export const FEED_START: FeedCursor = { safe: '0', seen: [] };

/** The next page after `cursor`, from `items`: the events after `cursor.safe`, in sort-key order. */
export function nextFeedPage<T extends FeedItem>(
  cursor: FeedCursor,
  items: readonly T[],
  options: FeedOptions<T>,
): FeedStep<T> {
  for (let limit = options.limit; ; limit -= 1) {
    const step = stepWith(cursor, items, { ...options, limit });
    if (step.cursor.seen.length <= options.maxSeen || limit <= 0) return step;
  }
}

function stepWith<T extends FeedItem>(cursor: FeedCursor, items: readonly T[], options: FeedOptions<T>): FeedStep<T> {
  const seen = new Set(cursor.seen);
  const page: T[] = [];
  // Every event up to `covered` has been returned, seen before or left out.
  let covered = cursor.safe;
  let stopped = false;
  for (const item of items) {
    if (item.sk <= cursor.safe) continue;
    const skip = seen.has(item.id) || (options.wanted !== undefined && !options.wanted(item));
    if (!skip) {
      if (page.length >= options.limit) {
        stopped = true;
        break;
      }
      page.push(item);
    }
    covered = item.sk;
  }
  const reachedEnd = !stopped && options.exhausted;
  const bound = reachedEnd ? options.horizon : minOf(options.horizon, covered);
  const safe = bound > cursor.safe ? bound : cursor.safe;
  const handedOut = new Set([...page.map((item) => item.id), ...seen]);
  const stillRecent = items.filter((item) => item.sk > safe && handedOut.has(item.id)).map((item) => item.id);
  // Ids seen before but not read this time (beyond what was read) stay remembered.
  const readIds = new Set(items.map((item) => item.id));
  const carried = cursor.seen.filter((id) => !readIds.has(id) && !reachedEnd);
  return { page, cursor: { safe, seen: [...new Set([...stillRecent, ...carried])] } };
}

const minOf = (a: string, b: string): string => (a < b ? a : b);

export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify({ s: cursor.safe, n: cursor.seen }), 'utf8').toString('base64url');
}

/** undefined for anything that is not a cursor this service wrote. */
export function decodeFeedCursor(text: string): FeedCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { s, n } = value as { s?: unknown; n?: unknown };
    if (typeof s !== 'string' || !Array.isArray(n) || !n.every((id) => typeof id === 'string')) return undefined;
    return { safe: s, seen: n as string[] };
  } catch {
    return undefined;
  }
}
