import type { Static } from '@sinclair/typebox';
import type { WebhookDelivery } from '../../schemas/webhook-endpoints.js';
import type { DeliveryRecord } from '../../store/webhook-deliveries.js';

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
    ...(withPayload ? { payload: JSON.parse(delivery.body) as unknown } : {}),
  };
}
