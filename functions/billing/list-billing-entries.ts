import route from '../../lib/schemas/generated/listBillingEntries.js';
import type { listBillingEntries as Route } from '../../lib/schemas/billing.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listPendingBilling } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listPendingBilling(caller, query));
