import { Type } from '@sinclair/typebox';
import { DateTime, Email, Id, IdParams, Money, OrderCurrency, PhoneNumber, Url } from './common.js';
import { defineRoute } from './route.js';

const Text = (max: number, example: string) => Type.String({ maxLength: max, examples: [example] });
const ContractStatus = Type.Union([Type.Literal('Draft'), Type.Literal('Sent'), Type.Literal('Signed')]);
const IdDocument = Type.Object(
  { url: Type.Optional(Url), type: Type.Optional(Type.String({ maxLength: 50, description: 'e.g. passport, national_id' })) },
  { additionalProperties: true, maxProperties: 20, examples: [{ url: 'https://example.com/passport.pdf', type: 'passport' }] },
);

/** The fields a contract's creator or editor may set (4.6 / 4.7). */
const EditableFields = {
  customerName: Type.String({ minLength: 1, maxLength: 200, examples: ['Layla Haddad'] }),
  customerNameAr: Type.Optional(Text(200, 'ليلى حداد')),
  customerIdNumber: Type.Optional(Text(64, 'P1234567')),
  customerPhone: Type.Optional(Text(30, '+971501234567')),
  customerEmail: Type.Optional(Email),
  customerAddress: Type.Optional(Text(500, 'Dubai Marina, Dubai')),
  customerCountry: Type.Optional(Text(64, 'AE')),
  customerIdDocument: Type.Optional(IdDocument),
  carDetails: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { maxProperties: 100, examples: [{ makeEn: 'Kia', modelEn: 'Sorento', year: 2022 }] })),
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
    version: Type.Integer({ minimum: 1, description: 'starts at 1, raised by every edit, send and signature; also the ETag' }),
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

export const createContract = defineRoute({
  id: 'createContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'contract' },
  folder: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts',
  tag: 'Contracts',
  summary: 'Create a Draft contract for an order',
  description: 'contractNumber is the next in one sequence for the whole service. Customer and car fields not given are taken from the order.',
  status: 201,
  roles: ['operations', 'accountant', 'marketer'],
  body: Type.Object(
    { orderId: Id, ...EditableFields },
    {
      additionalProperties: false,
      examples: [
        {
          orderId: 'ckx8k2m1p0000abcd1234efg',
          customerName: 'Layla Haddad',
          customerNameAr: 'ليلى حداد',
          totalAmount: 18500,
          currency: 'USD',
          terms: 'Payment in full before shipping.',
        },
      ],
    },
  ),
  response: Contract,
});

export const updateContract = defineRoute({
  id: 'updateContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'PATCH',
  path: '/api/v1/contracts/{id}',
  tag: 'Contracts',
  summary: 'Edit a Draft contract (409 INVALID_STATE once it is Sent or Signed)',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Partial(Type.Object({ ...EditableFields, customerName: EditableFields.customerName, contractPdfUrl: Url }), {
    additionalProperties: false,
    minProperties: 1,
  }),
  response: Contract,
});

export const sendContract = defineRoute({
  id: 'sendContract',
  errors: ['NOT_FOUND', 'INVALID_STATE', 'CHANNEL_DISPATCH_FAILED'],
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'POST',
  path: '/api/v1/contracts/{id}/send',
  tag: 'Contracts',
  summary: 'Send a contract to the customer on the chat channel; then it is Sent',
  description:
    'phone (or its alias phoneNumber) in E.164. Draft and Sent contracts can be sent (again); a Signed one answers 409 INVALID_STATE. If the chat channel refuses or fails, 502 CHANNEL_DISPATCH_FAILED and the contract is unchanged.',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Object(
    {
      phone: Type.Optional(PhoneNumber()),
      phoneNumber: Type.Optional(PhoneNumber('alias of phone')),
      signingLink: Type.Optional(Url),
      sendVia: Type.Optional(Type.Literal('whatsapp', { description: 'reserved: only the chat channel is supported' })),
    },
    { additionalProperties: false, examples: [{ phone: '+971501234567', signingLink: 'https://sign.example.com/c/1042' }] },
  ),
  response: Contract,
});

export const signContract = defineRoute({
  id: 'signContract',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  bodyOptional: true,
  versioned: { record: 'contract', ifMatch: 'optional' },
  folder: 'contracts',
  method: 'PATCH',
  path: '/api/v1/contracts/{id}/sign',
  tag: 'Contracts',
  summary: 'Mark a contract Signed (from Draft or Sent), storing signedDocument as given',
  status: 200,
  roles: ['operations', 'accountant', 'marketer'],
  params: IdParams,
  body: Type.Object(
    { signedDocument: Type.Optional(Type.Unknown({ description: 'any JSON; recommended keys url, filename, mimeType, size' })) },
    {
      additionalProperties: false,
      examples: [{ signedDocument: { url: 'https://example.com/signed.pdf', filename: 'contract-1042.pdf', mimeType: 'application/pdf' } }],
    },
  ),
  response: Contract,
});

export const getContract = defineRoute({
  id: 'getContract',
  errors: ['NOT_FOUND'],
  versioned: { record: 'contract' },
  folder: 'contracts',
  method: 'GET',
  path: '/api/v1/contracts/{id}',
  tag: 'Contracts',
  summary: 'One contract',
  status: 200,
  params: IdParams,
  response: Contract,
});

export const listOrderContracts = defineRoute({
  id: 'listOrderContracts',
  errors: ['NOT_FOUND'],
  folder: 'contracts',
  method: 'GET',
  path: '/api/v1/orders/{id}/contracts',
  tag: 'Contracts',
  summary: "An order's contracts, oldest first",
  status: 200,
  params: IdParams,
  response: Type.Array(Contract),
});
