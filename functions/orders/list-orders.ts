import route from '../../lib/schemas/generated/listOrders.js';
import type { listOrders as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrders } from '../../lib/use-cases/orders/list-orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listOrders(caller, query));
