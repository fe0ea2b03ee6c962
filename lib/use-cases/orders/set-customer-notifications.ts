import type { ExpectedVersion } from '../../domain/versioning.js';
import type { Caller } from '../../domain/caller.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

/** Stored as carDetails.customerNotificationsEnabled (docs/notifications.md); staff notifications are not affected. */
export async function setCustomerNotifications(
  caller: Caller,
  id: string,
  enabled: boolean,
  expected: ExpectedVersion | undefined,
): Promise<OrderView> {
  const order = await editOrder(caller, id, expected, 'customerNotifications.set', () => ({
    'carDetails.customerNotificationsEnabled': enabled,
  }));
  return orderView(order, caller);
}
