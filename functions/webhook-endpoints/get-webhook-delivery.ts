import route from '../../lib/schemas/generated/getWebhookDelivery.js';
import type { getWebhookDelivery as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getWebhookDelivery } from '../../lib/use-cases/webhooks/deliveries.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getWebhookDelivery(caller, params.id, params.deliveryId),
}));
