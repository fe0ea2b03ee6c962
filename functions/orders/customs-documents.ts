import contract from '../../lib/contracts/generated/addCustomsDocuments.js';
import type { addCustomsDocuments as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { addCustomsDocuments } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await addCustomsDocuments(caller, params.id, body) }));
