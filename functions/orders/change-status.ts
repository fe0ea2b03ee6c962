import route from '../../lib/schemas/generated/changeOrderStatus.js';
import type { changeOrderStatus as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeStatus } from '../../lib/use-cases/orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({ data: await changeStatus(caller, params.id, body) }));
