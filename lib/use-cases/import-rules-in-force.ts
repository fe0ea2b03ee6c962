import { envNumber } from '../config.js';
import { invalidField } from '../domain/errors.js';
import type { ImportRule } from '../domain/import-rules.js';
import { getStoredImportRule, type ImportRuleItem, listStoredImportRules } from '../store/import-rules.js';
import { type ShippedImportRule, shippedImportRules } from '../store/shipped-import-rules.js';
import { isCountryCode } from '../text/countries.js';

/*
 * The import rules in force (docs/import-rules.md): the default of each country (shipped, or as a
 * platform admin changed it) and a tenant's own versions, which win for that tenant. What the car
 * list, the car check and orders read; the rules' own routes write them (import-rules.ts).
 */

/** A country code as given in `field`, upper-cased; 400 naming the field when it names no country. */
export function countryIn(field: string, code: string): string {
  if (!isCountryCode(code))
    throw invalidField(field, `must be an ISO 3166-1 alpha-2 country code, e.g. KW or SA; "${code}" names no country`);
  return code.trim().toUpperCase();
}

let shippedByCountry: Map<string, ShippedImportRule> | undefined;
const shipped = () => (shippedByCountry ??= new Map(shippedImportRules().map((rule) => [rule.country, rule])));

export function ruleOf(item: ImportRuleItem): ImportRule {
  const { tenantId, ...rule } = item;
  return { ...rule, origin: tenantId === undefined ? 'default' : 'tenant' };
}

/** The shipped rule of a country, as version 1 of its default. */
const shippedRule = (country: string): ImportRule | undefined => {
  const rule = shipped().get(country);
  return rule && { ...rule, origin: 'default', version: 1 };
};

/** The default of a country: the platform's stored change, else what the service shipped. */
export async function defaultRule(country: string, consistent = false): Promise<ImportRule | undefined> {
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
export async function rulesInForce(tenantId: string | undefined): Promise<ImportRule[]> {
  const [own, defaults] = await Promise.all([
    tenantId === undefined ? [] : listStoredImportRules(tenantId),
    listStoredImportRules(undefined),
  ]);
  const byCountry = new Map<string, ImportRule>();
  for (const country of shipped().keys()) byCountry.set(country, shippedRule(country)!);
  for (const item of [...defaults, ...own]) byCountry.set(item.country, ruleOf(item));
  return [...byCountry.values()].sort((a, b) => a.country.localeCompare(b.country));
}
