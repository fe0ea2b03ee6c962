import route from '../../lib/schemas/generated/createOrder.js';
import type { createOrder as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { idempotencyKeyFrom } from '../../lib/use-cases/idempotency.js';
import { createOrder } from '../../lib/use-cases/orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body, headers }) => ({
  data: await createOrder(caller, body, idempotencyKeyFrom(headers), route.route),
}));
