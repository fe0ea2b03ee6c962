import route from '../../lib/schemas/generated/validateOrderTransition.js';
import type { validateOrderTransition as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { validateTransition } from '../../lib/use-cases/orders.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({ data: await validateTransition(caller, params.id, body.targetStatus) }));
