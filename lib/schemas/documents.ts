import * as Type from '@sinclair/typebox';
import { DOCUMENT_TYPES } from '../text/document-text.js';
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
  summary: 'Generate a PDF of the order: the customs invoice (in its language, English or Arabic), a proforma invoice, or the contract',
  description:
    "The customs invoice needs the order's stored customs invoice and is written in its `language` unless `language` is given; Arabic is shaped and right to left. The contract document is of `contractId`, or the order's latest contract. A new generation is a new version; older versions stay downloadable. The answer carries a download URL valid 15 minutes.",
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
