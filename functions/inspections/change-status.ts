import type { changeInspectionStatus as Route } from '../../lib/schemas/inspections.js';
import route from '../../lib/schemas/generated/changeInspectionStatus.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeInspection } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({ data: await changeInspection(caller, params.id, body) }));
