import route from '../../lib/schemas/generated/listCustomers.js';
import type { listCustomers as Route } from '../../lib/schemas/customers.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listCustomers } from '../../lib/use-cases/customers.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listCustomers(caller, query));
