import route from '../../lib/schemas/generated/listUsers.js';
import type { listUsers as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listUsers } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) => ({
  data: await listUsers(caller, query),
}));
