import route from '../../lib/schemas/generated/getMe.js';
import type { getMe as Route } from '../../lib/schemas/api-keys.js';
import { httpHandler } from '../../lib/http/handler.js';
import { describeCaller } from '../../lib/use-cases/describe-caller.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller }) => ({ data: await describeCaller(caller) }));
