import * as Type from '@sinclair/typebox';
import { SHIPPING_METHODS } from '../domain/shipment.js';

/** A day, YYYY-MM-DD. */
export const Day = Type.String({
  format: 'date',
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'a day, YYYY-MM-DD',
  examples: ['2026-11-20'],
});

const Recorded = {
  date: Day,
  documentUrl: Type.Optional(Type.String()),
  recordedAt: Type.String(),
  recordedBy: Type.String(),
};

export const ExportStepsShape = Type.Object(
  {
    deregistration: Type.Optional(
      Type.Object(Recorded, { description: 'deregistered for export (수출말소), with the certificate' }),
    ),
    bondedArea: Type.Optional(
      Type.Object(
        { ...Recorded, location: Type.Optional(Type.String()) },
        { description: 'entered into a bonded area' },
      ),
    ),
    exportDeclaration: Type.Optional(
      Type.Object(
        {
          ...Recorded,
          number: Type.String(),
          loadBy: Type.String({ description: 'the car must be loaded by this day: 30 days after acceptance' }),
        },
        { description: 'the export declaration, accepted on `date`' },
      ),
    ),
    completionReport: Type.Optional(
      Type.Object(Recorded, { description: 'the export-completion report, filed on `date`' }),
    ),
    completionReportDueBy: Type.Optional(Type.String({ description: '12 months after deregistration' })),
  },
  {
    title: 'ExportSteps',
    description: 'The export steps between Purchased and Delivered (PUT /orders/{id}/export-steps/{step})',
  },
);

export const ShipmentShape = Type.Object(
  {
    method: Type.Union(SHIPPING_METHODS.map((m) => Type.Literal(m))),
    bookingNumber: Type.String(),
    carrier: Type.String(),
    vessel: Type.Optional(Type.String()),
    voyage: Type.Optional(Type.String()),
    containerNumber: Type.Optional(Type.String()),
    sealNumber: Type.Optional(Type.String()),
    portOfLoading: Type.String(),
    portOfDischarge: Type.String(),
    etd: Type.Optional(Type.String()),
    eta: Type.Optional(Type.String()),
    atd: Type.Optional(Type.String()),
    ata: Type.Optional(Type.String()),
    billOfLadingNumber: Type.Optional(Type.String()),
    billOfLadingUrl: Type.Optional(Type.String()),
    updatedAt: Type.String(),
  },
  {
    title: 'Shipment',
    description:
      'The voyage: booking, vessel or container, ports, estimated and actual dates, bill of lading (PATCH /orders/{id}/shipment)',
  },
);
