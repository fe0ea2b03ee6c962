import route from '../../lib/schemas/generated/getContract.js';
import type { getContract as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getContract } from '../../lib/use-cases/contracts/get-contract.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getContract(caller, params.id),
}));
