import route from '../../lib/schemas/generated/updateUser.js';
import type { updateUser as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { updateUser } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body }) => ({
  data: await updateUser(caller, params.id, body),
}));
