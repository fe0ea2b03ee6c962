import contract from '../../lib/contracts/generated/setCustomerNotifications.js';
import type { setCustomerNotifications as Contract } from '../../lib/contracts/orders.js';
import { httpHandler } from '../../lib/http/handler.js';
import { setCustomerNotifications } from '../../lib/services/orders.js';

export const handler = httpHandler<typeof Contract>(contract, async ({ caller, params, body }) => ({ data: await setCustomerNotifications(caller, params.id, body.enabled, body.version) }));
