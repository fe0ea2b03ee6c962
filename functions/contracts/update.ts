import type { updateContract as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/updateContract.js';
import { httpHandler } from '../../lib/http/handler.js';
import { updateContract } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await updateContract(caller, params.id, body) }));
