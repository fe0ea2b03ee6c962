import type { Caller } from '../../domain/caller.js';
import { newId } from '../../domain/ids.js';
import type { ChangeSet } from '../../store/change-set.js';
import { putChildItems } from '../../store/order-children.js';
import type { OrderRecord } from '../../store/orders.js';
import type { WalletRecord } from '../../store/wallets.js';
import { moveWallet } from '../shared/wallet-movement.js';
import type { depositReceipt } from './new-order.js';

/* What an order's creation adds to its change set besides the order itself, one concern each. */

type Receipt = ReturnType<typeof depositReceipt>;

/** The car's pictures are copied to the service's bucket by the outbox, once the order exists. */
export function archiveCarPictures(
  changes: ChangeSet,
  order: OrderRecord,
  pictures: readonly string[] | undefined,
): void {
  const images = [...new Set(pictures ?? [])];
  if (images.length === 0) return;
  const archive = changes.notify({
    kind: 'archive',
    orderId: order.id,
    tenantId: order.tenantId,
    payload: { orderNumber: order.orderNumber, images },
  });
  order.imageArchive = { status: 'pending', eventId: archive.id, objectKeys: [] };
}

/** The order's first history entry: created, in its first status. */
export const creationHistory = (order: OrderRecord, caller: Caller, at: string) => ({
  id: newId(),
  orderId: order.id,
  from: null,
  to: order.status,
  by: caller.userId ?? caller.keyId,
  role: caller.role,
  at,
});

/** The Pending receipt made from the receipt fields given at creation, audited and told to integrators. */
export function recordDepositReceipt(changes: ChangeSet, order: OrderRecord, receipt: Receipt): void {
  const { tenantId: _t, marketerId: _m, ...receiptView } = receipt;
  changes.write(...putChildItems('BILLING', receipt));
  changes.audit({
    entity: 'billing',
    entityId: receipt.id,
    tenantId: order.tenantId,
    action: 'created',
    after: receipt,
  });
  const subject = { type: 'billing_entry' as const, id: receipt.id };
  changes.emit('billing_entry.created', order.tenantId, subject, receiptView, { orderId: order.id });
}

/** An order paid from the wallet: its payment_deduction, in the order's own transaction. */
export function payFromWallet(changes: ChangeSet, wallet: WalletRecord, order: OrderRecord, by: string): void {
  const payment = {
    type: 'payment_deduction' as const,
    amount: order.totalAmount,
    currency: order.currency,
    description: `Payment for order #${order.orderNumber}`,
    orderId: order.id,
  };
  moveWallet(changes, wallet, payment, by);
}

/**
 * The chat notice of the new order. Whether the customer hears of it is decided now, with the
 * change, not at delivery; staff are told whether there is a deposit receipt to confirm.
 */
export function noticeOfNewOrder(changes: ChangeSet, order: OrderRecord, depositReceived: boolean): void {
  const payload = {
    customerNotificationsEnabled: order.carDetails.customerNotificationsEnabled !== false,
    depositReceived,
  };
  changes.notify({
    kind: 'notify',
    event: 'order.created',
    orderId: order.id,
    tenantId: order.tenantId,
    orderSeq: 1,
    payload,
  });
}
