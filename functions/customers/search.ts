import type { searchCustomers as Contract } from '../../lib/contracts/customers.js';
import contract from '../../lib/contracts/generated/searchCustomers.js';
import { httpHandler } from '../../lib/http/handler.js';
import { searchCustomersByPhone } from '../../lib/services/customers.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, query }) => ({
  data: await searchCustomersByPhone(caller, query.phone),
}));
