import type { createCustomer as Contract } from '../../lib/contracts/customers.js';
import contract from '../../lib/contracts/generated/createCustomer.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createCustomer } from '../../lib/services/customers.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, body }) => ({
  data: await createCustomer(caller, body),
}));
