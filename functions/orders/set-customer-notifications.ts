import route from '../../lib/schemas/generated/setCustomerNotifications.js';
import type { setCustomerNotifications as Route } from '../../lib/schemas/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setCustomerNotifications } from '../../lib/use-cases/orders/set-customer-notifications.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, body, expectedVersion }) => ({
  data: await setCustomerNotifications(caller, params.id, body.enabled, expectedVersion),
}));
