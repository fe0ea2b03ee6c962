import route from '../../lib/schemas/generated/getOrder.js';
import type { getOrder as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getOrder } from '../../lib/use-cases/orders/get-order.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, serverUrl }) => ({
  data: await getOrder(caller, params.id, serverUrl),
}));
