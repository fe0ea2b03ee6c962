import type { AuditEntity } from '../../domain/audit.js';
import { changesBetween } from '../../domain/audit.js';
import type { Caller } from '../../domain/caller.js';
import { newId } from '../../domain/ids.js';
import { auditPutItem } from '../../store/audit.js';
import type { TransactItem } from '../../store/transact.js';

export interface Change {
  entity: AuditEntity;
  entityId: string;
  /** The tenant whose trail records it (the record's own tenant). */
  tenantId: string | undefined;
  action: string;
  before?: object;
  after?: object;
}

/** The audit record of one change by this caller, as an item of the transaction that makes it. */
export function auditItem(caller: Caller, change: Change, at = new Date().toISOString()): TransactItem {
  return auditPutItem({
    id: newId(),
    tenantId: change.tenantId,
    at,
    actor: { keyId: caller.keyId, role: caller.role, ...(caller.userId ? { userId: caller.userId } : {}) },
    ...(caller.requestId ? { requestId: caller.requestId } : {}),
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    changes: changesBetween(change.before, change.after),
  });
}
