import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type {
  DeliveryAttempt as DeliveryAttemptSchema,
  DeliveryRecord as DeliveryRecordSchema,
} from './webhook-delivery.schema.js';

/** One attempt at one delivery, as the API shows it. */
export type DeliveryAttempt = Static<typeof DeliveryAttemptSchema>;

/** One event's delivery to one endpoint, removed by its TTL (`expiresAt`) some days after the event. */
export type DeliveryRecord = Static<typeof DeliveryRecordSchema>;
export const webhookDeliveryCodec = /* @__PURE__ */ recordCodec('webhook delivery', stored.DeliveryRecord);

/** One event's delivery to one endpoint: GSI1 its pending ones in event order, GSI2 all newest first, GSI3 the failed ones. */
export const webhookDelivery = (endpointId: string, eventId: string) => ({
  pk: `WEBHOOK#${endpointId}`,
  sk: `DELIVERY#${eventId}`,
});
export const webhookPending = (endpointId: string) => `WHPENDING#${endpointId}`;
export const webhookDeliveries = (endpointId: string) => `WHDELIVERIES#${endpointId}`;
export const webhookFailed = (endpointId: string) => `WHFAILED#${endpointId}`;
