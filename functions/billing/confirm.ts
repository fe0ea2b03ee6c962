import type { confirmBillingEntry as Contract } from '../../lib/contracts/billing.js';
import contract from '../../lib/contracts/generated/confirmBillingEntry.js';
import { httpHandler } from '../../lib/http/handler.js';
import { confirmBillingEntry } from '../../lib/services/billing.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await confirmBillingEntry(caller, params.id) }));
