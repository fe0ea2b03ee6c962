import * as Type from '@sinclair/typebox';
import { DateTime, Email, Money, OrderCurrency, Url } from './common.js';

const Text = (max: number, example: string) => Type.String({ maxLength: max, examples: [example] });
const ContractStatus = Type.Union([Type.Literal('Draft'), Type.Literal('Sent'), Type.Literal('Signed')]);
const IdDocument = Type.Object(
  {
    url: Type.Optional(Url),
    type: Type.Optional(Type.String({ maxLength: 50, description: 'e.g. passport, national_id' })),
  },
  {
    additionalProperties: true,
    maxProperties: 20,
    examples: [{ url: 'https://example.com/passport.pdf', type: 'passport' }],
  },
);

/** The fields a contract's creator or editor may set (4.6 / 4.7). */
export const EditableFields = {
  customerName: Type.String({ minLength: 1, maxLength: 200, examples: ['Layla Haddad'] }),
  customerNameAr: Type.Optional(Text(200, 'ليلى حداد')),
  customerIdNumber: Type.Optional(Text(64, 'P1234567')),
  customerPhone: Type.Optional(Text(30, '+971501234567')),
  customerEmail: Type.Optional(Email),
  customerAddress: Type.Optional(Text(500, 'Dubai Marina, Dubai')),
  customerCountry: Type.Optional(Text(64, 'AE')),
  customerIdDocument: Type.Optional(IdDocument),
  carDetails: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 100,
      examples: [{ makeEn: 'Kia', modelEn: 'Sorento', year: 2022 }],
    }),
  ),
  totalAmount: Type.Optional(Money),
  currency: Type.Optional(OrderCurrency),
  vin: Type.Optional(Text(17, 'KNAPU81BDN7123456')),
  mileage: Type.Optional(Text(50, '45,000 km')),
  color: Type.Optional(Text(40, 'White')),
  terms: Type.Optional(Text(20_000, 'Payment in full before shipping.')),
  notes: Type.Optional(Text(5_000, 'Customer collects the spare key later')),
};

export const Contract = Type.Object(
  {
    id: Type.String(),
    orderId: Type.String(),
    contractNumber: Type.Integer(),
    status: ContractStatus,
    version: Type.Integer({
      minimum: 1,
      description: 'starts at 1, raised by every edit, send and signature; also the ETag',
    }),
    customerName: Type.String(),
    customerNameAr: Type.Optional(Type.String()),
    customerIdNumber: Type.Optional(Type.String()),
    customerPhone: Type.Optional(Type.String()),
    customerEmail: Type.Optional(Type.String()),
    customerAddress: Type.Optional(Type.String()),
    customerCountry: Type.Optional(Type.String()),
    customerIdDocument: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    carDetails: Type.Record(Type.String(), Type.Unknown()),
    totalAmount: Type.Number(),
    currency: Type.String(),
    vin: Type.Optional(Type.String()),
    mileage: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
    terms: Type.Optional(Type.String()),
    notes: Type.Optional(Type.String()),
    pdfUrl: Type.Union([Type.String(), Type.Null()]),
    signedDocument: Type.Optional(Type.Unknown()),
    sentAt: Type.Optional(DateTime),
    sentTo: Type.Optional(Type.String()),
    signedAt: Type.Optional(DateTime),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { title: 'Contract' },
);
