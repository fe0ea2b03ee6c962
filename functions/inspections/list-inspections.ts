import route from '../../lib/schemas/generated/listInspections.js';
import type { listInspections as Route } from '../../lib/schemas/inspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listInspections } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => listInspections(caller, query));
