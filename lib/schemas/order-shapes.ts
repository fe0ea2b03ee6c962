import * as Type from '@sinclair/typebox';
import { FUEL_TYPES } from '../domain/car.js';
import { ORDER_STATUSES } from '../domain/order-lifecycle.js';
import { INCOTERMS } from '../domain/tenant-profile.js';
import { DateTime, Money, Version } from './common.js';
import { ConsigneeShape, DocumentCourierShape } from './consignee-shapes.js';
import { ExportStepsShape, ShipmentShape } from './export-shapes.js';
import { ImportRuleOverride } from './import-rule-shapes.js';

/** The version the change is made to; required unless the request sends it as If-Match. */
export const VersionField = Type.Integer({
  ...Version,
  description: "the order's current version (from its last read); may be sent as an If-Match header instead",
});
export const OptionalVersion = Type.Optional(
  Type.Integer({
    ...Version,
    description:
      "the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead",
  }),
);

export const Status = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
const Person = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.Optional(Type.String()),
  mobileNumber: Type.Optional(Type.String()),
});

/** carDetails is the car snapshot: any JSON object, with customerNotificationsEnabled typed. */
export const CarDetails = Type.Object(
  { customerNotificationsEnabled: Type.Optional(Type.Boolean({ default: true })) },
  {
    additionalProperties: true,
    maxProperties: 100,
    description: 'car snapshot (makeEn, modelEn, year, price, ...); at most 100 keys',
  },
);

export const Order = Type.Object(
  {
    id: Type.String(),
    orderNumber: Type.Integer(),
    status: Status,
    allowedStatusTransitions: Type.Array(Status),
    progress: Type.Integer({ minimum: -1, maximum: 100 }),
    canCancel: Type.Boolean(),
    isTerminal: Type.Boolean(),
    version: Type.Integer({ minimum: 1 }),
    customerId: Type.String(),
    marketerId: Type.Optional(Type.String()),
    tenantId: Type.Optional(Type.String()),
    carId: Type.Optional(Type.Integer()),
    carDetails: Type.Record(Type.String(), Type.Unknown()),
    totalAmount: Type.Number(),
    currency: Type.String(),
    notes: Type.Union([Type.String(), Type.Null()]),
    inspectionDate: Type.Union([DateTime, Type.Null()]),
    paidFromWallet: Type.Boolean(),
    depositReceiptId: Type.Union([Type.String(), Type.Null()], {
      description:
        'the Pending receipt billing entry made from the receipt fields given at creation (confirm it, attach its proof of payment); null when none were given',
    }),
    imageArchive: Type.Optional(
      Type.Object(
        {
          status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('failed')]),
          eventId: Type.String(),
          objectKeys: Type.Array(Type.String(), { description: 'keys in the bucket, under orders/{orderNumber}/' }),
          reason: Type.Optional(Type.String()),
          completedAt: Type.Optional(Type.String()),
        },
        { description: 'archival of the car pictures (orders created with carId)' },
      ),
    ),
    exportSteps: Type.Optional(ExportStepsShape),
    shipment: Type.Optional(ShipmentShape),
    destinationCountry: Type.Optional(
      Type.String({
        description:
          "where the car goes (ISO 3166-1 alpha-2): given at creation, else the customer's country; its import rules judge the car",
        examples: ['SA'],
      }),
    ),
    importRuleOverride: Type.Optional(ImportRuleOverride),
    consignee: Type.Optional(ConsigneeShape),
    documentCourier: Type.Optional(DocumentCourierShape),
    customer: Person,
    marketer: Type.Optional(Person),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Order' },
);

/** The customs invoice's fields, as PATCH /orders/{id}/customs-invoice takes them (its version aside). */
export const CustomsInvoiceFields = {
  buyerName: Type.String({ minLength: 1, maxLength: 200 }),
  buyerAddress: Type.Optional(Type.String({ maxLength: 500 })),
  buyerPhone: Type.Optional(Type.String({ maxLength: 30 })),
  carMake: Type.Optional(Type.String({ maxLength: 60 })),
  carModel: Type.Optional(Type.String({ maxLength: 80 })),
  carVin: Type.Optional(Type.String({ maxLength: 17 })),
  carColor: Type.Optional(Type.String({ maxLength: 40, examples: ['Pearl white'] })),
  carYear: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
  items: Type.Array(
    Type.Object(
      { description: Type.String({ minLength: 1, maxLength: 500 }), amount: Money },
      { additionalProperties: false },
    ),
    {
      minItems: 1,
      maxItems: 100,
    },
  ),
  currency: Type.Union([Type.Literal('USD'), Type.Literal('SAR'), Type.Literal('KRW'), Type.Literal('AED')]),
  notes: Type.Optional(Type.String({ maxLength: 2000, examples: ['Declared value per the auction invoice'] })),
  language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')])),
  buyerCountry: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{2}$',
      description: "the consignee's country, ISO 3166-1 alpha-2",
      examples: ['AE'],
    }),
  ),
  notifyParty: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'who the carrier tells on arrival, when not the consignee',
      examples: ['Al Futtaim Logistics, Jebel Ali Free Zone'],
    }),
  ),
  engineNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 40, examples: ['G4KJ1234567'] })),
  engineCapacityCc: Type.Optional(
    Type.Integer({
      minimum: 50,
      maximum: 10_000,
      description: 'engine displacement in cc (sets the HS sub-heading)',
      examples: [2497],
    }),
  ),
  fuelType: Type.Optional(
    Type.Union(
      FUEL_TYPES.map((fuel) => Type.Literal(fuel)),
      { description: 'sets the HS sub-heading' },
    ),
  ),
  mileageKm: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_000_000, examples: [45000] })),
  condition: Type.Optional(
    Type.Union([Type.Literal('used'), Type.Literal('new')], { description: 'used unless given' }),
  ),
  hsCode: Type.Optional(
    Type.String({
      pattern: '^\\d{4}(\\.\\d{2}){1,3}$',
      description:
        "the HS code customs classifies the car under; derived from the car's fuel and engine capacity when not given (8703.23 for a petrol car over 1,500 up to 3,000 cc)",
      examples: ['8703.23'],
    }),
  ),
  countryOfOrigin: Type.Optional(
    Type.String({
      pattern: '^[A-Z]{2}$',
      description:
        'where the car was built, ISO 3166-1 alpha-2; derived from the make when not given (KR for Hyundai, Kia, Genesis)',
      examples: ['KR'],
    }),
  ),
  incoterms: Type.Optional(
    Type.Union(
      INCOTERMS.map((term) => Type.Literal(term)),
      { description: "Incoterms 2020 rule; the tenant profile's default when not given" },
    ),
  ),
  incotermsPlace: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'the named place; the port of loading for EXW, FCA, FAS and FOB, else the port of discharge, when not given',
      examples: ['Jebel Ali'],
    }),
  ),
  portOfDischarge: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'used until the shipment names one',
      examples: ['Jebel Ali, UAE'],
    }),
  ),
  paymentTerms: Type.Optional(
    Type.String({ minLength: 1, maxLength: 1000, examples: ['100% paid in advance by bank transfer'] }),
  ),
};
