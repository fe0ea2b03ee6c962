import route from '../../lib/schemas/generated/listOrderContracts.js';
import type { listOrderContracts as Route } from '../../lib/schemas/contracts.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderContracts } from '../../lib/use-cases/contracts/list-order-contracts.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await listOrderContracts(caller, params.id),
}));
