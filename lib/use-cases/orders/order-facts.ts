import type { Caller } from '../../domain/caller.js';
import type { OrderFacts } from '../../domain/order-lifecycle.js';
import { isLoaded } from '../../domain/shipment.js';
import type { OrderCollection } from '../../store/orders.js';
import { ownsOrder } from './order-view.js';

/**
 * The date the order's inspection is set for: the order's own, else the one its newest inspection
 * still on (not Cancelled) was created with, so staff give the date once.
 */
function scheduledInspectionDate(collection: OrderCollection): string | null {
  if (collection.order.inspectionDate) return collection.order.inspectionDate;
  const live = collection.inspections
    .filter((i) => i.status !== 'Cancelled' && typeof i.inspectionDate === 'string')
    .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
  return (live[0]?.inspectionDate as string | undefined) ?? null;
}

/** What the lifecycle rules need to know about an order and its records, for this caller. */
export function factsOf(collection: OrderCollection, caller: Caller): OrderFacts {
  const { order } = collection;
  return {
    status: order.status,
    paidFromWallet: order.paidFromWallet,
    callerOwnsOrder: ownsOrder(order, caller),
    inspectionDate: scheduledInspectionDate(collection),
    totalAmount: order.totalAmount,
    currency: order.currency,
    receipts: collection.billing
      .filter((b) => b.type === 'receipt')
      .map((b) => ({ status: String(b.status), amount: Number(b.amount), currency: String(b.currency) })),
    inspections: collection.inspections.map((i) => ({ status: String(i.status) })),
    contracts: collection.contracts.map((c) => ({ status: String(c.status) })),
    hasCustomsInvoice: order.customsInvoice !== undefined,
    hasBillOfLading: isLoaded(order.shipment),
    hasArrived: Boolean(order.shipment?.ata),
  };
}
