import route from '../../lib/schemas/generated/listCars.js';
import type { listCars as Route } from '../../lib/schemas/cars.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listCars } from '../../lib/use-cases/cars.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listCars(caller, query));
