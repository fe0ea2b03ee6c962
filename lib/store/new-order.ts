import { marketerAccessItem } from './customer-access.js';
import { carOrderItem } from './feed-files.js';
import { orderNumberItem } from './order-numbers.js';
import { putHistoryItem, putOrderItem, putOrderPartItems } from './order-writes.js';
import type { CustomerRecord } from './records/customer.js';
import type { HistoryEntry, OrderRecord } from './records/order.js';
import { putTrackingLinkItem, type TrackingLink } from './tracking-links.js';
import type { TransactItem } from './transact.js';

/** What a new order writes besides itself, as the use case states it. */
export interface NewOrderRecords {
  /** The buyer's link: its token's hash keys it. */
  trackingLink: { hash: string; link: TrackingLink };
  /** The order's first history entry (from nothing to its first status). */
  history: HistoryEntry;
  /** The customer, when the order's marketer does not see them yet (the first order a marketer places for them). */
  newMarketerAccessTo?: Pick<CustomerRecord, 'id' | 'name' | 'tenantId'>;
}

/**
 * A new order's items: its head and parts, its number's entry, its buyer's link, its history,
 * the car's link to it (so the order's tenant hears when a feed removes or reprices the car), and
 * the marketer's access to its customer the first time. Each is a new item: nothing here is
 * written by every order of a customer, so concurrent orders of one customer do not conflict.
 */
export function newOrderItems(order: OrderRecord, records: NewOrderRecords): TransactItem[] {
  return [
    putOrderItem(order),
    ...putOrderPartItems(order),
    orderNumberItem(order),
    putTrackingLinkItem(records.trackingLink.hash, records.trackingLink.link),
    putHistoryItem(records.history),
    ...(records.newMarketerAccessTo && order.marketerId
      ? [marketerAccessItem(records.newMarketerAccessTo, order.marketerId)]
      : []),
    ...(order.carId !== undefined
      ? [carOrderItem({ carId: order.carId, orderId: order.id, tenantId: order.tenantId })]
      : []),
  ];
}
