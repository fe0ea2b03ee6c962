import route from '../../lib/schemas/generated/setOrderConsignee.js';
import type { setOrderConsignee as Route } from '../../lib/schemas/consignee.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setOrderConsignee } from '../../lib/use-cases/orders/set-order-consignee.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await setOrderConsignee(caller, params.id, body, expectedVersion),
}));
