import type { Caller } from '../../domain/caller.js';
import { scopeOf } from '../../domain/scope.js';
import { editOrder } from './edit-order.js';
import { orderView, type OrderView } from './order-view.js';

/** Stored as carDetails.customerNotificationsEnabled (spec 4.13); staff notifications are not affected. */
export async function setCustomerNotifications(caller: Caller, id: string, enabled: boolean, version: number): Promise<OrderView> {
  return orderView(await editOrder(scopeOf(caller), id, version, { 'carDetails.customerNotificationsEnabled': enabled }), caller);
}
