import * as Type from '@sinclair/typebox';
import { CONSIGNEE_LIMITS } from '../domain/consignee.js';
import { COURIERS } from '../domain/document-courier.js';
import { DateTime } from './common.js';
import { Day } from './export-shapes.js';

/** The consignee's fields as a request gives them (PATCH /orders/{id}/consignee; the buyer's form takes the same). */
export const ConsigneeFields = {
  name: Type.String({
    minLength: 1,
    maxLength: CONSIGNEE_LIMITS.name,
    description: 'the person or company the car is consigned to, as the bill of lading names them',
    examples: ['Al Noor Trading LLC'],
  }),
  address: Type.String({
    minLength: 1,
    maxLength: CONSIGNEE_LIMITS.address,
    examples: ['Office 12, Al Quoz Industrial Area 3'],
  }),
  city: Type.String({ minLength: 1, maxLength: CONSIGNEE_LIMITS.city, examples: ['Dubai'] }),
  country: Type.String({ minLength: 1, maxLength: CONSIGNEE_LIMITS.country, examples: ['United Arab Emirates'] }),
  phone: Type.String({
    format: 'phone',
    minLength: 6,
    maxLength: CONSIGNEE_LIMITS.phone,
    description: 'with its country code; stored in E.164',
    examples: ['+971501234567'],
  }),
  email: Type.Optional(
    Type.String({ format: 'email', maxLength: CONSIGNEE_LIMITS.email, examples: ['imports@alnoor.example'] }),
  ),
  idNumber: Type.String({
    minLength: 1,
    maxLength: CONSIGNEE_LIMITS.idNumber,
    description: "the consignee's ID, passport or trade licence number, as customs at destination asks for it",
    examples: ['784-1987-1234567-1'],
  }),
  notifyParty: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: CONSIGNEE_LIMITS.notifyParty,
      description: 'who the carrier tells on arrival, when not the consignee',
      examples: ['Al Futtaim Logistics, Jebel Ali Free Zone'],
    }),
  ),
};

/** The consignee as the order keeps and shows it. */
export const ConsigneeShape = Type.Object(
  {
    name: Type.String(),
    address: Type.String(),
    city: Type.String(),
    country: Type.String(),
    phone: Type.String(),
    email: Type.Optional(Type.String()),
    idNumber: Type.String(),
    notifyParty: Type.Optional(Type.String()),
    givenBy: Type.Union([Type.Literal('buyer'), Type.Literal('staff')], {
      description: 'the buyer on their page, or staff (PATCH /orders/{id}/consignee)',
    }),
    by: Type.Optional(Type.String({ description: 'the staff user, else the key, that recorded it' })),
    at: DateTime,
  },
  {
    title: 'Consignee',
    description:
      'who the car is consigned to: the commercial invoice and the proforma name them as the buyer, unless the customs invoice names its own',
  },
);

export const Courier = Type.Union(
  COURIERS.map((c) => Type.Literal(c)),
  { description: 'the express courier the original papers travel with', examples: ['DHL'] },
);

/** How the original papers reach the buyer, as the order keeps and shows it. */
export const DocumentCourierShape = Type.Union(
  [
    Type.Object({
      carrier: Courier,
      trackingNumber: Type.String(),
      sentAt: Day,
      at: DateTime,
    }),
    Type.Object({
      telexRelease: Type.Literal(true),
      at: DateTime,
    }),
  ],
  {
    title: 'DocumentCourier',
    description:
      "how the original papers reach the buyer: a courier's parcel, or a telex release (no originals to wait for)",
  },
);
