import type { listCars as Contract } from '../../lib/contracts/cars.js';
import contract from '../../lib/contracts/generated/listCars.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listCars } from '../../lib/services/cars.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, query }) => listCars(caller, query));
