import route from '../../lib/schemas/generated/listInspectors.js';
import type { listInspectors as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listInspectors } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listInspectors(caller, query),
}));
