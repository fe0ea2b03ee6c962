import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { RateCounterRecord } from './rate-counter.schema.js';

/** One API key's requests on one UTC day, for the local rate limiter (removed by its TTL). */
export type RateCounter = Static<typeof RateCounterRecord>;
export const rateCounterCodec = /* @__PURE__ */ recordCodec('rate counter', stored.RateCounterRecord);

/** Per-key request counters for the local rate limiter. */
export const rateQuota = (keyId: string, day: string) => ({ pk: `RATE#${keyId}`, sk: `D#${day}` });
