import route from '../../lib/schemas/generated/listOrderInspections.js';
import type { listOrderInspections as Route } from '../../lib/schemas/inspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderInspections } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await listOrderInspections(caller, params.id),
}));
