import route from '../../lib/schemas/generated/getCustomer.js';
import type { getCustomer as Route } from '../../lib/schemas/customers.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCustomer } from '../../lib/use-cases/customers.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getCustomer(caller, params.id),
}));
