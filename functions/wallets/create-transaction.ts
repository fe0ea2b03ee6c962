import contract from '../../lib/contracts/generated/createWalletTransaction.js';
import type { createWalletTransaction as Contract } from '../../lib/contracts/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { idempotencyKeyFrom } from '../../lib/services/idempotency.js';
import { moveMoney } from '../../lib/services/wallets.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body, headers }) => ({
  data: await moveMoney(caller, params.id, body, idempotencyKeyFrom(headers), contract.route),
}));
