import * as Type from '@sinclair/typebox';
import { AuditRecord as AuditRecordView } from '../../schemas/audit.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

const view = AuditRecordView.properties;

/**
 * An audit record as stored: the AuditRecord of lib/domain/audit.ts, whose fields the API answers
 * as they are (lib/schemas/audit.ts), except that the audited entity is kept as `auditEntity`
 * (`entity` marks every item's type in this table) and `at` is a plain string here: the API's
 * date-time format is checked only by the validators the build compiles, and this check knows no
 * formats (it would refuse every item).
 */
const StoredAuditRecord = Type.Object({
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
export const auditRecordCodec = recordCodec('audit record', StoredAuditRecord);

/** The audit trail: a tenant's records newest first; GSI1 holds one record's trail. */
export const auditPartition = (tenantId: string | undefined) => `AUDIT#${tenantPart(tenantId)}`;
export const auditRecord = (tenantId: string | undefined, at: string, id: string) => ({ pk: `AUDIT#${tenantPart(tenantId)}`, sk: `${at}#${id}` });
export const auditOfEntityPartition = (tenantId: string | undefined, entity: string, entityId: string) => `AUDIT#${tenantPart(tenantId)}#${entity}#${entityId}`;
export const auditOfEntity = (tenantId: string | undefined, entity: string, entityId: string, at: string, id: string) => ({
  gsi1pk: `AUDIT#${tenantPart(tenantId)}#${entity}#${entityId}`,
  gsi1sk: `${at}#${id}`,
});
/** Audit sort keys between two instants (UTC ISO), inclusive. */
export const auditBetween = (from: string | undefined, to: string | undefined) => ({ from: from ?? '0', to: `${to ?? '9999'}~` });
