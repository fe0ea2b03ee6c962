import { PRICE_HISTORY_LIMIT, PROVIDERS, type PriceChange, type Provider } from './car.js';

/**
 * Providers' catalogue feeds: files put in the bucket under feeds/{provider}/{full|delta}/. A full
 * list names every car the provider has for sale (the cars it leaves out have left); a delta
 * names changes, one `op` per line. The rules here are pure: the import (lib/use-cases/
 * catalogue-feeds/) reads files, writes cars and publishes snapshots around them.
 */
export const FEED_PREFIX = 'feeds/';
export const FEED_KINDS = ['full', 'delta'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/**
 * Where a file is in its import. `queued`: waiting for the provider's earlier files; `importing`:
 * being read (resumable from its cursor); `held`: a full list that would remove too much, waiting
 * for staff to confirm or discard it; `applied`: its changes are in the catalogue; `refused`: not
 * a feed this service can read (nothing applied); `discarded`: held and then dropped by staff.
 */
export const FEED_STATUSES = ['queued', 'importing', 'held', 'applied', 'refused', 'discarded'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];
/** Files the import still has to finish or a person has to decide on. */
export const OPEN_FEED_STATUSES: readonly FeedStatus[] = ['queued', 'importing', 'held'];

export type FeedLocation =
  | { ok: true; provider: Provider; kind: FeedKind; gzip: boolean }
  | { ok: false; reason: string };

const isProvider = (value: string): value is Provider => (PROVIDERS as readonly string[]).includes(value);

/** What a bucket key says of its feed: feeds/{provider}/{full|delta}/{name}.ndjson, gzipped when it ends in .gz. */
export function feedLocation(key: string): FeedLocation {
  const [root, provider, kind, ...rest] = key.split('/');
  const name = rest.join('/');
  if (`${root}/` !== FEED_PREFIX || provider === undefined || kind === undefined || name === '')
    return {
      ok: false,
      reason: `a feed's key must be feeds/{provider}/{full|delta}/{name}.ndjson[.gz], e.g. feeds/kcar/full/2026-11-26.ndjson.gz`,
    };
  if (!isProvider(provider))
    return { ok: false, reason: `"${provider}" is not a provider; use one of ${PROVIDERS.join(', ')}` };
  if (!(FEED_KINDS as readonly string[]).includes(kind))
    return { ok: false, reason: `"${kind}" is not a kind of feed; use full or delta` };
  return { ok: true, provider, kind: kind as FeedKind, gzip: name.endsWith('.gz') };
}

/** The bucket key for a file uploaded by staff: timestamped so a re-upload of the same name is a new file. */
export function feedKey(provider: Provider, kind: FeedKind, name: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const base = name.replace(/^.*[\\/]/, '').replace(/[^A-Za-z0-9._-]/g, '_') || 'feed.ndjson';
  return `${FEED_PREFIX}${provider}/${kind}/${stamp}-${base}`;
}

/** What a full list would do to a provider's cars, against the share it may remove unconfirmed. */
export interface RemovalCheck {
  /** Cars the provider lists now that the file leaves out. */
  removing: number;
  /** Cars the provider lists now. */
  listed: number;
  /** removing / listed, 0 when nothing is listed. */
  share: number;
  /** The share above which the file is held. */
  limit: number;
  hold: boolean;
}

export function checkRemovals(removing: number, listed: number, limit: number): RemovalCheck {
  const share = listed === 0 ? 0 : removing / listed;
  return { removing, listed, share, limit, hold: share > limit };
}

/** Why a held file waits, in words for the status and the CLI. */
export const holdReason = (provider: Provider, check: RemovalCheck): string =>
  `this full list would remove ${check.removing} of ${provider}'s ${check.listed} cars (${Math.round(check.share * 1000) / 10}%), more than the ${Math.round(check.limit * 1000) / 10}% a feed may remove unconfirmed; confirm it if the provider really sold or withdrew them`;

/** Whether a provider's last good feed is too old: never for a provider that never sent one. */
export function isStale(lastGoodFeedAt: string | undefined, now: number, staleAfterHours: number): boolean {
  if (lastGoodFeedAt === undefined) return false;
  return now - Date.parse(lastGoodFeedAt) > staleAfterHours * 3_600_000;
}

/** A car's price history after a feed's price: a change appended (the oldest dropped past the limit), else as it was. */
export function withPrice(
  history: readonly PriceChange[] | undefined,
  previous: number | undefined,
  next: number,
  at: string,
): PriceChange[] | undefined {
  if (previous === undefined || previous === next) return history === undefined ? undefined : [...history];
  return [...(history ?? []), { at, from: previous, to: next }].slice(-PRICE_HISTORY_LIMIT);
}

/**
 * When a published change reached the list: never before the snapshot it follows, so each
 * snapshot's changes sort after every earlier one's and `updatedSince` misses none.
 */
export function changeInstant(now: number, previousSnapshotAt: string | undefined): number {
  const floor = previousSnapshotAt === undefined ? 0 : Date.parse(previousSnapshotAt) + 1;
  return Math.max(now, floor);
}
