import type { Caller } from '../../domain/caller.js';
import { forbidden } from '../../domain/errors.js';
import { localDay, tenantTimeZone } from '../../domain/time-zone.js';
import { getTenant } from '../../store/tenants.js';

/** The tenant a new record belongs to: the key's own, or (platform keys only) the one named. */
export function owningTenant(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.tenantId === undefined) return requested;
  if (requested !== undefined && requested !== caller.tenantId)
    throw forbidden('tenantId is set from your API key and cannot name another tenant');
  return caller.tenantId;
}

/** The time zone of the tenant's days (UTC for platform records): one read of the tenant. */
export async function tenantZone(tenantId: string | undefined): Promise<string> {
  return tenantTimeZone(tenantId === undefined ? undefined : await getTenant(tenantId));
}

/** The calendar day `now` falls on for the tenant (its time zone; UTC for platform records). */
export async function tenantToday(tenantId: string | undefined, now: string): Promise<string> {
  return localDay(now, await tenantZone(tenantId));
}
