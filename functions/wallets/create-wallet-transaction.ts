import route from '../../lib/schemas/generated/createWalletTransaction.js';
import type { createWalletTransaction as Route } from '../../lib/schemas/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createWalletTransaction } from '../../lib/use-cases/wallets.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, idempotencyKey }) => ({
  data: await createWalletTransaction(caller, params.id, body, idempotencyKey),
}));
