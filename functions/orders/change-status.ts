import contract from '../../lib/contracts/generated/changeOrderStatus.js';
import type { changeOrderStatus as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeStatus } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await changeStatus(caller, params.id, body) }));
