import route from '../../lib/schemas/generated/listFeedFiles.js';
import type { listFeedFiles as Route } from '../../lib/schemas/catalogue.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listFeedFiles } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listFeedFiles(caller, query),
}));
