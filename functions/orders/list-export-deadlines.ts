import route from '../../lib/schemas/generated/listExportDeadlines.js';
import type { listExportDeadlines as Route } from '../../lib/schemas/export.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listExportDeadlines } from '../../lib/use-cases/orders/export.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listExportDeadlines(caller, query),
}));
