import type { listTrims as Contract } from '../../lib/contracts/cars.js';
import contract from '../../lib/contracts/generated/listTrims.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listTrims } from '../../lib/services/cars.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, query }) => ({
  data: await listTrims(caller, query),
}));
