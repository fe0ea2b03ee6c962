import route from '../../lib/schemas/generated/listWebhookDeliveries.js';
import type { listWebhookDeliveries as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listWebhookDeliveries } from '../../lib/use-cases/webhooks/deliveries.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query }) =>
  listWebhookDeliveries(caller, params.id, query),
);
