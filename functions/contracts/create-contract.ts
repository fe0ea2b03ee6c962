import route from '../../lib/schemas/generated/createContract.js';
import type { createContract as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createContract } from '../../lib/use-cases/contracts/create-contract.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await createContract(caller, body),
}));
