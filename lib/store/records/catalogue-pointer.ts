import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { recordCodec } from '../record.js';

/** Which S3 snapshot of the catalogue readers serve: one item, moved by each import. */
export const CataloguePointerRecord = Type.Object({
  version: Type.String(),
  /** The snapshot's S3 object key. */
  objectKey: Type.String(),
  /** How many cars the snapshot holds. */
  count: Type.Integer(),
  createdAt: Type.String(),
});
export type CataloguePointer = Static<typeof CataloguePointerRecord>;
export const cataloguePointerCodec = recordCodec('catalogue pointer', CataloguePointerRecord);

/** Which S3 snapshot of the catalogue readers should serve. */
export const cataloguePointer = () => ({ pk: 'CATALOGUE', sk: 'SNAPSHOT' });
