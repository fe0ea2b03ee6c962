import route from '../../lib/schemas/generated/createUser.js';
import type { createUser as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { createUser } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, body }) => ({
  data: await createUser(caller, body),
}));
