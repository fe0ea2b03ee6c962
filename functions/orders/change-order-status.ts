import route from '../../lib/schemas/generated/changeOrderStatus.js';
import type { changeOrderStatus as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeOrderStatus } from '../../lib/use-cases/orders/change-order-status.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await changeOrderStatus(caller, params.id, body, expectedVersion),
}));
