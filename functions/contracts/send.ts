import type { sendContract as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/sendContract.js';
import { httpHandler } from '../../lib/http/handler.js';
import { sendContract } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await sendContract(caller, params.id, body) }));
