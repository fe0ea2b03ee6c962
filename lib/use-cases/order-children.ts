import type { Caller } from '../domain/caller.js';
import { AppError, notFound } from '../domain/errors.js';
import { getChild, readOrder, type ChildKind, type OrderChild } from '../store/order-children.js';
import type { OrderRecord } from '../store/orders.js';
import { orderVisibleTo } from './orders.js';

const NAMES: Record<ChildKind, string> = { BILLING: 'Billing entry', CONTRACT: 'Contract', INSPECTION: 'Inspection' };

/** A billing entry, contract or inspection is visible exactly when its order is. */
export async function visibleChild<T extends OrderChild>(kind: ChildKind, id: string, caller: Caller): Promise<T> {
  const child = await getChild<T>(kind, id);
  if (!child || !orderVisibleTo(child, caller)) throw notFound(NAMES[kind]);
  return child;
}

/** The order a new child is created for: it must exist and be visible to the caller. */
export async function visibleOrder(caller: Caller, orderId: string, field = 'body.orderId'): Promise<OrderRecord> {
  const order = (await readOrder(orderId)) as OrderRecord | undefined;
  if (!order || !orderVisibleTo(order, caller)) {
    throw new AppError(404, 'NOT_FOUND', 'Order not found', [{ field, message: 'no such order for this key' }]);
  }
  return order;
}

export const invalidState = (message: string, details?: unknown) => new AppError(409, 'INVALID_STATE', message, details);
