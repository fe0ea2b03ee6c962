import contract from '../../lib/contracts/generated/listWalletTransactions.js';
import type { listWalletTransactions as Contract } from '../../lib/contracts/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listTransactions } from '../../lib/services/wallets.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, query }) =>
  listTransactions(caller, params.id, query.page, query.pageSize),
);
