import route from '../../lib/schemas/generated/listOrderBilling.js';
import type { listOrderBilling as Route } from '../../lib/schemas/billing.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderBilling } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await listOrderBilling(caller, params.id),
}));
