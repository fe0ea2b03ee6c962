import route from '../../lib/schemas/generated/recordExportStep.js';
import type { recordExportStep as Route } from '../../lib/schemas/export.js';
import { httpHandler } from '../../lib/http/handler.js';
import { recordExportStep } from '../../lib/use-cases/orders/export.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await recordExportStep(caller, params.id, params.step, body, expectedVersion),
}));
