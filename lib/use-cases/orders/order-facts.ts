import type { Caller } from '../../domain/caller.js';
import type { OrderFacts } from '../../domain/order-lifecycle.js';
import { isLoaded } from '../../domain/shipment.js';
import type { OrderCollection } from '../../store/orders.js';
import { ownsOrder } from './order-view.js';

/** What the lifecycle rules need to know about an order and its records, for this caller. */
export function factsOf(collection: OrderCollection, caller: Caller): OrderFacts {
  const { order } = collection;
  return {
    status: order.status,
    paidFromWallet: order.paidFromWallet,
    callerOwnsOrder: ownsOrder(order, caller),
    inspectionDate: order.inspectionDate,
    totalAmount: order.totalAmount,
    currency: order.currency,
    receipts: collection.billing.filter((b) => b.type === 'receipt').map((b) => ({ status: String(b.status), amount: Number(b.amount), currency: String(b.currency) })),
    inspections: collection.inspections.map((i) => ({ status: String(i.status) })),
    contracts: collection.contracts.map((c) => ({ status: String(c.status) })),
    hasCustomsInvoice: order.customsInvoice !== undefined,
    hasBillOfLading: isLoaded(order.shipment),
    hasArrived: Boolean(order.shipment?.ata),
  };
}
