import route from '../../lib/schemas/generated/getFeedFile.js';
import type { getFeedFile as Route } from '../../lib/schemas/catalogue.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getFeedFileReport } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getFeedFileReport(caller, params.id),
}));
