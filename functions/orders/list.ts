import contract from '../../lib/contracts/generated/listOrders.js';
import type { listOrders as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrders } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, query }) => (await listOrders(caller, query)));
