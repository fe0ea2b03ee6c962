/**
 * Opening an order by its number. The list is newest first and numbers only grow, so a page
 * whose oldest order has a smaller number than the one sought means it does not exist (or the
 * key may not see it): the walk stops there instead of reading the whole list.
 */
export type ScanStep = { found: string } | 'next' | 'absent';

export function scanPage(page: readonly { id: string; orderNumber: number }[], wanted: number, hasMore: boolean): ScanStep {
  const hit = page.find((order) => order.orderNumber === wanted);
  if (hit) return { found: hit.id };
  const oldest = page.at(-1);
  if (!hasMore || (oldest && oldest.orderNumber < wanted)) return 'absent';
  return 'next';
}

/** The order number typed in a search box ("#1042", " 1042 "), or undefined. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^\s*#?\s*(\d{1,12})\s*$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
