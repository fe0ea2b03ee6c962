import { carView, type CarRecord } from '../domain/car.js';
import { pictureUrl, withPictureUrls } from '../archive/picture-url.js';
import { changesOf, currentCatalogue, rateTable, tenantById, tenantBySubdomain } from '../catalogue/live.js';
import { type ChangeJournal, firstAfter } from '../catalogue/changes.js';
import { rowAt } from '../catalogue/catalogue-index.js';
import { parseCarQuery, type CarListQuery, type ParsedCarQuery } from '../catalogue/params.js';
import { convertPrice, missingRateReason, resolveRate, type RateTable } from '../catalogue/pricing.js';
import type { CatalogueIndex } from '../catalogue/catalogue-index.js';
import { type CarRow, UNLISTED_ROW_FIELDS } from '../catalogue/car-row.js';
import { queryIndex, trimsOf, visibleInStorefront, type Visibility } from '../catalogue/query.js';
import type { Caller } from '../domain/caller.js';
import { notFound, validationError } from '../domain/errors.js';
import { pageMeta, type CurrencyMeta, type PageMeta } from '../domain/paging.js';
import { evaluateImport, importConditions } from '../domain/import-rules.js';
import { localDay, tenantTimeZone } from '../domain/time-zone.js';
import { getCar as readCar } from '../store/cars.js';
import { countryIn, listedRule, ruleInForce } from './import-rules-in-force.js';
import type { Tenant } from '../store/tenants.js';

/** The storefront a request sees: the key's tenant, or the one customerSubdomain names. */
export interface Storefront {
  tenant?: Tenant;
  visibility: Visibility;
  markup: string;
}

export async function storefrontFor(caller: Caller, customerSubdomain: string | undefined): Promise<Storefront> {
  let tenant: Tenant | undefined;
  if (customerSubdomain !== undefined) {
    tenant = await tenantBySubdomain(customerSubdomain);
    if (!tenant)
      throw validationError([
        {
          field: 'customerSubdomain',
          message: 'must be the subdomain of a storefront, e.g. "gulf-motors"; no storefront has this one',
        },
      ]);
  } else if (caller.tenantId !== undefined) {
    tenant = await tenantById(caller.tenantId);
  }
  if (!tenant) return { visibility: { publishedOnly: false }, markup: '1' };
  return {
    tenant,
    visibility: { providers: new Set(tenant.visibleProviders), publishedOnly: tenant.publishedOnly },
    markup: tenant.markup,
  };
}

type Priced<T> = T & { convertedPrice?: number | null; convertedCurrency?: string };

/** Prices cars in `currency` (as is without one), and says which rate it used or why there is none. */
function pricerWith(storefront: Storefront, rates: RateTable | undefined, currency: string | undefined) {
  if (currency === undefined || rates === undefined)
    return { price: <T extends { price: number }>(car: T): Priced<T> => car, currencyMeta: undefined };
  const rate = resolveRate(rates, 'KRW', currency);
  const currencyMeta: CurrencyMeta = {
    code: currency,
    rate: rate ? rate.toString() : null,
    ...(rate ? {} : { reason: missingRateReason(rates, 'KRW', currency) }),
  };
  return {
    price: <T extends { price: number }>(car: T): Priced<T> => ({
      ...car,
      convertedPrice: rate === undefined ? null : convertPrice(car.price, storefront.markup, rate, currency),
      convertedCurrency: currency,
    }),
    currencyMeta,
  };
}

/** The list item a caller sees: the row without its absent optional fields, its thumbnail as an address. */
function listView(row: CarRow): CarRow {
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (value !== undefined) view[key] = value;
  for (const field of UNLISTED_ROW_FIELDS) delete view[field];
  view.thumbnailUrl = pictureUrl(row.thumbnailUrl);
  return view as CarRow;
}

function project<T extends Record<string, unknown>>(car: T, fields: string[] | undefined): Partial<T> {
  if (!fields) return car;
  const out: Record<string, unknown> = {};
  for (const field of [...fields, 'convertedPrice', 'convertedCurrency']) if (field in car) out[field] = car[field];
  return out as Partial<T>;
}

export async function listCars(caller: Caller, query: CarListQuery): Promise<{ data: unknown[]; meta: PageMeta }> {
  const parsed = parseCarQuery(query);
  if (!parsed.ok) throw validationError(parsed.errors);
  const storefront = await storefrontFor(caller, parsed.value.customerSubdomain);
  const [index, rates, importable] = await Promise.all([
    currentCatalogue(),
    parsed.value.currency ? rateTable() : undefined,
    parsed.value.importableTo === undefined ? undefined : importableConditions(storefront, parsed.value.importableTo),
  ]);
  if (importable) parsed.value.filter.importable = importable;
  if (parsed.value.updatedSince !== undefined)
    return listChanges(index, await changesOf(index), storefront, rates, parsed.value, parsed.value.updatedSince);
  return runListQuery(index, storefront, rates, parsed.value);
}

/** The row position of car `id` in the index (byId holds positions sorted by id), or undefined. */
function positionOf(index: CatalogueIndex, id: number): number | undefined {
  let low = 0;
  let high = index.size - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const position = index.byId[mid]!;
    const at = index.id[position]!;
    if (at === id) return position;
    if (at < id) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/**
 * `GET /cars?updatedSince=`: the cars whose change reached the list after `since`, oldest change
 * first (then by id), for an integrator mirroring the catalogue. A car for sale comes as in the
 * list; a car gone comes as its id, listing, availability and when it left.
 */
function listChanges(
  index: CatalogueIndex | undefined,
  journal: ChangeJournal,
  storefront: Storefront,
  rates: RateTable | undefined,
  query: ParsedCarQuery,
  since: number,
): { data: unknown[]; meta: PageMeta } {
  const { page, fields, currency, filter } = query;
  const { price, currencyMeta } = pricerWith(storefront, rates, currency);
  const skip = (page.page - 1) * page.limit;
  const data: unknown[] = [];
  let total = 0;
  for (let k = firstAfter(journal, since); k < journal.id.length; k += 1) {
    const id = journal.id[k]!;
    const changedAt = new Date(journal.times[journal.time[k]!]!).toISOString();
    const gone = journal.removed.get(id);
    const shown = (provider: string) =>
      (!storefront.visibility.providers || storefront.visibility.providers.has(provider)) &&
      (!filter.providers || filter.providers.has(provider));
    let item: () => Record<string, unknown>;
    if (gone) {
      if (!shown(gone.provider)) continue;
      item = () => ({ id, ...gone, changedAt });
    } else {
      const position = index && positionOf(index, id);
      if (position === undefined) continue;
      const row = rowAt(index!, position);
      if (!visibleInStorefront(row, storefront.visibility) || !shown(row.provider)) continue;
      item = () => ({ ...price(listView(row)), availability: 'available', changedAt });
    }
    if (total >= skip && data.length < page.limit)
      data.push(project(item(), fields && [...fields, 'availability', 'removedAt', 'changedAt']));
    total += 1;
  }
  return {
    data,
    meta: { ...pageMeta(page.page, page.limit, total), ...(currencyMeta ? { currency: currencyMeta } : {}) },
  };
}

/** The list itself, pure: what a warm container does per request (the benchmark times this). No index: no cars imported yet. */
export function runListQuery(
  index: CatalogueIndex | undefined,
  storefront: Storefront,
  rates: RateTable | undefined,
  query: ParsedCarQuery,
): { data: unknown[]; meta: PageMeta } {
  const { filter, page, fields, currency } = query;
  const { price, currencyMeta } = pricerWith(storefront, rates, currency);
  const { rows, total } = index ? queryIndex(index, filter, storefront.visibility, page) : { rows: [], total: 0 };
  return {
    data: rows.map((row) => project(price(listView(row)), fields)),
    meta: { ...pageMeta(page.page, page.limit, total), ...(currencyMeta ? { currency: currencyMeta } : {}) },
  };
}

/** The storefront's calendar day (its tenant's time zone): the day a car would be ordered. */
const storefrontToday = (storefront: Storefront) =>
  localDay(new Date().toISOString(), tenantTimeZone(storefront.tenant));

/** A destination's rules in force for the storefront's tenant, as conditions on the list (none: the country has no rule). */
async function importableConditions(storefront: Storefront, code: string) {
  const country = countryIn('importableTo', code);
  const rule = await listedRule(storefront.tenant?.id, country);
  return rule && importConditions(rule, storefrontToday(storefront));
}

/** Whether a storefront may see a car; also used by orders to refuse a car the tenant cannot buy. */
export function carVisible(car: Pick<CarRecord, 'provider' | 'published'>, visibility: Visibility): boolean {
  return visibleInStorefront(car, visibility);
}

async function getVisibleCar(
  caller: Caller,
  id: number,
  customerSubdomain?: string,
): Promise<{ car: CarRecord; storefront: Storefront } | undefined> {
  const storefront = await storefrontFor(caller, customerSubdomain);
  const car = await readCar(id);
  if (!car || !carVisible(car, storefront.visibility)) return undefined;
  return { car, storefront };
}

/** One car, priced in ?currency with `meta.currency` saying which rate, or why convertedPrice is null. */
export async function getCar(
  caller: Caller,
  id: number,
  query: { currency?: string; customerSubdomain?: string; importableTo?: string },
) {
  const country = query.importableTo === undefined ? undefined : countryIn('importableTo', query.importableTo);
  const found = await getVisibleCar(caller, id, query.customerSubdomain);
  if (!found) throw notFound('Car');
  const importCheck =
    country === undefined
      ? undefined
      : evaluateImport(
          country,
          await ruleInForce(found.storefront.tenant?.id, country),
          found.car,
          storefrontToday(found.storefront),
        );
  const currency = query.currency?.toUpperCase();
  const { price, currencyMeta } = pricerWith(
    found.storefront,
    currency === undefined ? undefined : await rateTable(),
    currency,
  );
  return {
    data: { ...price(withPictureUrls(carView(found.car))), ...(importCheck ? { importCheck } : {}) },
    ...(currencyMeta ? { meta: { currency: currencyMeta } } : {}),
  };
}

export async function listTrims(
  caller: Caller,
  query: { makeEn: string; modelEn?: string; customerSubdomain?: string },
) {
  const storefront = await storefrontFor(caller, query.customerSubdomain);
  const index = await currentCatalogue();
  return index ? trimsOf(index, query.makeEn, query.modelEn, storefront.visibility) : [];
}
