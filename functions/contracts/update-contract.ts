import route from '../../lib/schemas/generated/updateContract.js';
import type { updateContract as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { updateContract } from '../../lib/use-cases/contracts/update-contract.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await updateContract(caller, params.id, body, expectedVersion),
}));
