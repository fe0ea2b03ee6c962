import * as Type from '@sinclair/typebox';
import { DOCUMENT_TYPES } from '../text/document-words.js';
import { Id, IdParams } from './common.js';
import { defineRoute } from './route.js';
import { GeneratedDocumentView } from './document-shapes.js';

export { GeneratedDocumentView } from './document-shapes.js';

export const generateOrderDocument = defineRoute({
  id: 'generateOrderDocument',
  errors: ['NOT_FOUND', 'INVALID_STATE'],
  folder: 'orders',
  method: 'POST',
  path: '/api/v1/orders/{id}/documents',
  tag: 'Documents',
  summary:
    'Generate a PDF of the order: the commercial (customs) invoice, a proforma invoice, or the sales contract, in English or Arabic',
  description:
    "Every document carries the seller's letterhead from the tenant's legal profile (GET/PUT /tenant-profile); one the profile cannot fill answers 409 INVALID_STATE naming each missing field (`profile.bank.iban`, `profile.stamp`, ...). The commercial invoice needs the order's stored customs invoice, is written in its `language` unless `language` is given, and answers 409 naming what customs needs that nobody recorded (`car.vin`, `customsInvoice.countryOfOrigin`, `customsInvoice.portOfDischarge`, ...). Invoices take a number from the tenant's gapless series (CI-00001, PI-00001) the first time, kept by every regeneration. The contract document is of `contractId`, or the order's latest contract, from its own fields. Arabic is shaped and right to left. A new generation is a new version; older versions stay downloadable. The answer carries a download URL valid 15 minutes.",
  status: 201,
  roles: ['operations', 'accountant'],
  params: IdParams,
  body: Type.Object(
    {
      type: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
      language: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')])),
      contractId: Type.Optional(Id),
    },
    { additionalProperties: false, examples: [{ type: 'customs-invoice' }] },
  ),
  response: GeneratedDocumentView,
});

export const listOrderDocuments = defineRoute({
  id: 'listOrderDocuments',
  errors: ['NOT_FOUND'],
  folder: 'orders',
  method: 'GET',
  path: '/api/v1/orders/{id}/documents',
  tag: 'Documents',
  summary: "The order's generated documents, every version, newest first, each with a fresh 15-minute download URL",
  status: 200,
  params: IdParams,
  response: Type.Array(GeneratedDocumentView),
});
