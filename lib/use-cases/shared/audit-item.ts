import type { Caller } from '../../domain/caller.js';
import { auditChangeItem, type AuditedChange as Change } from '../../store/audit-trail.js';
import type { TransactItem } from '../../store/transact.js';

/** The audit record of one change by this caller, as an item of the transaction that makes it (a ChangeSet's `audit` does this for its use cases). */
export const auditItem = (caller: Caller, change: Change, at = new Date().toISOString()): TransactItem =>
  auditChangeItem(caller, change, at);
