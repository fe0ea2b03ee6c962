import route from '../../lib/schemas/generated/rotateWebhookSecret.js';
import type { rotateWebhookSecret as Route } from '../../lib/schemas/webhook-endpoints.js';
import { httpHandler } from '../../lib/http/handler.js';
import { rotateWebhookSecret } from '../../lib/use-cases/webhooks/endpoints.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await rotateWebhookSecret(caller, params.id, body.graceSeconds),
}));
