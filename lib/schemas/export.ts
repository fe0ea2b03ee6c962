import * as Type from '@sinclair/typebox';
import { EXPORT_STEPS } from '../domain/export-steps.js';
import { SHIPPING_METHODS } from '../domain/shipment.js';
import { Id, Url, Version } from './common.js';
import { Day } from './export-shapes.js';
import { Order } from './orders.js';
import { defineRoute } from './route.js';

const OptionalVersion = Type.Optional(
  Type.Integer({
    ...Version,
    description:
      "the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead",
  }),
);
const Text = (maxLength: number, description: string | undefined, example: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}), examples: [example] });

export const recordExportStep = defineRoute({
  id: 'recordExportStep',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PUT',
  path: '/api/v1/orders/{id}/export-steps/{step}',
  tag: 'Export',
  summary:
    'Record an export step of a purchased order: deregistration, bonded-area entry, export declaration, completion report',
  description:
    'In this order, each after the one before: `deregistration` (date, the certificate as documentUrl; the completion report falls due 12 months later), `bonded-area` (date, location), `export-declaration` (acceptance date, number; the car must be loaded within 30 days), all while the order is Purchased; then `completion-report` (filed date) once it is Shipped. Recording a step again corrects it. Each is kept in the order history and the audit trail, and raises the order version. A step out of turn answers 409 INVALID_STATE.',
  status: 200,
  roles: ['operations'],
  params: Type.Object(
    { id: Id, step: Type.Union(EXPORT_STEPS.map((s) => Type.Literal(s))) },
    { additionalProperties: false },
  ),
  body: Type.Object(
    {
      date: Day,
      documentUrl: Type.Optional(Url),
      number: Type.Optional(Text(60, 'the export declaration number (export-declaration only)', '12345-26-0001234X')),
      location: Type.Optional(Text(200, 'the bonded area (bonded-area only)', 'Incheon Port bonded area')),
      version: OptionalVersion,
    },
    {
      additionalProperties: false,
      examples: [{ date: '2026-11-20', documentUrl: 'https://files.example.com/dereg-1042.pdf' }],
    },
  ),
  response: Order,
});

export const updateShipment = defineRoute({
  id: 'updateShipment',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'order', ifMatch: 'optional' },
  folder: 'orders',
  method: 'PATCH',
  path: '/api/v1/orders/{id}/shipment',
  tag: 'Export',
  summary:
    "Record or update the order's shipment: booking, vessel or container, ports, ETD/ETA, ATD/ATA, bill of lading",
  description:
    'Fields given are set, the rest kept. A new shipment needs method, bookingNumber, carrier, portOfLoading and portOfDischarge; containerNumber and sealNumber only for a container. atd needs the bill of lading (number and file); ata needs atd. The customer is told on WhatsApp at booking, at departure (with the ETA) and at arrival. Moving to Shipped needs the bill of lading and the customs invoice; Delivered needs ata. Only while the order is Purchased or Shipped.',
  status: 200,
  roles: ['operations'],
  params: Type.Object({ id: Id }, { additionalProperties: false }),
  body: Type.Object(
    {
      method: Type.Optional(Type.Union(SHIPPING_METHODS.map((m) => Type.Literal(m)))),
      bookingNumber: Type.Optional(Text(60, undefined, 'INCA12345600')),
      carrier: Type.Optional(Text(120, undefined, 'HMM')),
      vessel: Type.Optional(Text(120, undefined, 'HMM Algeciras')),
      voyage: Type.Optional(Text(40, undefined, '012W')),
      containerNumber: Type.Optional(
        Type.String({
          pattern: '^[A-Z]{4}\\d{7}$',
          description: 'ISO 6346, with its check digit verified, e.g. MSCU1234566',
          examples: ['MSCU1234566'],
        }),
      ),
      sealNumber: Type.Optional(Text(40, undefined, 'SL123456')),
      portOfLoading: Type.Optional(Text(80, 'e.g. KRINC (Incheon)', 'KRINC')),
      portOfDischarge: Type.Optional(Text(80, 'e.g. AEJEA (Jebel Ali)', 'AEJEA')),
      etd: Type.Optional(Day),
      eta: Type.Optional(Day),
      atd: Type.Optional(Day),
      ata: Type.Optional(Day),
      billOfLadingNumber: Type.Optional(Text(60, undefined, 'HDMUINC1234567')),
      billOfLadingUrl: Type.Optional(Url),
      version: OptionalVersion,
    },
    {
      additionalProperties: false,
      minProperties: 1,
      examples: [
        {
          method: 'roro',
          bookingNumber: 'BK-55121',
          carrier: 'Hyundai Glovis',
          vessel: 'Glovis Sirius',
          voyage: '031W',
          portOfLoading: 'KRPTK',
          portOfDischarge: 'AEJEA',
          etd: '2026-12-02',
          eta: '2026-12-24',
        },
      ],
    },
  ),
  response: Order,
});

export const ExportDeadline = Type.Object(
  {
    orderId: Type.String(),
    orderNumber: Type.Integer(),
    kind: Type.Union([Type.Literal('load-by'), Type.Literal('completion-report')], {
      description:
        '`load-by`: loading within 30 days of the export declaration; `completion-report`: 12 months after deregistration',
    }),
    due: Type.String(),
    remindedAt: Type.Optional(Type.String({ description: 'when operations were told by chat' })),
  },
  { title: 'ExportDeadline' },
);

export const listExportDeadlines = defineRoute({
  id: 'listExportDeadlines',
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/export-deadlines',
  tag: 'Export',
  summary: 'Open export deadlines before a day, soonest first: load-by and completion-report',
  description:
    'Read from an index of open deadlines (one Query), not from the orders. A deadline closes when the car is loaded (bill of lading recorded) or the report filed. Operations are told by chat 5 days before each.',
  status: 200,
  roles: ['operations', 'accountant'],
  query: Type.Object({ before: Day, tenantId: Type.Optional(Id) }, { additionalProperties: false }),
  response: Type.Array(ExportDeadline),
});
