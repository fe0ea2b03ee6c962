import type { createContract as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/createContract.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createContract } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, body }) => ({ data: await createContract(caller, body) }));
