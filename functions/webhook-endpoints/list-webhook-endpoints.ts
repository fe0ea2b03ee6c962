import route from '../../lib/schemas/generated/listWebhookEndpoints.js';
import type { listWebhookEndpoints as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listWebhookEndpoints } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listWebhookEndpoints(caller, query.tenantId),
}));
