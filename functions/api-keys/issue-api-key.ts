import route from '../../lib/schemas/generated/issueApiKey.js';
import type { issueApiKey as Route } from '../../lib/schemas/api-keys.js';
import { httpHandler } from '../../lib/http/handler.js';
import { issueApiKey } from '../../lib/use-cases/api-keys.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await issueApiKey(caller, body),
}));
