import type { Static } from '@sinclair/typebox';
import { withPictureUrls } from '../../archive/picture-url.js';
import type { Caller } from '../../domain/caller.js';
import { allowedTransitions, canCancel, isTerminal, PROGRESS } from '../../domain/order-lifecycle.js';
import type { Order } from '../../schemas/orders.js';
import type { OrderRecord } from '../../store/orders.js';

export type OrderView = Static<typeof Order>;

/** The caller created the order or is its marketer (marketers and integrators may cancel their own). */
export const ownsOrder = (order: Pick<OrderRecord, 'marketerId' | 'createdByKeyId'>, caller: Caller): boolean =>
  order.createdByKeyId === caller.keyId || (caller.userId !== undefined && order.marketerId === caller.userId);

/** The order as the API shows it to this caller: allowed moves depend on the caller's role. */
export const orderView = (order: OrderRecord, caller: Caller): OrderView =>
  withOrderPictures(storedOrderView(order, caller));

/** An order view with its car snapshot's pictures as addresses, made when it is answered. */
export const withOrderPictures = (view: OrderView): OrderView => ({
  ...view,
  carDetails: withPictureUrls(view.carDetails),
});

/**
 * The same view as kept in the table (an event's body, an Idempotency-Key's answer): the car's
 * pictures keep their s3:// URIs, so nothing stored carries the local stack's S3 port;
 * withOrderPictures gives them their address when the copy is read.
 */
export function storedOrderView(order: OrderRecord, caller: Caller): OrderView {
  const facts = {
    status: order.status,
    paidFromWallet: order.paidFromWallet,
    callerOwnsOrder: ownsOrder(order, caller),
  };
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    allowedStatusTransitions: allowedTransitions(facts, caller.role),
    progress: PROGRESS[order.status],
    canCancel: canCancel(order.status),
    isTerminal: isTerminal(order.status),
    version: order.version,
    customerId: order.customerId,
    marketerId: order.marketerId,
    tenantId: order.tenantId,
    carId: order.carId,
    carDetails: order.carDetails,
    totalAmount: order.totalAmount,
    currency: order.currency,
    notes: order.notes,
    inspectionDate: order.inspectionDate,
    paidFromWallet: order.paidFromWallet,
    depositReceiptId: order.depositReceiptId ?? null,
    imageArchive: order.imageArchive,
    ...(order.exportSteps ? { exportSteps: order.exportSteps } : {}),
    ...(order.shipment ? { shipment: order.shipment } : {}),
    ...(order.destinationCountry ? { destinationCountry: order.destinationCountry } : {}),
    ...(order.importRuleOverride ? { importRuleOverride: order.importRuleOverride } : {}),
    ...(order.consignee ? { consignee: order.consignee } : {}),
    ...(order.documentCourier ? { documentCourier: order.documentCourier } : {}),
    customer: order.customer,
    marketer: order.marketer,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}
