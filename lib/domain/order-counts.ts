import { ORDER_STATUSES, type OrderStatus } from './order-lifecycle.js';

/** How many orders are in each status (every status named, 0 when none), and how many in all. */
export interface OrderCounts {
  counts: Record<OrderStatus, number>;
  total: number;
}

/** The counts from a number per status (a status not given counts 0; a name that is no status is left out). */
export function orderCounts(byStatus: Partial<Record<string, number>>): OrderCounts {
  const counts = Object.fromEntries(ORDER_STATUSES.map((status) => [status, byStatus[status] ?? 0])) as Record<
    OrderStatus,
    number
  >;
  return { counts, total: ORDER_STATUSES.reduce((sum, status) => sum + counts[status], 0) };
}

/** The counts of a list of orders' statuses (a marketer's own orders, read one by one). */
export function tallyStatuses(statuses: readonly string[]): OrderCounts {
  const byStatus: Record<string, number> = {};
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return orderCounts(byStatus);
}
