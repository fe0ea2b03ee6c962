import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/** An audit record as stored (lib/store/records/schemas/audit-trail.ts): the audited entity as `auditEntity`. */
export const auditRecordCodec = /* @__PURE__ */ recordCodec('audit record', stored.StoredAuditRecord);

/** The audit trail: a tenant's records newest first; GSI1 holds one record's trail. */
export const auditPartition = (tenantId: string | undefined) => `AUDIT#${tenantPart(tenantId)}`;
export const auditRecord = (tenantId: string | undefined, at: string, id: string) => ({
  pk: `AUDIT#${tenantPart(tenantId)}`,
  sk: `${at}#${id}`,
});
export const auditOfEntityPartition = (tenantId: string | undefined, entity: string, entityId: string) =>
  `AUDIT#${tenantPart(tenantId)}#${entity}#${entityId}`;
export const auditOfEntity = (
  tenantId: string | undefined,
  entity: string,
  entityId: string,
  at: string,
  id: string,
) => ({
  gsi1pk: `AUDIT#${tenantPart(tenantId)}#${entity}#${entityId}`,
  gsi1sk: `${at}#${id}`,
});
/** Audit sort keys between two instants (UTC ISO), inclusive. */
export const auditBetween = (from: string | undefined, to: string | undefined) => ({
  from: from ?? '0',
  to: `${to ?? '9999'}~`,
});
