import contract from '../../lib/contracts/generated/createOrder.js';
import type { createOrder as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { idempotencyKeyFrom } from '../../lib/services/idempotency.js';
import { createOrder } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, body, headers }) => ({
  data: await createOrder(caller, body, idempotencyKeyFrom(headers), contract.route),
}));
