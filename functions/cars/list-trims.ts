import route from '../../lib/schemas/generated/listTrims.js';
import type { listTrims as Route } from '../../lib/schemas/cars.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listTrims } from '../../lib/use-cases/cars.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listTrims(caller, query),
}));
