import route from '../../lib/schemas/generated/createCustomer.js';
import type { createCustomer as Route } from '../../lib/schemas/customers.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createCustomer } from '../../lib/use-cases/customers.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body, idempotencyKey }) => ({
  data: await createCustomer(caller, body, idempotencyKey),
}));
