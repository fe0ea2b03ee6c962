import route from '../../lib/schemas/generated/searchCustomers.js';
import type { searchCustomers as Route } from '../../lib/schemas/customers.js';
import { httpHandler } from '../../lib/http/handler.js';
import { searchCustomers } from '../../lib/use-cases/customers.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await searchCustomers(caller, query.phone),
}));
