import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { scopeOf } from '../../domain/scope.js';
import { orderUpdateItems, withChanges, type OrderChanges } from '../../store/order-writes.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';
import { ChangeSet } from '../../store/change-set.js';
import { RETRY, withRetries } from '../shared/retry.js';
import { emitOrderEvent } from './order-events.js';

/**
 * A versioned change to an order in scope (its head, and the parts the change touches), with
 * its audit record, its event and what `alongside` adds, in one change set: 404
 * when there is none, 409 (412 for If-Match) when the caller's `expected` version is stale. Without one, a change
 * that lost a race to another is re-planned on the order as it now is.
 */
export async function editOrder(
  caller: Caller,
  id: string,
  expected: ExpectedVersion | undefined,
  action: string,
  change: (order: OrderRecord) => OrderChanges | Promise<OrderChanges>,
  alongside: (changes: ChangeSet, order: OrderRecord, next: OrderRecord) => void = () => undefined,
): Promise<OrderRecord> {
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const order = await getOrder(scope, id);
    if (!order) throw notFound('Order');
    checkExpectedVersion(expected, order.version);
    const set = await change(order);
    const now = new Date().toISOString();
    const next = withChanges(order, set, now);
    const changes = new ChangeSet(caller, now);
    changes.write(...orderUpdateItems(scope, order, set, now));
    changes.audit({ entity: 'order', entityId: id, tenantId: order.tenantId, action, before: order, after: next });
    emitOrderEvent(changes, 'order.updated', next, {
      fields: Object.keys(set).filter((field) => field !== 'notificationSeq'),
      version: next.version,
    });
    alongside(changes, order, next);
    const outcome = await changes.commit();
    return outcome.ok ? next : RETRY;
  });
}
