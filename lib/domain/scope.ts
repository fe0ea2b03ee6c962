import type { Caller } from './caller.js';

/**
 * Whose records a request may read or change. Platform staff (no tenant) see every tenant; a
 * tenant key sees its tenant; a marketer key sees only its own orders and their records, and the
 * customers it created or has orders for. Repositories take a Scope and apply it themselves, so
 * a record outside it is simply not found.
 */
export interface Scope {
  tenantId?: string;
  /** Set for marketer keys: only records of this marketer. */
  marketerId?: string;
}

/** The outbox consumer and staff tools act for the platform. */
export const PLATFORM_SCOPE: Scope = {};

/** A marketer key without a user id matches no marketer at all. */
const NO_MARKETER = '-';

export function scopeOf(caller: Pick<Caller, 'tenantId' | 'role' | 'userId'>): Scope {
  return {
    ...(caller.tenantId === undefined ? {} : { tenantId: caller.tenantId }),
    ...(caller.role === 'marketer' ? { marketerId: caller.userId ?? NO_MARKETER } : {}),
  };
}

export const tenantInScope = (recordTenant: string | undefined, scope: Scope): boolean =>
  scope.tenantId === undefined || recordTenant === scope.tenantId;

/** An order, or a record hung on it (they carry the order's tenantId and marketerId). */
export const orderInScope = (record: { tenantId?: string; marketerId?: string }, scope: Scope): boolean =>
  tenantInScope(record.tenantId, scope) && (scope.marketerId === undefined || record.marketerId === scope.marketerId);

/** Who acted, as one identity: the staff user when the key has one, else the key itself. */
export const actorOf = (caller: Pick<Caller, 'userId' | 'keyId'>): string => caller.userId ?? caller.keyId;
