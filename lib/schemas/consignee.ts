import * as Type from '@sinclair/typebox';
import { IdParams } from './common.js';
import { ConsigneeFields, Courier } from './consignee-shapes.js';
import { Day } from './export-shapes.js';
import { OptionalVersion, Order } from './order-shapes.js';
import { defineRoute } from './route.js';

export const setOrderConsignee = defineRoute({
  id: 'setOrderConsignee',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'PRECONDITION_FAILED'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/consignee',
  tag: 'Orders',
  summary: 'Record who the car is consigned to (the bill of lading, the commercial invoice and the proforma name them)',
  description:
    "Replaces the consignee, the buyer's own or staff's, with `givenBy: staff`. The buyer gives it on their page (/track/{token}) until the bill of lading is recorded; staff may correct it after that too. The commercial invoice and the proforma name the consignee as the buyer unless the customs invoice names its own buyerName. Audited, raises the order's version, and emits order.updated. Send the version you read (body or If-Match).",
  status: 200,
  roles: ['operations', 'marketer', 'accountant'],
  params: IdParams,
  body: Type.Object(
    { ...ConsigneeFields, version: OptionalVersion },
    {
      additionalProperties: false,
      examples: [
        {
          name: 'Al Noor Trading LLC',
          address: 'Office 12, Al Quoz Industrial Area 3',
          city: 'Dubai',
          country: 'United Arab Emirates',
          phone: '+971501234567',
          idNumber: 'TL-1048833',
          notifyParty: 'Al Futtaim Logistics, Jebel Ali Free Zone',
          version: 12,
        },
      ],
    },
  ),
  response: Order,
});

export const setDocumentCourier = defineRoute({
  id: 'setDocumentCourier',
  errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'PRECONDITION_FAILED', 'INVALID_STATE'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PUT',
  path: '/api/v1/orders/{id}/document-courier',
  tag: 'Export',
  summary: "Record how the original papers travel to the buyer: a courier's parcel, or a telex release",
  description:
    "Either `carrier`, `trackingNumber` and `sentAt` (the day the parcel left), or `telexRelease: true` when the carrier releases the car without original papers. Once the bill of lading is recorded (409 INVALID_STATE before). The buyer's page shows it under the papers, with a link to the courier's own tracking page (none for `other`). Recording it again replaces it. Audited, raises the order's version, and emits order.updated.",
  status: 200,
  roles: ['operations'],
  params: IdParams,
  body: Type.Object(
    {
      carrier: Type.Optional(Courier),
      trackingNumber: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 40,
          pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$',
          description: "the courier's tracking (waybill) number",
          examples: ['1234567890'],
        }),
      ),
      sentAt: Type.Optional(Type.String({ ...Day, description: 'the day the parcel was sent, YYYY-MM-DD' })),
      telexRelease: Type.Optional(
        Type.Literal(true, {
          description: 'the carrier releases the car by telex: the buyer has no original papers to wait for',
        }),
      ),
      version: OptionalVersion,
    },
    {
      additionalProperties: false,
      examples: [{ carrier: 'DHL', trackingNumber: '1234567890', sentAt: '2026-11-28', version: 14 }],
    },
  ),
  response: Order,
});
