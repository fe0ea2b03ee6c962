import route from '../../lib/schemas/generated/listWalletTransactions.js';
import type { listWalletTransactions as Route } from '../../lib/schemas/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listWalletTransactions } from '../../lib/use-cases/wallets.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, query }) =>
  listWalletTransactions(caller, params.id, query.page, query.pageSize),
);
