import route from '../../lib/schemas/generated/getWebhookEndpoint.js';
import type { getWebhookEndpoint as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getWebhookEndpoint } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getWebhookEndpoint(caller, params.id),
}));
