import route from '../../lib/schemas/generated/revokeApiKey.js';
import type { revokeApiKey as Route } from '../../lib/schemas/api-keys.js';
import { httpHandler } from '../../lib/http/handler.js';
import { revokeApiKey } from '../../lib/use-cases/api-keys.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await revokeApiKey(caller, params.id),
}));
