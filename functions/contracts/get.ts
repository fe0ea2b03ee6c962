import type { getContract as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/getContract.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getContract } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await getContract(caller, params.id) }));
