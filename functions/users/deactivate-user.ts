import route from '../../lib/schemas/generated/deactivateUser.js';
import type { deactivateUser as Route } from '../../lib/schemas/users.js';
import { httpHandler } from '../../lib/http/handler.js';
import { deactivateUser } from '../../lib/use-cases/users.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await deactivateUser(caller, params.id),
}));
