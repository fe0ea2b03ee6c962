import route from '../../lib/schemas/generated/getInspection.js';
import type { getInspection as Route } from '../../lib/schemas/inspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getInspection } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getInspection(caller, params.id),
}));
