import route from '../../lib/schemas/generated/deleteWebhookEndpoint.js';
import type { deleteWebhookEndpoint as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { deleteWebhookEndpoint } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await deleteWebhookEndpoint(caller, params.id),
}));
