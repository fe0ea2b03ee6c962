import contract from '../../lib/contracts/generated/setCustomsInvoice.js';
import type { setCustomsInvoice as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setCustomsInvoice } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await setCustomsInvoice(caller, params.id, body) }));
