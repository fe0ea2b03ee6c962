import type { createBillingEntry as Contract } from '../../lib/contracts/billing.js';
import contract from '../../lib/contracts/generated/createBillingEntry.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createBillingEntry } from '../../lib/services/billing.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, body }) => ({ data: await createBillingEntry(caller, body) }));
