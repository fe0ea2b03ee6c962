import route from '../../lib/schemas/generated/createWalletTransaction.js';
import type { createWalletTransaction as Route } from '../../lib/schemas/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { idempotencyKeyFrom } from '../../lib/use-cases/idempotency.js';
import { moveMoney } from '../../lib/use-cases/wallets.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, headers }) => ({
  data: await moveMoney(caller, params.id, body, idempotencyKeyFrom(headers), route.route),
}));
