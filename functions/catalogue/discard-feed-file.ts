import route from '../../lib/schemas/generated/discardFeedFile.js';
import type { discardFeedFile as Route } from '../../lib/schemas/catalogue.js';
import { httpHandler } from '../../lib/http/handler.js';
import { discardFeedFile } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await discardFeedFile(caller, params.id, caller.keyId),
}));
