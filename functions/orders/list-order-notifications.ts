import route from '../../lib/schemas/generated/listOrderNotifications.js';
import type { listOrderNotifications as Route } from '../../lib/schemas/notifications.js';
import { httpHandler } from '../../lib/http/handler.js';
import { listOrderNotifications } from '../../lib/use-cases/orders/list-order-notifications.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params }) => ({
  data: await listOrderNotifications(caller, params.id),
}));
