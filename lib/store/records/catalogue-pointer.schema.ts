import * as Type from '@sinclair/typebox';

/** Which S3 snapshot of the catalogue readers serve: one item, moved by each import. */
export const CataloguePointerRecord = Type.Object({
  version: Type.String(),
  /** The snapshot's S3 object key. */
  objectKey: Type.String(),
  /** How many cars the snapshot holds. */
  count: Type.Integer(),
  createdAt: Type.String(),
  /** The snapshot's changes file (what `GET /cars?updatedSince=` reads): absent before feeds. */
  changesKey: Type.Optional(Type.String()),
});
