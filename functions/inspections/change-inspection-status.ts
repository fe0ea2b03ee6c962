import route from '../../lib/schemas/generated/changeInspectionStatus.js';
import type { changeInspectionStatus as Route } from '../../lib/schemas/inspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { changeInspectionStatus } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await changeInspectionStatus(caller, params.id, body),
}));
