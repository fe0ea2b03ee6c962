import type { Static } from '@sinclair/typebox';
import type { WebhookDelivery } from '../../schemas/webhook-endpoints.js';
import type { WebhookAnswer } from '../../notify/webhook-sender.js';
import type { DeliveryAttempt, DeliveryRecord } from '../../store/webhook-deliveries.js';
import { eventBodyForIntegrators } from './event-items.js';

export type DeliveryView = Static<typeof WebhookDelivery>;

/** A delivery as the API shows it; `withPayload` adds the exact body sent (one delivery's read). */
export function deliveryView(delivery: DeliveryRecord, withPayload = false): DeliveryView {
  return {
    id: delivery.eventId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    eventTimestamp: delivery.createdAt,
    status: delivery.status,
    attempts: delivery.attempts,
    ...(delivery.status === 'pending' ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
    ...(delivery.deliveredAt ? { deliveredAt: delivery.deliveredAt } : {}),
    ...(delivery.failedAt ? { failedAt: delivery.failedAt } : {}),
    ...(delivery.replayed ? { replayed: true } : {}),
    attemptLog: delivery.attemptLog ?? [],
    ...(withPayload ? { payload: JSON.parse(eventBodyForIntegrators(delivery.body)) as unknown } : {}),
  };
}

/** One attempt's log entry, from the receiver's answer (or its absence). */
export const attemptOf = (answer: WebhookAnswer, at: string, replay = false): DeliveryAttempt => ({
  at,
  latencyMs: answer.latencyMs,
  ...(answer.statusCode === undefined ? {} : { statusCode: answer.statusCode }),
  ...(answer.error ? { error: answer.error } : {}),
  ...(answer.response ? { response: answer.response } : {}),
  ...(replay ? { replay: true } : {}),
});
