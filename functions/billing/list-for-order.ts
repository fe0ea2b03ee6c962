import type { listOrderBilling as Contract } from '../../lib/contracts/billing.js';
import contract from '../../lib/contracts/generated/listOrderBilling.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderBilling } from '../../lib/services/billing.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await listOrderBilling(caller, params.id) }));
