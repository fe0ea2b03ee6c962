import type { Caller } from '../domain/caller.js';
import { forbidden } from '../domain/errors.js';

/** The tenant a new record belongs to: the key's own, or (platform keys only) the one named. */
export function owningTenant(caller: Caller, requested: string | undefined): string | undefined {
  if (caller.tenantId === undefined) return requested;
  if (requested !== undefined && requested !== caller.tenantId) throw forbidden('tenantId is set from your API key and cannot name another tenant');
  return caller.tenantId;
}
