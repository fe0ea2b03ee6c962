import route from '../../lib/schemas/generated/confirmFeedFile.js';
import type { confirmFeedFile as Route } from '../../lib/schemas/catalogue.js';
import { httpHandler } from '../../lib/http/handler.js';
import { confirmFeedFile } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await confirmFeedFile(caller, params.id, caller.keyId),
}));
