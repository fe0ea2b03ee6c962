import route from '../../lib/schemas/generated/updateWebhookEndpoint.js';
import type { updateWebhookEndpoint as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { updateWebhookEndpoint } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await updateWebhookEndpoint(caller, params.id, body),
}));
