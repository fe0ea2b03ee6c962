import type { GetListParams, GetListResult, RaRecord } from 'react-admin';
import { listingScope, newCursorBook, pageInfo, pageRequest, rememberNext } from './cursor-paging.js';

/** The cursors of every list paged by cursor, for as long as the page is open. */
const book = newCursorBook();

export interface CursorPage<T> {
  rows: T[];
  nextCursor?: string | undefined;
  total?: number | undefined;
}

/**
 * One page of a list the API pages by cursor, as react-admin's page N: the cursor that leads to
 * it is remembered from the page before (cursor-paging.ts). With `pageNumbers`, the API also
 * takes a page number to jump to.
 */
export async function cursorList<T>(
  resource: string,
  { pagination, filter }: GetListParams,
  pageNumbers: boolean,
  fetchPage: (request: { cursor?: string; page?: number }, perPage: number) => Promise<CursorPage<T>>,
): Promise<GetListResult> {
  const perPage = pagination?.perPage ?? 20;
  const scope = listingScope(resource, filter ?? {}, perPage);
  const { request, page: served } = pageRequest(book, scope, pagination?.page ?? 1, pageNumbers);
  const { rows, nextCursor, total } = await fetchPage(request, perPage);
  rememberNext(book, scope, served, nextCursor);
  // On the last page the count is known without counting: the pages before it were full.
  const known = total ?? (nextCursor ? undefined : (served - 1) * perPage + rows.length);
  return {
    data: rows as unknown as RaRecord[],
    pageInfo: pageInfo(served, nextCursor),
    ...(known !== undefined ? { total: known } : {}),
  };
}
