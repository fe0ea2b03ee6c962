import route from '../../lib/schemas/generated/addCustomsDocuments.js';
import type { addCustomsDocuments as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { addCustomsDocuments } from '../../lib/use-cases/orders/customs.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await addCustomsDocuments(caller, params.id, body, expectedVersion),
}));
