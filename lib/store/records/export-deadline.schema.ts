import * as Type from '@sinclair/typebox';

/**
 * An open export deadline of an order, in its tenant's index (soonest first), written and removed
 * with the order's export changes: the deadline as `GET /export-deadlines` shows it
 * (lib/schemas/export.ts ExportDeadline; tests/unit/records-messaging.test.ts holds the two to one
 * shape, written here so that reading deadlines does not load the routes' schemas), with its
 * tenant and what the reminder needs.
 */
export const DeadlineRecord = Type.Object({
  tenantId: Type.Optional(Type.String()),
  orderId: Type.String(),
  orderNumber: Type.Integer(),
  /** `load-by`: loading within 30 days of the export declaration; `completion-report`: 12 months after deregistration. */
  kind: Type.Union([Type.Literal('load-by'), Type.Literal('completion-report')]),
  /** The day it falls due (YYYY-MM-DD). */
  due: Type.String(),
  /** The car, in words, for the reminder. */
  car: Type.Optional(Type.String()),
  /** When operations were told by chat. */
  remindedAt: Type.Optional(Type.String()),
});
