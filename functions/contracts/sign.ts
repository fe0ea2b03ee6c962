import type { signContract as Contract } from '../../lib/contracts/sales-contracts.js';
import contract from '../../lib/contracts/generated/signContract.js';
import { httpHandler } from '../../lib/http/handler.js';
import { signContract } from '../../lib/services/sales-contracts.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await signContract(caller, params.id, body.signedDocument) }));
