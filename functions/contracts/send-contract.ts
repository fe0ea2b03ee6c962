import route from '../../lib/schemas/generated/sendContract.js';
import type { sendContract as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { sendContract } from '../../lib/use-cases/contracts/send-contract.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await sendContract(caller, params.id, body, expectedVersion),
}));
