import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { scopeOf } from '../../domain/scope.js';
import { getOrder, orderUpdateItems, withChanges, type OrderChanges, type OrderRecord } from '../../store/orders.js';
import { transact, type TransactItem } from '../../store/transact.js';
import { auditItem } from '../shared/audit.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { orderEventItem } from './order-events.js';

/**
 * A versioned change to an order in scope (its head, and the parts the change touches), with
 * its audit record in the same transaction: 404
 * when there is none, 409 (412 for If-Match) when the caller's `expected` version is stale. Without one, a change
 * that lost a race to another is re-planned on the order as it now is.
 */
export async function editOrder(
  caller: Caller,
  id: string,
  expected: ExpectedVersion | undefined,
  action: string,
  change: (order: OrderRecord) => OrderChanges | Promise<OrderChanges>,
  alongside: (order: OrderRecord, next: OrderRecord, now: string) => TransactItem[] = () => [],
): Promise<OrderRecord> {
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const order = await getOrder(scope, id);
    if (!order) throw notFound('Order');
    checkExpectedVersion(expected, order.version);
    const set = await change(order);
    const now = new Date().toISOString();
    const next = withChanges(order, set, now);
    const outcome = await transact([
      ...orderUpdateItems(scope, order, set, now),
      auditItem(caller, { entity: 'order', entityId: id, tenantId: order.tenantId, action, before: order, after: next }, now),
      orderEventItem('order.updated', next, now, { fields: Object.keys(set).filter((field) => field !== 'notificationSeq'), version: next.version }),
      ...alongside(order, next, now),
    ]);
    return outcome.ok ? next : RETRY;
  });
}
