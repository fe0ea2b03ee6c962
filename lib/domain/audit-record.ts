/**
 * The audit trail's rules, pure: what an audit record says and how a change is described.
 * Records are immutable; they name who acted (key, user, role), what changed (entity, id, action,
 * the fields before and after), when, and in which request.
 */
export const AUDIT_ENTITIES = [
  'order',
  'billing',
  'contract',
  'inspection',
  'wallet',
  'customer',
  'user',
  'apiKey',
  'tenant',
  'webhookEndpoint',
  'importRule',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

interface AuditActor {
  keyId: string;
  userId?: string;
  role: string;
}

export type FieldChanges = Record<string, { before?: unknown; after?: unknown }>;

export interface AuditRecord {
  id: string;
  tenantId?: string;
  at: string;
  actor: AuditActor;
  requestId?: string;
  entity: AuditEntity;
  entityId: string;
  action: string;
  changes: FieldChanges;
}

/** Fields that never enter the trail: secrets, and bookkeeping every write changes anyway. */
const NEVER_RECORDED = new Set(['hash', 'key', 'plainKey', 'accessToken', 'updatedAt', 'leaseToken']);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The top-level fields that differ between two states of a record, with both values. A record
 * that did not exist before (undefined) shows every field as added.
 */
export function changesBetween(before: object | undefined, after: object | undefined): FieldChanges {
  const was = (before ?? {}) as Record<string, unknown>;
  const is = (after ?? {}) as Record<string, unknown>;
  const changes: FieldChanges = {};
  for (const field of new Set([...Object.keys(was), ...Object.keys(is)])) {
    if (NEVER_RECORDED.has(field) || same(was[field], is[field])) continue;
    changes[field] = {
      ...(was[field] === undefined ? {} : { before: was[field] }),
      ...(is[field] === undefined ? {} : { after: is[field] }),
    };
  }
  return changes;
}
