import route from '../../lib/schemas/generated/getCustomerWallet.js';
import type { getCustomerWallet as Route } from '../../lib/schemas/wallets.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCustomerWallet } from '../../lib/use-cases/wallets.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getCustomerWallet(caller, params.id),
}));
