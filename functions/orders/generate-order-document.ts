import route from '../../lib/schemas/generated/generateOrderDocument.js';
import type { generateOrderDocument as Route } from '../../lib/schemas/documents.js';
import { httpHandler } from '../../lib/http/handler.js';
import { generateOrderDocument } from '../../lib/use-cases/orders/documents.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await generateOrderDocument(caller, params.id, body),
}));
