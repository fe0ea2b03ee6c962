import route from '../../lib/schemas/generated/signContract.js';
import type { signContract as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { signContract } from '../../lib/use-cases/contracts/sign-contract.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await signContract(caller, params.id, body.signedDocument, expectedVersion),
}));
