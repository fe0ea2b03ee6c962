import route from '../../lib/schemas/generated/confirmBillingEntry.js';
import type { confirmBillingEntry as Route } from '../../lib/schemas/billing.js';
import { httpHandler } from '../../lib/http/handler.js';
import { confirmBillingEntry } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await confirmBillingEntry(caller, params.id),
}));
