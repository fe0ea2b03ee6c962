import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { BillingEntry } from '../../schemas/billing-shapes.js';
import { Contract } from '../../schemas/contract-shapes.js';
import { Inspection } from '../../schemas/inspection-shapes.js';
import { recordCodec } from '../record.js';
import { asStored } from './as-stored.js';

/** What every record hung on an order carries besides the API's fields, so its scope can be checked without the order. */
const Scope = { tenantId: Type.Optional(Type.String()), marketerId: Type.Optional(Type.String()) };

/** A billing entry (invoice or receipt) as GET /billing/{id} shows it, with its scope. */
const BillingEntryRecord = Type.Composite([asStored(BillingEntry), Type.Object(Scope)]);
export type BillingEntryRecord = Static<typeof BillingEntryRecord>;

/**
 * A contract as GET /contracts/{id} shows it, with its scope and what sending it recorded (the
 * chat message's id, the signing link). Contracts written before versions were kept have none:
 * they count as version 1.
 */
const ContractRecord = Type.Composite([
  Type.Omit(asStored(Contract), ['version']),
  Type.Object({
    ...Scope,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    messageId: Type.Optional(Type.String()),
    signingLink: Type.Optional(Type.String()),
  }),
]);
export type ContractRecord = Static<typeof ContractRecord>;

/** An inspection as GET /inspections/{id} shows it, with its scope and when it was completed. */
const InspectionRecord = Type.Composite([asStored(Inspection), Type.Object({ ...Scope, completedAt: Type.Optional(Type.String()) })]);
export type InspectionRecord = Static<typeof InspectionRecord>;

/** The records hung on an order, by the kind in their sort key. */
export interface ChildRecords {
  BILLING: BillingEntryRecord;
  CONTRACT: ContractRecord;
  INSPECTION: InspectionRecord;
}
export type ChildKind = keyof ChildRecords;

export const childCodecs = {
  BILLING: recordCodec('billing entry', BillingEntryRecord),
  CONTRACT: recordCodec('contract', ContractRecord),
  INSPECTION: recordCodec('inspection', InspectionRecord),
};

/** The small item that finds a child by its own id: the order it is hung on. */
export const childReferenceCodec = recordCodec('order child reference', Type.Object({ orderId: Type.String() }));

/** Billing entries, contracts and inspections live in their order's partition. */
export const orderChild = (kind: ChildKind, orderId: string, id: string) => ({ pk: `ORDER#${orderId}`, sk: `${kind}#${id}` });
/** Find one of them by its own id: a reference item naming its order (strongly consistent, unlike a GSI). */
export const childReference = (kind: ChildKind, id: string) => ({ pk: `${kind}#${id}`, sk: 'REF' });
