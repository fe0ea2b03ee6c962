import route from '../../lib/schemas/generated/getOrder.js';
import type { getOrder as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getOrderDetail } from '../../lib/use-cases/orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({ data: await getOrderDetail(caller, params.id) }));
