import { apiKeyCacheSeconds, apiKeyRevocationCheckSeconds } from '../../config.js';
import { getApiKeyByHash, readKeyForUse, readRevocationStamp, type StoredApiKey } from '../../store/api-keys.js';

/**
 * Key records as the key check sees them, in one warm container.
 *
 * - A record is kept for API_KEY_CACHE_SECONDS (60) from when it was read with readKeyForUse, which
 *   is also when the key's lastUsedAt is noted (at most one write a minute per key).
 * - Every API_KEY_REVOCATION_CHECK_SECONDS (3) the container reads the revocation stamp, one small
 *   item that revoke, rotate and deactivate bump after changing a key. A record read under an
 *   older stamp is read again (a plain GetItem, no write) before it is trusted, so a revoked,
 *   rotated or disabled key is refused by every container within about that many seconds.
 * - Expiry (`expiresAt`, also the end of a rotation's grace period) is compared with the clock on
 *   every request by the caller (lib/http/auth.ts), so it needs no read at all.
 *
 * Why the stamp comes first: a record is trusted under the stamp version read before the record
 * itself. A change stored before that stamp read is in the record; a change stored after it bumps
 * the stamp after it is stored, so a later stamp read sees a new version and the record is read
 * again, after the change. The stamp is global, not per tenant, so that order holds for a key seen
 * for the first time too (its tenant is not known before it is read). Changes are rare (people
 * revoke keys, not programs), so a change anywhere costing each container one re-read of each key
 * it is using is cheap; the stamp costs a container one read every few seconds, whatever the
 * number of keys and tenants it serves.
 *
 * Unknown keys are remembered too, so guessing keys cannot be turned into a read per request. The
 * cache is bounded in size. Concurrent requests of one container (the local stack runs many at
 * once) share one read of the stamp and of each key.
 */
interface Entry {
  record: StoredApiKey | undefined;
  /** When the record was read with readKeyForUse (lastUsedAt noted): it is read that way again after API_KEY_CACHE_SECONDS. */
  fetchedAt: number;
  /** The revocation stamp version read before the record was: the record is up to date with it. */
  stamp: number;
}

const cache = new Map<string, Entry>();
const CACHE_MAX_ENTRIES = 5_000;
const reading = new Map<string, Promise<Entry>>();

let stamp: { version: number; readAt: number } | undefined;
let stampReading: Promise<number> | undefined;

/** The revocation stamp, read again when the last read started over API_KEY_REVOCATION_CHECK_SECONDS ago. */
function currentStamp(now: number): Promise<number> {
  if (stamp && now - stamp.readAt < apiKeyRevocationCheckSeconds() * 1000) return Promise.resolve(stamp.version);
  stampReading ??= (async () => {
    // The moment the read starts: what it returns is at least that recent.
    const readAt = Date.now();
    try {
      const version = await readRevocationStamp();
      stamp = { version, readAt };
      return version;
    } finally {
      stampReading = undefined;
    }
  })();
  return stampReading;
}

function store(hash: string, entry: Entry): Entry {
  if (cache.size >= CACHE_MAX_ENTRIES && !cache.has(hash)) cache.clear();
  cache.set(hash, entry);
  return entry;
}

/**
 * One read of a key per stamp version at a time per container: concurrent requests that saw the
 * same stamp wait for the same read (one that saw a newer stamp does not join an older read).
 */
function readOnce(hash: string, version: number, read: () => Promise<Entry>): Promise<Entry> {
  const id = `${hash}#${version}`;
  let pending = reading.get(id);
  if (!pending) {
    pending = read().finally(() => reading.delete(id));
    reading.set(id, pending);
  }
  return pending;
}

/** The key record for a presented key's hash, undefined for an unknown key; refusal rules are the caller's. */
export async function lookupApiKey(hash: string): Promise<StoredApiKey | undefined> {
  const now = Date.now();
  const version = await currentStamp(now);
  const hit = cache.get(hash);
  if (hit && now - hit.fetchedAt < apiKeyCacheSeconds() * 1000) {
    if (hit.stamp >= version) return hit.record;
    // A key changed somewhere since this record was read: read it again (no lastUsedAt write).
    const entry = await readOnce(hash, version, async () =>
      store(hash, { record: await getApiKeyByHash(hash), fetchedAt: hit.fetchedAt, stamp: version }),
    );
    return entry.record;
  }
  const entry = await readOnce(hash, version, async () =>
    store(hash, { record: await readKeyForUse(hash, now), fetchedAt: now, stamp: version }),
  );
  return entry.record;
}
