import contract from '../../lib/contracts/generated/getCustomerWallet.js';
import type { getCustomerWallet as Contract } from '../../lib/contracts/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCustomerWallet } from '../../lib/services/wallets.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({
  data: await getCustomerWallet(caller, params.id),
}));
