import route from '../../lib/schemas/generated/createBillingEntry.js';
import type { createBillingEntry as Route } from '../../lib/schemas/billing.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createBillingEntry } from '../../lib/use-cases/billing.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await createBillingEntry(caller, body),
}));
