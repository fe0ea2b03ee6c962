import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { CataloguePointerRecord } from './catalogue-pointer.schema.js';

/** Which S3 snapshot of the catalogue readers serve: one item, moved by each import. */
export type CataloguePointer = Static<typeof CataloguePointerRecord>;
export const cataloguePointerCodec = /* @__PURE__ */ recordCodec('catalogue pointer', stored.CataloguePointerRecord);

/** Which S3 snapshot of the catalogue readers should serve. */
export const cataloguePointer = () => ({ pk: 'CATALOGUE', sk: 'SNAPSHOT' });
