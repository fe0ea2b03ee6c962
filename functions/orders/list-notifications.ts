import route from '../../lib/schemas/generated/listNotifications.js';
import type { listNotifications as Route } from '../../lib/schemas/notifications.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listFailedNotifications } from '../../lib/use-cases/notifications.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, query }) =>
  listFailedNotifications(caller, query),
);
