import type { getCar as Contract } from '../../lib/contracts/cars.js';
import contract from '../../lib/contracts/generated/getCar.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCarDetail } from '../../lib/services/cars.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, query }) => ({
  data: await getCarDetail(caller, params.id, query),
}));
