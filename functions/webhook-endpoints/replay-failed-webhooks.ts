import route from '../../lib/schemas/generated/replayFailedWebhooks.js';
import type { replayFailedWebhooks as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { replayFailedWebhooks } from '../../lib/use-cases/webhooks/deliveries.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await replayFailedWebhooks(caller, params.id, body.since),
}));
