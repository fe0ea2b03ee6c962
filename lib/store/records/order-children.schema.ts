import * as Type from '@sinclair/typebox';
import { BillingEntry } from '../../schemas/billing-shapes.js';
import { Contract } from '../../schemas/contract-shapes.js';
import { Inspection } from '../../schemas/inspection-shapes.js';
import { asStored } from './as-stored.js';

/** What every record hung on an order carries besides the API's fields, so its scope can be checked without the order. */
const Scope = { tenantId: Type.Optional(Type.String()), marketerId: Type.Optional(Type.String()) };

/** A billing entry (invoice or receipt) as GET /billing/{id} shows it, with its scope. */
export const BillingEntryRecord = Type.Composite([asStored(BillingEntry), Type.Object(Scope)]);

/**
 * A contract as GET /contracts/{id} shows it, with its scope and what sending it recorded (the
 * chat message's id, the signing link). Contracts written before versions were kept have none:
 * they count as version 1.
 */
export const ContractRecord = Type.Composite([
  Type.Omit(asStored(Contract), ['version']),
  Type.Object({
    ...Scope,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    messageId: Type.Optional(Type.String()),
    signingLink: Type.Optional(Type.String()),
  }),
]);

/** An inspection as GET /inspections/{id} shows it, with its scope and when it was completed. */
export const InspectionRecord = Type.Composite([
  asStored(Type.Omit(Inspection, ['allowedStatusTransitions'])),
  Type.Object({ ...Scope, completedAt: Type.Optional(Type.String()) }),
]);

/** The small item that finds a child by its own id: the order it is hung on. */
export const ChildReferenceRecord = Type.Object({ orderId: Type.String() });
