import * as Type from '@sinclair/typebox';
import { DateTime } from './common.js';

export const BillingType = Type.Union([Type.Literal('invoice'), Type.Literal('receipt')]);

export const BillingEntry = Type.Object(
  {
    id: Type.String(),
    orderId: Type.String(),
    orderNumber: Type.Optional(
      Type.Integer({
        description: "the order's number (entries recorded before it was kept may lack it)",
        examples: [1042],
      }),
    ),
    customerName: Type.Optional(
      Type.String({
        description: "the order's customer's name when the entry was recorded (older entries may lack it)",
      }),
    ),
    type: BillingType,
    status: Type.Union([Type.Literal('Pending'), Type.Literal('Confirmed')]),
    amount: Type.Number(),
    currency: Type.String(),
    description: Type.String(),
    items: Type.Array(Type.Object({ type: Type.String(), description: Type.String(), amount: Type.Number() })),
    receiptFileUrl: Type.Union([Type.String(), Type.Null()]),
    invoiceNumber: Type.Optional(Type.String()),
    recordedBy: Type.Optional(Type.String({ description: 'user id (or key id) that recorded the entry' })),
    confirmedAt: Type.Optional(DateTime),
    confirmedBy: Type.Optional(Type.String({ description: 'user id (or key id) that confirmed it' })),
    confirmedByRole: Type.Optional(Type.String()),
    confirmedByKeyId: Type.Optional(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'BillingEntry' },
);
