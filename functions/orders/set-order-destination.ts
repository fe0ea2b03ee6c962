import route from '../../lib/schemas/generated/setOrderDestination.js';
import type { setOrderDestination as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setOrderDestination } from '../../lib/use-cases/orders/set-order-destination.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await setOrderDestination(caller, params.id, body, expectedVersion),
}));
