import route from '../../lib/schemas/generated/createOrder.js';
import type { createOrder as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createOrder } from '../../lib/use-cases/orders/create-order.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body, idempotencyKey }) => ({
  data: await createOrder(caller, body, idempotencyKey),
}));
