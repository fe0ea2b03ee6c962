/** The order number typed in a search box ("#1042", " 1042 "), or undefined. */
export function parseOrderNumber(text: string): number | undefined {
  const match = /^\s*#?\s*(\d{1,12})\s*$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
