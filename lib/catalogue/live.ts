import { envNumber } from '../config.js';
import { getCataloguePointer } from '../store/cars.js';
import { listFxRates } from '../store/fx-rates.js';
import { getTenant, getTenantBySubdomain, type Tenant } from '../store/tenants.js';
import type { RateTable } from './pricing.js';
import { describeError, log } from '../logger.js';
import { serviceUnavailable } from '../domain/errors.js';
import type { CatalogueIndex } from './catalogue-index.js';
import { downloadSnapshot, OlderSnapshotFormat } from './snapshot.js';
import { type ChangeJournal, decodeJournal, emptyJournal, journalKey } from './changes.js';
import { getObjectSigned } from '../archive/objects.js';
import { bucketName } from '../config.js';

/**
 * What a warm container keeps between requests so the list costs no DynamoDB round trip: the
 * catalogue index, tenants and exchange rates. Each is re-checked at most every
 * CATALOGUE_REFRESH_SECONDS (60 s), which is how long an import or a rate change can take to
 * show. The catalogue check is one GetItem of the pointer; the snapshot is fetched only when
 * the pointer names a new version.
 */
const refreshMs = () => envNumber('CATALOGUE_REFRESH_SECONDS', 60) * 1000;

interface Cached<T> {
  value: T;
  checkedAt: number;
}

/** The index being served; `value` undefined before the first import (no cars to list). */
let catalogue: (Cached<CatalogueIndex | undefined> & { version: string }) | undefined;
/** A newer snapshot being mapped, off the request path; the current index serves meanwhile. */
let preparing: { version: string; done: Promise<void> } | undefined;
/**
 * A snapshot in an older format, until its conversion (docs/deploying.md): a cold container
 * answers 503 and downloads it again only after CATALOGUE_REFRESH_SECONDS, the conversion keeping
 * its version; a warm one keeps serving the snapshot it has.
 */
let refused: { version: string; until: number } | undefined;

async function load(pointer: { version: string; objectKey: string }, now: number): Promise<void> {
  if (refused?.version === pointer.version && now < refused.until) throw serviceUnavailable(refreshMs() / 1000);
  let index: CatalogueIndex;
  try {
    ({ index } = await downloadSnapshot(pointer.objectKey));
  } catch (error) {
    if (!(error instanceof OlderSnapshotFormat)) throw error;
    refused = { version: pointer.version, until: now + refreshMs() };
    log.error(
      'catalogue snapshot in an older format: the car list answers 503 until it is converted (docs/deploying.md)',
      {
        version: pointer.version,
      },
    );
    throw serviceUnavailable(refreshMs() / 1000);
  }
  versions.set(index, pointer.version);
  catalogue = { value: index, version: pointer.version, checkedAt: now };
}

/**
 * The index to answer with, none before the first import. A cold container loads the snapshot
 * once (it has nothing else to serve); a warm one that learns of a newer snapshot keeps answering
 * from the one it has while the new one is fetched and mapped, and switches when it is ready.
 */
export async function currentCatalogue(now = Date.now()): Promise<CatalogueIndex | undefined> {
  if (catalogue && now - catalogue.checkedAt < refreshMs()) return catalogue.value;
  const pointer = await getCataloguePointer();
  if (!pointer) {
    catalogue = { value: undefined, version: '', checkedAt: now };
    return undefined;
  }
  if (!catalogue) {
    await load(pointer, now);
    return catalogue!.value;
  }
  catalogue.checkedAt = now;
  if (catalogue.version !== pointer.version && preparing?.version !== pointer.version) {
    const next = {
      version: pointer.version,
      done: load(pointer, now)
        .catch((error: unknown) =>
          log.warn('catalogue snapshot not loaded; the previous one keeps serving', {
            version: pointer.version,
            ...describeError(error),
          }),
        )
        .finally(() => {
          if (preparing === next) preparing = undefined;
        }),
    };
    preparing = next;
  }
  return catalogue.value;
}

/** Which snapshot version each loaded index is (the change journal beside it goes with it). */
const versions = new WeakMap<CatalogueIndex, string>();

/** The change journal of the snapshot `index` was loaded from, read on its first `updatedSince` query. */
let journal: { version: string; value: Promise<ChangeJournal> } | undefined;

/** What changed and when (GET /cars?updatedSince=), as of the snapshot `index` came from: the two always agree. */
export async function changesOf(index: CatalogueIndex | undefined): Promise<ChangeJournal> {
  const version = index && versions.get(index);
  if (version === undefined) return emptyJournal();
  if (journal?.version !== version) {
    // A snapshot made before feeds has no journal: nothing to list then.
    const value = getObjectSigned(bucketName(), journalKey(version)).then((found) =>
      found ? decodeJournal(found.body) : emptyJournal(),
    );
    value.catch(() => {
      if (journal?.version === version) journal = undefined;
    });
    journal = { version, value };
  }
  return journal.value;
}

const tenants = new Map<string, Cached<Tenant | undefined>>();
const subdomains = new Map<string, Cached<Tenant | undefined>>();

async function cachedLookup(
  cache: Map<string, Cached<Tenant | undefined>>,
  key: string,
  load: () => Promise<Tenant | undefined>,
): Promise<Tenant | undefined> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.checkedAt < refreshMs()) return hit.value;
  const value = await load();
  cache.set(key, { value, checkedAt: now });
  return value;
}

export const tenantById = (id: string) => cachedLookup(tenants, id, () => getTenant(id));
export const tenantBySubdomain = (subdomain: string) =>
  cachedLookup(subdomains, subdomain, () => getTenantBySubdomain(subdomain));

let rates: Cached<RateTable> | undefined;

export async function rateTable(now = Date.now()): Promise<RateTable> {
  if (rates && now - rates.checkedAt < refreshMs()) return rates.value;
  const list = await listFxRates();
  rates = { value: new Map(list.map((r) => [`${r.from}->${r.to}`, r.rate])), checkedAt: now };
  return rates.value;
}
