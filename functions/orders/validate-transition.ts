import contract from '../../lib/contracts/generated/validateOrderTransition.js';
import type { validateOrderTransition as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { validateTransition } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await validateTransition(caller, params.id, body.targetStatus) }));
