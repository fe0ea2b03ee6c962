import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type {
  BillingEntryRecord as BillingEntrySchema,
  ContractRecord as ContractSchema,
  InspectionRecord as InspectionSchema,
} from './order-children.schema.js';

/** A billing entry (invoice or receipt) as GET /billing/{id} shows it, with its scope. */
export type BillingEntryRecord = Static<typeof BillingEntrySchema>;
/** A contract as GET /contracts/{id} shows it, with its scope and what sending it recorded. */
export type ContractRecord = Static<typeof ContractSchema>;
/** An inspection as GET /inspections/{id} shows it, with its scope and when it was completed. */
export type InspectionRecord = Static<typeof InspectionSchema>;

/** The records hung on an order, by the kind in their sort key. */
export interface ChildRecords {
  BILLING: BillingEntryRecord;
  CONTRACT: ContractRecord;
  INSPECTION: InspectionRecord;
}
export type ChildKind = keyof ChildRecords;

export const childCodecs = {
  BILLING: /* @__PURE__ */ recordCodec('billing entry', stored.BillingEntryRecord),
  CONTRACT: /* @__PURE__ */ recordCodec('contract', stored.ContractRecord),
  INSPECTION: /* @__PURE__ */ recordCodec('inspection', stored.InspectionRecord),
};

/** The small item that finds a child by its own id: the order it is hung on. */
export const childReferenceCodec = /* @__PURE__ */ recordCodec('order child reference', stored.ChildReferenceRecord);

/** Billing entries, contracts and inspections live in their order's partition. */
export const orderChild = (kind: ChildKind, orderId: string, id: string) => ({
  pk: `ORDER#${orderId}`,
  sk: `${kind}#${id}`,
});
/** Find one of them by its own id: a reference item naming its order (strongly consistent, unlike a GSI). */
export const childReference = (kind: ChildKind, id: string) => ({ pk: `${kind}#${id}`, sk: 'REF' });
