import { invalidState, notFound } from '../../domain/errors.js';
import { acceptsAddition, type OrderAddition } from '../../domain/order-lifecycle.js';
import type { Scope } from '../../domain/scope.js';
import { getChild, type ChildKind } from '../../store/order-children.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';

const NAMES: Record<ChildKind, string> = { BILLING: 'Billing entry', CONTRACT: 'Contract', INSPECTION: 'Inspection' };

/** A billing entry, contract or inspection in the caller's scope, or 404. */
export async function childInScope<K extends ChildKind>(scope: Scope, kind: K, id: string) {
  const child = await getChild(scope, kind, id);
  if (!child) throw notFound(NAMES[kind]);
  return child;
}

/** The order a child is created for or listed under: it must be in the caller's scope, or 404 naming the field. */
export async function orderInScopeOrNotFound(scope: Scope, orderId: string, field = 'orderId'): Promise<OrderRecord> {
  const order = await getOrder(scope, orderId);
  if (!order) throw notFound('Order', field);
  return order;
}

/** 409 INVALID_STATE when the order's status takes no more of `addition` (a cancelled order takes nothing new). */
export function ensureOrderAccepts(
  order: Pick<OrderRecord, 'status' | 'orderNumber'>,
  addition: OrderAddition,
  field = 'orderId',
): void {
  if (acceptsAddition(order.status, addition)) return;
  throw invalidState(`Order ${order.orderNumber} is ${order.status}: it takes no new ${addition}`, [
    { field, message: `the order is ${order.status}`, status: order.status },
  ]);
}
