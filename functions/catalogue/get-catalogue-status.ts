import route from '../../lib/schemas/generated/getCatalogueStatus.js';
import type { getCatalogueStatus as Route } from '../../lib/schemas/catalogue.js';
import { httpHandler } from '../../lib/http/handler.js';
import { catalogueStatus } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller }) => ({
  data: await catalogueStatus(caller),
}));
