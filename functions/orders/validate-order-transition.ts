import route from '../../lib/schemas/generated/validateOrderTransition.js';
import type { validateOrderTransition as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { validateOrderTransition } from '../../lib/use-cases/orders/validate-order-transition.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await validateOrderTransition(caller, params.id, body.targetStatus),
}));
