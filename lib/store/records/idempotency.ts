import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { IdempotencyRecord as IdempotencyRecordSchema } from './idempotency.schema.js';

/** What an Idempotency-Key holds for one API key: a claim while its request is at work, then the answer to replay. */
export type IdempotencyRecord = Static<typeof IdempotencyRecordSchema>;
export const idempotencyCodec = /* @__PURE__ */ recordCodec('idempotency record', stored.IdempotencyRecord);

/** Stored responses for Idempotency-Key retries, per API key. */
export const idempotency = (keyId: string, key: string) => ({ pk: `IDEMPOTENCY#${keyId}#${key}`, sk: 'IDEMPOTENCY' });
