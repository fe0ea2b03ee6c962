import route from '../../lib/schemas/generated/rotateApiKey.js';
import type { rotateApiKey as Route } from '../../lib/schemas/api-keys.js';
import { httpHandler } from '../../lib/http/handler.js';
import { rotateApiKey } from '../../lib/use-cases/api-keys.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await rotateApiKey(caller, params.id, body.graceSeconds),
}));
