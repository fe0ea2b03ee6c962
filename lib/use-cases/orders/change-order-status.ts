import { recordEvent } from '../../metrics.js';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { AppError, forbidden, notFound, serviceUnavailable } from '../../domain/errors.js';
import { checkExpectedVersion, type ExpectedVersion } from '../../domain/versioning.js';
import { newId, walletIdFor } from '../../domain/ids.js';
import { EVENT_OF_STATUS } from '../../domain/notifications.js';
import {
  allowedTransitions,
  checkTransition,
  rolesThatMayMove,
  transitionOutlook,
} from '../../domain/order-lifecycle.js';
import { scopeOf } from '../../domain/scope.js';
import { closesOrder, linkExpiry } from '../../domain/tracking-link.js';
import type { changeOrderStatus as StatusRoute } from '../../schemas/orders.js';
import { ChangeSet } from '../../store/change-set.js';
import { putHistoryItem, statusChangeItem } from '../../store/order-writes.js';
import { readOrderCollection, type OrderRecord } from '../../store/orders.js';
import { endTrackingLinkItem } from '../../store/tracking-links.js';
import { getWallet } from '../../store/wallets.js';
import { RETRY, RETRY_NOW, withRetries } from '../shared/retry.js';
import { moveWallet } from '../shared/wallet-movement.js';
import { emitOrderEvent } from './order-events.js';
import { factsOf } from './order-facts.js';
import { orderView, type OrderView } from './order-view.js';
import { hashOf } from '../shared/tracking-link.js';

type StatusBody = Static<NonNullable<(typeof StatusRoute)['body']>>;

/**
 * Moves an order to another status at the version the caller read: the status, the history
 * entry, the announcement and (cancelling a wallet-paid order) the refund commit together.
 */
export async function changeOrderStatus(
  caller: Caller,
  id: string,
  body: StatusBody,
  expected: ExpectedVersion | undefined,
): Promise<OrderView> {
  const scope = scopeOf(caller);
  return withRetries(async () => {
    const collection = await readOrderCollection(scope, id);
    if (!collection) throw notFound('Order');
    const { order } = collection;
    // Required (the route refuses a request with neither body.version nor If-Match).
    checkExpectedVersion(expected, order.version);
    const facts = factsOf(collection, caller);
    const check = checkTransition(facts, body.status, caller.role, body.inspectionDate !== undefined);
    if (!check.valid) {
      if (check.reason === 'role') {
        const allowedRoles = rolesThatMayMove(order.status, body.status);
        throw forbidden(check.errors[0], [
          {
            field: 'X-API-Key',
            message: `needs a key of one of these roles: ${allowedRoles.join(', ')}`,
            role: caller.role,
            allowedRoles,
          },
        ]);
      }
      throw new AppError('INVALID_TRANSITION', check.errors.join('; '), [
        {
          field: 'status',
          message: check.errors.join('; '),
          currentStatus: order.status,
          targetStatus: body.status,
          missingRequirements: check.missingRequirements,
          allowedTransitions: allowedTransitions(facts, caller.role),
          ...transitionOutlook(facts, caller.role),
        },
      ]);
    }
    const now = new Date().toISOString();
    const refund = body.status === 'Cancelled' && order.paidFromWallet && !order.refundedAt;
    const announced = EVENT_OF_STATUS[body.status];
    const next: OrderRecord = {
      ...order,
      notificationSeq: (order.notificationSeq ?? 0) + (announced ? 1 : 0),
      status: body.status,
      version: order.version + 1,
      updatedAt: now,
      inspectionDate:
        body.status === 'InspectionScheduled'
          ? (body.inspectionDate ?? facts.inspectionDate ?? null)
          : order.inspectionDate,
      ...(refund ? { refundedAt: now } : {}),
    };
    const changes = new ChangeSet(caller, now);
    const move = statusChangeItem(order, next, refund);
    const by = caller.userId ?? caller.keyId;
    changes.write(
      move,
      putHistoryItem({
        id: newId(),
        orderId: id,
        from: order.status,
        to: body.status,
        by,
        role: caller.role,
        at: now,
        note: body.note,
      }),
    );
    // Whether the customer hears of it is decided now, with the change, not at delivery.
    const customerNotificationsEnabled = order.carDetails.customerNotificationsEnabled !== false;
    const payload = { from: order.status, customerNotificationsEnabled };
    if (announced)
      changes.notify({
        kind: 'notify',
        event: announced,
        orderId: id,
        tenantId: order.tenantId,
        orderSeq: next.notificationSeq,
        payload,
      });
    // Closing the order starts the last 90 days of the buyer's tracking link.
    if (closesOrder(body.status) && order.tracking)
      changes.write(endTrackingLinkItem(hashOf(order.tracking), linkExpiry(now)));
    if (refund) {
      // The wallet of the order's own customer, in the order's tenant.
      const wallet = await getWallet(
        { tenantId: order.tenantId },
        order.walletId ?? walletIdFor(order.customerId),
        true,
      );
      if (!wallet) throw serviceUnavailable(1);
      const description = `Refund of cancelled order #${order.orderNumber}`;
      moveWallet(
        changes,
        wallet,
        { type: 'refund', amount: order.totalAmount, currency: order.currency, description, orderId: id },
        by,
      );
    }
    changes.audit({
      entity: 'order',
      entityId: id,
      tenantId: order.tenantId,
      action: `status.${body.status}`,
      before: order,
      after: next,
    });
    emitOrderEvent(changes, 'order.status_changed', next, {
      from: order.status,
      to: body.status,
      version: next.version,
    });
    const outcome = await changes.commit();
    if (outcome.ok) {
      if (refund) recordEvent('WalletMovements');
      return orderView(next, caller);
    }
    // The order moved meanwhile: the next read reports the conflict at once; anything else waits a little.
    return outcome.failed.includes(move) ? RETRY_NOW : RETRY;
  });
}
