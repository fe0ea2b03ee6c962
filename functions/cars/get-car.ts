import route from '../../lib/schemas/generated/getCar.js';
import type { getCar as Route } from '../../lib/schemas/cars.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getCar } from '../../lib/use-cases/cars.js';

export const handler = httpHandler<typeof Route>(route, ({ caller, params, query }) =>
  getCar(caller, params.id, query),
);
