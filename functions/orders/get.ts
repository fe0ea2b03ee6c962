import contract from '../../lib/contracts/generated/getOrder.js';
import type { getOrder as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getOrderDetail } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await getOrderDetail(caller, params.id) }));
