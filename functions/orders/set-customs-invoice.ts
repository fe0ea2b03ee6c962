import route from '../../lib/schemas/generated/setCustomsInvoice.js';
import type { setCustomsInvoice as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setCustomsInvoice } from '../../lib/use-cases/orders/customs.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await setCustomsInvoice(caller, params.id, body, expectedVersion),
}));
