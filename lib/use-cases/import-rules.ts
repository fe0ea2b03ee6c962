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
} from '../store/import-rules.js';
import { getTenant } from '../store/tenants.js';
import { countryIn, defaultRule, ruleInForce, ruleOf, rulesInForce } from './import-rules-in-force.js';
import { RETRY, withRetries } from './shared/retry.js';
import { owningTenant } from './shared/tenancy.js';

/* The import rules' own routes: read them, set a tenant's own or a default, drop a tenant's own (docs/import-rules.md). */

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
