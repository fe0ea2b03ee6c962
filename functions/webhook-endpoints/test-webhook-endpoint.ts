import route from '../../lib/schemas/generated/testWebhookEndpoint.js';
import type { testWebhookEndpoint as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { testWebhookEndpoint } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await testWebhookEndpoint(caller, params.id),
}));
