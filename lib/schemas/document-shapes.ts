import * as Type from '@sinclair/typebox';
import { DOCUMENT_TYPES } from '../text/document-text.js';

export const GeneratedDocumentView = Type.Object(
  {
    id: Type.String(),
    type: Type.Union(DOCUMENT_TYPES.map((t) => Type.Literal(t))),
    version: Type.Integer({ description: '1 for the first of its type, raised at every regeneration' }),
    language: Type.Union([Type.Literal('en'), Type.Literal('ar')]),
    key: Type.String({ description: 'orders/{orderNumber}/documents/{type}/{id}.pdf in the bucket' }),
    bytes: Type.Integer(),
    contractId: Type.Optional(Type.String()),
    createdAt: Type.String(),
    createdBy: Type.String(),
    url: Type.String({ description: 'a presigned download URL, valid 15 minutes; read the order or this list again for a fresh one' }),
    urlExpiresAt: Type.String(),
  },
  { title: 'GeneratedDocument' },
);
