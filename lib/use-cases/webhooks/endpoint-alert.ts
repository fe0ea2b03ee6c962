import { newId } from '../../domain/ids.js';
import { newOutboxEvent, outboxPutItem } from '../../store/outbox.js';
import type { TransactItem } from '../../store/transact.js';
import type { WebhookEndpointRecord } from '../../store/webhook-endpoints.js';

/**
 * The message to the endpoint's owners that it was disabled, as an outbox event in the same
 * transaction as the disabling: sent (with retries) if and only if the endpoint was disabled.
 */
export function endpointDisabledAlert(endpoint: WebhookEndpointRecord, at: string): TransactItem {
  const since = `${(endpoint.failingSince ?? at).replace('T', ' ').slice(0, 16)} UTC`;
  return outboxPutItem(
    newOutboxEvent(
      {
        id: newId(),
        kind: 'alert',
        // The outbox groups by this key; an alert has no order.
        orderId: `webhook:${endpoint.id}`,
        ...(endpoint.tenantId === undefined ? {} : { tenantId: endpoint.tenantId }),
        payload: { template: 'webhook_endpoint_disabled', parameters: [endpoint.url, since, endpoint.id] },
      },
      at,
    ),
  );
}
