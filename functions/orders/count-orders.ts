import route from '../../lib/schemas/generated/countOrders.js';
import type { countOrders as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { countOrders } from '../../lib/use-cases/orders/count-orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await countOrders(caller, query),
}));
