import type { listOrderContracts as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/listOrderContracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderContracts } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params }) => ({ data: await listOrderContracts(caller, params.id) }));
