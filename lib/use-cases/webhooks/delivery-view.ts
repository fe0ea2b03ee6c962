import type { Static } from '@sinclair/typebox';
import { isDelivered } from '../../domain/webhook-rules.js';
import type { WebhookDelivery } from '../../schemas/webhook-endpoints.js';
import type { WebhookAnswer } from '../../notify/webhook-sender.js';
import type { DeliveryAttempt, DeliveryRecord } from '../../store/webhook-deliveries.js';
import type { WebhookEndpointRecord } from '../../store/webhook-endpoints.js';
import { eventBodyForIntegrators } from '../shared/event-items.js';

export type DeliveryView = Static<typeof WebhookDelivery>;
type DeliveryStatusView = DeliveryView['status'];

/** The endpoint as far as its deliveries' status depends on it. */
export type DeliveryEndpoint = Pick<WebhookEndpointRecord, 'enabled' | 'deletedAt'>;

/**
 * What a delivery's status truly is: a queued one is `retrying` once an attempt of its round
 * failed, and `cancelled` once its endpoint is deleted (no worker takes it up again).
 */
export function deliveryStatusOf(
  delivery: Pick<DeliveryRecord, 'status' | 'attempts'>,
  endpoint?: DeliveryEndpoint,
): DeliveryStatusView {
  if (delivery.status !== 'pending') return delivery.status;
  if (endpoint?.deletedAt !== undefined) return 'cancelled';
  return delivery.attempts > 0 ? 'retrying' : 'pending';
}

/** Why an attempt failed, in a few words. */
const errorOf = (attempt: DeliveryAttempt): string =>
  attempt.error ?? (attempt.statusCode === undefined ? 'no answer' : `HTTP ${attempt.statusCode}`);

/**
 * A delivery as the API shows it; `endpoint` (its endpoint as it now is) makes the status and
 * the next attempt's time true to it; `withPayload` adds the exact body sent (one delivery's read).
 */
export function deliveryView(delivery: DeliveryRecord, endpoint?: DeliveryEndpoint, withPayload = false): DeliveryView {
  const status = deliveryStatusOf(delivery, endpoint);
  const attemptLog = delivery.attemptLog ?? [];
  const last = attemptLog[attemptLog.length - 1];
  const waiting = status === 'pending' || status === 'retrying';
  return {
    id: delivery.eventId,
    endpointId: delivery.endpointId,
    eventType: delivery.eventType,
    eventTimestamp: delivery.createdAt,
    status,
    attempts: delivery.attempts,
    ...(waiting && endpoint?.enabled !== false ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
    ...((status === 'retrying' || status === 'failed' || status === 'cancelled') &&
    last &&
    !isDelivered(last.statusCode)
      ? { lastError: errorOf(last) }
      : {}),
    ...(delivery.deliveredAt ? { deliveredAt: delivery.deliveredAt } : {}),
    ...(delivery.failedAt ? { failedAt: delivery.failedAt } : {}),
    ...(delivery.replayed ? { replayed: true } : {}),
    attemptLog,
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
