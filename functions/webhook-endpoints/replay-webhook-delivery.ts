import route from '../../lib/schemas/generated/replayWebhookDelivery.js';
import type { replayWebhookDelivery as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { replayWebhookDelivery } from '../../lib/use-cases/webhooks/deliveries.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await replayWebhookDelivery(caller, params.id, params.deliveryId),
}));
