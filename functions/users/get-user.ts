import route from '../../lib/schemas/generated/getUser.js';
import type { getUser as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { getUser } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await getUser(caller, params.id),
}));
