import type { Caller } from '../domain/caller.js';
import { forbidden, notFound } from '../domain/errors.js';
import { getTenant, moveTenantSubdomain, type Tenant } from '../store/tenants.js';
import { auditItem } from './shared/audit-item.js';

/**
 * A platform admin gives a tenant another subdomain (its storefront's address) and so frees the old
 * one, which another tenant may then take: for a tenant that renamed itself, or one that took
 * another's name by mistake. Recorded on the tenant's audit trail.
 */
export async function changeTenantSubdomain(
  caller: Caller,
  tenantId: string,
  subdomain: string,
): Promise<{ tenant: Tenant; released: string | undefined }> {
  if (caller.tenantId !== undefined || caller.role !== 'admin')
    throw forbidden("Only a platform admin may change a tenant's subdomain");
  const tenant = await getTenant(tenantId);
  if (!tenant) throw notFound('Tenant');
  const next = subdomain.toLowerCase();
  if (next === tenant.subdomain) return { tenant, released: undefined };
  const audit = auditItem(caller, {
    entity: 'tenant',
    entityId: tenant.id,
    tenantId: tenant.id,
    action: 'subdomain-changed',
    before: { subdomain: tenant.subdomain },
    after: { subdomain: next },
  });
  return { tenant: await moveTenantSubdomain(tenant, next, audit), released: tenant.subdomain };
}
