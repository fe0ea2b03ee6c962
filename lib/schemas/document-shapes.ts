import * as Type from '@sinclair/typebox';
import { DOCUMENT_TYPES } from '../text/document-words.js';

export const GeneratedDocumentView = Type.Object(
  {
    id: Type.String(),
    type: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
    version: Type.Integer({ description: '1 for the first of its type, raised at every regeneration' }),
    number: Type.Optional(
      Type.String({
        description:
          "the seller's number printed on it: CI-00001 for commercial invoices and PI-00001 for proformas, from the tenant's own gapless series, given the first time the order's document of that type is generated and kept by every regeneration; the contract number for a contract",
        examples: ['CI-00042'],
      }),
    ),
    language: Type.Union([Type.Literal('en'), Type.Literal('ar')]),
    key: Type.String({ description: 'orders/{orderNumber}/documents/{type}/{id}.pdf in the bucket' }),
    bytes: Type.Integer(),
    contractId: Type.Optional(Type.String()),
    createdAt: Type.String(),
    createdBy: Type.String(),
    url: Type.String({
      description: 'a presigned download URL, valid 15 minutes; read the order or this list again for a fresh one',
    }),
    urlExpiresAt: Type.String(),
  },
  { title: 'GeneratedDocument' },
);
