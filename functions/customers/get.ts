import type { getCustomer as Contract } from '../../lib/contracts/customers.js';
import contract from '../../lib/contracts/generated/getCustomer.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCustomerDetail } from '../../lib/services/customers.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({
  data: await getCustomerDetail(caller, params.id),
}));
