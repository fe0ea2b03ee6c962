import route from '../../lib/schemas/generated/createWebhookEndpoint.js';
import type { createWebhookEndpoint as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createWebhookEndpoint } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await createWebhookEndpoint(caller, body),
}));
