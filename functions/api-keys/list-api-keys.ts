import route from '../../lib/schemas/generated/listApiKeys.js';
import type { listApiKeys as Route } from '../../lib/schemas/api-keys.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listApiKeys } from '../../lib/use-cases/api-keys.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listApiKeys(caller, query),
}));
