import route from '../../lib/schemas/generated/listOrderDocuments.js';
import type { listOrderDocuments as Route } from '../../lib/schemas/documents.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderDocuments } from '../../lib/use-cases/orders/documents.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await listOrderDocuments(caller, params.id),
}));
