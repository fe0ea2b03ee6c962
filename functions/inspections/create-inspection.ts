import route from '../../lib/schemas/generated/createInspection.js';
import type { createInspection as Route } from '../../lib/schemas/inspections.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createInspection } from '../../lib/use-cases/inspections.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await createInspection(caller, body),
}));
