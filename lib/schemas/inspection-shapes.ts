import * as Type from '@sinclair/typebox';
import { DateTime, Url } from './common.js';

export const Photo = Type.Object(
  {
    url: Type.String({ ...Url, examples: ['https://example.com/photos/front.jpg'] }),
    thumbnailUrl: Type.Optional(Type.String({ ...Url, examples: ['https://example.com/photos/front-150.jpg'] })),
    type: Type.Optional(Type.String({ maxLength: 50, examples: ['exterior'] })),
    caption: Type.Optional(Type.String({ maxLength: 500, examples: ['Front bumper, small scratch'] })),
    priority: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
    uploadedAt: Type.Optional(DateTime),
  },
  { additionalProperties: false },
);
export const Photos = Type.Array(Photo, { maxItems: 100 });
export const InspectionStatus = Type.Union([
  Type.Literal('Pending'),
  Type.Literal('InProgress'),
  Type.Literal('Completed'),
  Type.Literal('Cancelled'),
]);

export const Inspection = Type.Object(
  {
    id: Type.String(),
    orderId: Type.String(),
    inspectorId: Type.String(),
    inspectorName: Type.Optional(
      Type.String({
        description:
          "the inspector's name as it was when the inspection was created or last changed (older inspections may lack it)",
      }),
    ),
    status: InspectionStatus,
    allowedStatusTransitions: Type.Array(InspectionStatus, {
      description: 'the statuses it may move to next (none once Completed or Cancelled): what a screen offers',
    }),
    inspectionDate: Type.Union([DateTime, Type.Null()]),
    notes: Type.Union([Type.String(), Type.Null()]),
    photos: Type.Array(Photo),
    pdfReportUrl: Type.Union([Type.String(), Type.Null()]),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Inspection' },
);

/** An inspection in an inspector's agenda: with its order's number and customer, to say which car it is without opening the order. */
export const AgendaInspection = Type.Composite(
  [
    Inspection,
    Type.Object({
      orderNumber: Type.Optional(Type.Integer({ description: "the order's number", examples: [1042] })),
      customerName: Type.Optional(Type.String({ description: "the order's customer's name" })),
    }),
  ],
  { title: 'AgendaInspection' },
);
