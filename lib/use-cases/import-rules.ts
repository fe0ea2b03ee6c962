import { envNumber } from '../config.js';
import { DEFAULT_IMPORT_RULES } from '../domain/import-rule-defaults.js';
import type { Caller } from '../domain/caller.js';
import { AppError, invalidField, notFound } from '../domain/errors.js';
import type { ImportRule, ImportRuleText } from '../domain/import-rules.js';
import { actorOf } from '../domain/scope.js';
import { checkExpectedVersion, type ExpectedVersion } from '../domain/versioning.js';
import { ChangeSet } from '../store/change-set.js';
import {
  getStoredImportRule,
  type ImportRuleItem,
  importRuleDeleteItem,
  importRulePutItem,
  listStoredImportRules,
} from '../store/import-rules.js';
import { getTenant } from '../store/tenants.js';
import { isCountryCode } from '../text/countries.js';
import { RETRY, withRetries } from './shared/retry.js';
import { owningTenant } from './shared/tenancy.js';

/*
 * Destinations' import rules (docs/import-rules.md): the default of each country (shipped, or as
 * a platform admin changed it) and a tenant's own versions, which win for that tenant.
 */

/** A country code as given in `field`, upper-cased; 400 naming the field when it names no country. */
export function countryIn(field: string, code: string): string {
  if (!isCountryCode(code))
    throw invalidField(field, `must be an ISO 3166-1 alpha-2 country code, e.g. KW or SA; "${code}" names no country`);
  return code.trim().toUpperCase();
}

const shipped = new Map(DEFAULT_IMPORT_RULES.map((rule) => [rule.country, rule]));

function ruleOf(item: ImportRuleItem): ImportRule {
  const { tenantId, ...rule } = item;
  return { ...rule, origin: tenantId === undefined ? 'default' : 'tenant' };
}

/** The shipped rule of a country, as version 1 of its default. */
const shippedRule = (country: string): ImportRule | undefined => {
  const rule = shipped.get(country);
  return rule && { ...rule, origin: 'default', version: 1 };
};

/** The default of a country: the platform's stored change, else what the service shipped. */
async function defaultRule(country: string, consistent = false): Promise<ImportRule | undefined> {
  const stored = await getStoredImportRule(undefined, country, consistent);
  return stored ? ruleOf(stored) : shippedRule(country);
}

/** The rule in force for a tenant (undefined: the defaults) and a country; undefined when the country has none. */
export async function ruleInForce(
  tenantId: string | undefined,
  country: string,
  consistent = false,
): Promise<ImportRule | undefined> {
  const [own, fallback] = await Promise.all([
    tenantId === undefined ? undefined : getStoredImportRule(tenantId, country, consistent),
    defaultRule(country, consistent),
  ]);
  return own ? ruleOf(own) : fallback;
}

const listed = new Map<string, { rule: Promise<ImportRule | undefined>; at: number }>();

/**
 * The rule the car list applies: read once per CATALOGUE_REFRESH_SECONDS (60 s) per tenant and
 * country, as the list's tenants and rates are, so a warm list makes no DynamoDB round trip. A
 * changed rule reaches the list within that time; the car check and orders read it at once.
 */
export function listedRule(tenantId: string | undefined, country: string, now = Date.now()) {
  const key = `${tenantId ?? ''}|${country}`;
  const hit = listed.get(key);
  if (hit && now - hit.at < envNumber('CATALOGUE_REFRESH_SECONDS', 60) * 1000) return hit.rule;
  const rule = ruleInForce(tenantId, country);
  listed.set(key, { rule, at: now });
  rule.catch(() => listed.delete(key));
  return rule;
}

/** Every rule in force for a tenant (undefined: the defaults), by country. */
async function rulesInForce(tenantId: string | undefined): Promise<ImportRule[]> {
  const [own, defaults] = await Promise.all([
    tenantId === undefined ? [] : listStoredImportRules(tenantId),
    listStoredImportRules(undefined),
  ]);
  const byCountry = new Map<string, ImportRule>();
  for (const country of shipped.keys()) byCountry.set(country, shippedRule(country)!);
  for (const item of [...defaults, ...own]) byCountry.set(item.country, ruleOf(item));
  return [...byCountry.values()].sort((a, b) => a.country.localeCompare(b.country));
}

/** The tenant whose rules a request reads or writes: a tenant key's own, or the one a platform key names (none: the defaults). */
async function tenantOf(caller: Caller, requested: string | undefined): Promise<string | undefined> {
  const tenantId = owningTenant(caller, requested);
  if (caller.tenantId === undefined && tenantId !== undefined && !(await getTenant(tenantId)))
    throw notFound('Tenant', 'tenantId');
  return tenantId;
}

export async function listImportRules(caller: Caller, requested?: string): Promise<ImportRule[]> {
  return rulesInForce(await tenantOf(caller, requested));
}

export async function readImportRule(caller: Caller, code: string, requested?: string): Promise<ImportRule> {
  const country = countryIn('country', code);
  const rule = await ruleInForce(await tenantOf(caller, requested), country);
  if (!rule)
    throw new AppError('NOT_FOUND', `${country} has no import rule: no car is refused for it`, [
      { field: 'country', message: 'has no import rule; GET /import-rules lists the countries that have one' },
    ]);
  return rule;
}

/** Limits that contradict each other, which no schema states. */
function checkText(text: ImportRuleText): void {
  const { minCc, maxCc } = text.engine ?? {};
  if (minCc !== undefined && maxCc !== undefined && minCc > maxCc)
    throw invalidField('engine.maxCc', `must be at least engine.minCc (${minCc}), e.g. ${Math.max(minCc, 2000)}`);
}

/**
 * PUT /import-rules/{country}: the tenant's own version (tenant admin, or a platform admin naming
 * the tenant), or the default (a platform admin naming none). Checked against the version of the
 * rule in force that the caller read, written one version on, audited.
 */
export async function writeImportRule(
  caller: Caller,
  code: string,
  text: ImportRuleText,
  expected: ExpectedVersion | undefined,
  requested?: string,
): Promise<ImportRule> {
  const country = countryIn('country', code);
  checkText(text);
  const tenantId = await tenantOf(caller, requested);
  return withRetries(async () => {
    const [stored, inForce] = await Promise.all([
      getStoredImportRule(tenantId, country, true),
      ruleInForce(tenantId, country, true),
    ]);
    checkExpectedVersion(expected, inForce?.version ?? 0, 'import rule');
    const changes = new ChangeSet(caller);
    const next: ImportRuleItem = {
      ...(tenantId === undefined ? {} : { tenantId }),
      country,
      ...text,
      version: (inForce?.version ?? 0) + 1,
      updatedAt: changes.at,
      updatedBy: actorOf(caller),
    };
    changes.write(importRulePutItem(next, stored?.version));
    changes.audit({
      entity: 'importRule',
      // Lower case: audit ids are filtered as lower-case ids (GET /audit?entity=importRule&id=kw).
      entityId: country.toLowerCase(),
      tenantId,
      action: tenantId === undefined ? 'default-set' : 'set',
      before: inForce ?? {},
      after: next,
    });
    return (await changes.commit()).ok ? ruleOf(next) : RETRY;
  });
}

/** DELETE /import-rules/{country}: the tenant's own version goes, and the default (if any) is in force again. */
export async function dropImportRule(
  caller: Caller,
  code: string,
  expected: ExpectedVersion | undefined,
  requested?: string,
): Promise<ImportRule | { country: string; origin: 'none' }> {
  const country = countryIn('country', code);
  const tenantId = await tenantOf(caller, requested);
  if (tenantId === undefined)
    throw invalidField(
      'tenantId',
      'is required with a platform key: defaults are changed with PUT, never deleted; name the tenant whose own rule goes',
    );
  return withRetries(async () => {
    const own = await getStoredImportRule(tenantId, country, true);
    if (!own) throw notFound(`Tenant's own import rule for ${country}`, 'country');
    checkExpectedVersion(expected, own.version, 'import rule');
    const changes = new ChangeSet(caller);
    changes.write(importRuleDeleteItem(own));
    const fallback = await defaultRule(country, true);
    changes.audit({
      entity: 'importRule',
      // Lower case: audit ids are filtered as lower-case ids (GET /audit?entity=importRule&id=kw).
      entityId: country.toLowerCase(),
      tenantId,
      action: 'deleted',
      before: own,
      after: fallback ?? {},
    });
    if (!(await changes.commit()).ok) return RETRY;
    return fallback ?? { country, origin: 'none' as const };
  });
}
