import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { CarRecord as CarSchema, CarReferenceRecord } from './car.schema.js';

/** One car of the catalogue as stored (lib/store/records/schemas/car.ts): the domain's CarRecord, field for field. */
export type CarRecord = Static<typeof CarSchema>;
export const carCodec = /* @__PURE__ */ recordCodec('car', stored.CarRecord);

/** Idempotent import: a provider's listing number -> the car id it was given (written with the car). */
export type CarReference = Static<typeof CarReferenceRecord>;
export const carReferenceCodec = /* @__PURE__ */ recordCodec('car reference', stored.CarReferenceRecord);

/** Car detail by integer id (the list is served from the in-memory snapshot, not from here). */
export const car = (id: number) => ({ pk: `CAR#${id}`, sk: 'CAR' });
/** Idempotent import: a provider's listing number -> the car id it was given. */
export const carReference = (provider: string, advertisementNumber: string) => ({
  pk: `CARREF#${provider}#${advertisementNumber}`,
  sk: 'CARREF',
});
