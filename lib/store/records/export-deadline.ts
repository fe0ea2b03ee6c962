import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type { DeadlineRecord as DeadlineRecordSchema } from './export-deadline.schema.js';

/** An open export deadline of an order in its tenant's index: the deadline as `GET /export-deadlines` shows it, with its tenant. */
export type DeadlineRecord = Static<typeof DeadlineRecordSchema>;
export const exportDeadlineCodec = /* @__PURE__ */ recordCodec('export deadline', stored.DeadlineRecord);

/** A tenant's open export deadlines, soonest first (written and removed with the order's export changes). */
export const exportDeadlines = (tenantId: string | undefined) => `DEADLINES#${tenantPart(tenantId)}`;
export const exportDeadline = (tenantId: string | undefined, due: string, orderId: string, kind: string) => ({
  pk: `DEADLINES#${tenantPart(tenantId)}`,
  sk: `${due}#${orderId}#${kind}`,
});
