/**
 * Cursor paging for react-admin's page numbers. The API pages by cursor (`meta.nextCursor`);
 * react-admin asks for page N. A book remembers, per listing (resource + filters + page size),
 * the cursor that leads to each page it has seen, so "next" and "previous" read one page each.
 */
export interface CursorBook {
  readonly cursors: Map<string, string>;
}

export function newCursorBook(): CursorBook {
  return { cursors: new Map() };
}

/** The listing a cursor belongs to: a cursor of another listing is refused by the API. */
export function listingScope(resource: string, filter: Record<string, unknown>, perPage: number): string {
  const keys = Object.keys(filter)
    .filter((key) => filter[key] !== undefined && filter[key] !== '' && filter[key] !== null)
    .sort();
  return JSON.stringify([resource, perPage, keys.map((key) => [key, filter[key]])]);
}

export type PageRequest = { cursor: string } | { page: number } | Record<string, never>;

/**
 * What to ask the API for page `page`: nothing on the first page, the remembered cursor when
 * the page was reached before, else the page number (the API skips the pages before it), or,
 * when the listing has no page numbers, a restart from the first page.
 */
export function pageRequest(
  book: CursorBook,
  scope: string,
  page: number,
  pageNumbers: boolean,
): { request: PageRequest; page: number } {
  if (page <= 1) return { request: {}, page: 1 };
  const cursor = book.cursors.get(`${scope}#${page}`);
  if (cursor) return { request: { cursor }, page };
  return pageNumbers ? { request: { page }, page } : { request: {}, page: 1 };
}

/** Remember the cursor of the page after `page`. */
export function rememberNext(book: CursorBook, scope: string, page: number, nextCursor: string | undefined): void {
  if (nextCursor) book.cursors.set(`${scope}#${page + 1}`, nextCursor);
}

/** react-admin's partial pagination: whether there is a page before and after. */
export function pageInfo(
  page: number,
  nextCursor: string | undefined,
): { hasNextPage: boolean; hasPreviousPage: boolean } {
  return { hasNextPage: Boolean(nextCursor), hasPreviousPage: page > 1 };
}
