/**
 * The parts of an order kept in items of their own in its partition, so that a status move (or
 * any other change) rewrites a small item: its head. Each part is written whole, with the head's
 * version raised in the same transaction, by the changes that touch it. Plain data, read by the
 * order's schema (order.schema.ts) at build time and by the store at run time.
 */
export const ORDER_PARTS = ['export', 'customs', 'documents', 'archive'] as const;
export type OrderPart = (typeof ORDER_PARTS)[number];
