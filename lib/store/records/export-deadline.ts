import { type Static, Type } from '@sinclair/typebox';
import { ExportDeadline } from '../../schemas/export.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/**
 * An open export deadline of an order, in its tenant's index (soonest first), written and removed
 * with the order's export changes: the deadline as `GET /export-deadlines` shows it (kind, due,
 * order id and number, remindedAt once operations were told by chat), and what the reminder needs.
 */
export const DeadlineRecord = Type.Composite([
  ExportDeadline,
  Type.Object({
    tenantId: Type.Optional(Type.String()),
    /** The car, in words, for the reminder. */
    car: Type.Optional(Type.String()),
  }),
]);
export type DeadlineRecord = Static<typeof DeadlineRecord>;
export const exportDeadlineCodec = recordCodec('export deadline', DeadlineRecord);

/** A tenant's open export deadlines, soonest first (written and removed with the order's export changes). */
export const exportDeadlines = (tenantId: string | undefined) => `DEADLINES#${tenantPart(tenantId)}`;
export const exportDeadline = (tenantId: string | undefined, due: string, orderId: string, kind: string) => ({
  pk: `DEADLINES#${tenantPart(tenantId)}`,
  sk: `${due}#${orderId}#${kind}`,
});
