import { envNumber } from '../config.js';
import { getCataloguePointer } from '../store/cars.js';
import { listFxRates } from '../store/fx-rates.js';
import { getTenant, getTenantBySubdomain, type Tenant } from '../store/tenants.js';
import type { RateTable } from './pricing.js';
import { buildIndex, type CatalogueIndex } from './query.js';
import { downloadSnapshot } from './snapshot.js';

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

let catalogue: (Cached<CatalogueIndex> & { version: string }) | undefined;
const emptyIndex = (): CatalogueIndex => buildIndex([]);

export async function currentCatalogue(now = Date.now()): Promise<CatalogueIndex> {
  if (catalogue && now - catalogue.checkedAt < refreshMs()) return catalogue.value;
  const pointer = await getCataloguePointer();
  if (!pointer) {
    catalogue = { value: emptyIndex(), version: '', checkedAt: now };
    return catalogue.value;
  }
  if (catalogue && catalogue.version === pointer.version) {
    catalogue.checkedAt = now;
    return catalogue.value;
  }
  const snapshot = await downloadSnapshot(pointer.objectKey);
  catalogue = { value: buildIndex(snapshot.rows), version: pointer.version, checkedAt: now };
  return catalogue.value;
}

const tenants = new Map<string, Cached<Tenant | undefined>>();
const subdomains = new Map<string, Cached<Tenant | undefined>>();

async function cachedLookup(cache: Map<string, Cached<Tenant | undefined>>, key: string, load: () => Promise<Tenant | undefined>): Promise<Tenant | undefined> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.checkedAt < refreshMs()) return hit.value;
  const value = await load();
  cache.set(key, { value, checkedAt: now });
  return value;
}

export const tenantById = (id: string) => cachedLookup(tenants, id, () => getTenant(id));
export const tenantBySubdomain = (subdomain: string) => cachedLookup(subdomains, subdomain, () => getTenantBySubdomain(subdomain));

let rates: Cached<RateTable> | undefined;

export async function rateTable(now = Date.now()): Promise<RateTable> {
  if (rates && now - rates.checkedAt < refreshMs()) return rates.value;
  const list = await listFxRates();
  rates = { value: new Map(list.map((r) => [`${r.from}->${r.to}`, r.rate])), checkedAt: now };
  return rates.value;
}
