import * as Type from '@sinclair/typebox';
import { AuditRecord as AuditRecordView } from '../../schemas/audit-trail.js';

const view = AuditRecordView.properties;

/**
 * An audit record as stored: the AuditRecord of lib/domain/audit-record.ts, whose fields the API answers
 * as they are (lib/schemas/audit-trail.ts), except that the audited entity is kept as `auditEntity`
 * (`entity` marks every item's type in this table) and `at` is a plain string here: the API's
 * date-time format is checked only by the validators the build compiles, and this check knows no
 * formats (it would refuse every item).
 */
export const StoredAuditRecord = Type.Object({
  id: view.id,
  tenantId: view.tenantId,
  at: Type.String(),
  /** Who acted: key, user, role. */
  actor: view.actor,
  requestId: view.requestId,
  /** The audited entity (AuditRecord's `entity`). */
  auditEntity: view.entity,
  entityId: view.entityId,
  action: view.action,
  /** The top-level fields that differ, with both values. */
  changes: view.changes,
});
