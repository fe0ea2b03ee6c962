import { describe, expect, it } from 'vitest';
import {
  listingScope,
  newCursorBook,
  pageInfo,
  pageRequest,
  rememberNext,
} from '../../console/src/api/cursor-paging.js';

describe('console cursor paging', () => {
  it('asks for nothing on page 1, then the cursor the previous page gave', () => {
    const book = newCursorBook();
    const scope = listingScope('orders', { status: 'Shipped' }, 20);
    expect(pageRequest(book, scope, 1, true)).toEqual({ request: {}, page: 1 });
    rememberNext(book, scope, 1, 'c2');
    expect(pageRequest(book, scope, 2, true)).toEqual({ request: { cursor: 'c2' }, page: 2 });
    rememberNext(book, scope, 2, undefined);
    expect(pageRequest(book, scope, 3, true)).toEqual({ request: { page: 3 }, page: 3 });
  });

  it('keeps cursors apart per listing: other filters or page size never reuse them', () => {
    const book = newCursorBook();
    const shipped = listingScope('orders', { status: 'Shipped' }, 20);
    rememberNext(book, shipped, 1, 'c2');
    expect(pageRequest(book, listingScope('orders', { status: 'Delivered' }, 20), 2, true)).toEqual({
      request: { page: 2 },
      page: 2,
    });
    expect(pageRequest(book, listingScope('orders', { status: 'Shipped' }, 50), 2, true)).toEqual({
      request: { page: 2 },
      page: 2,
    });
    expect(listingScope('orders', { a: '1', b: '', c: undefined }, 20)).toBe(listingScope('orders', { a: '1' }, 20));
    expect(listingScope('orders', { b: '2', a: '1' }, 20)).toBe(listingScope('orders', { a: '1', b: '2' }, 20));
  });

  it('restarts from page 1 on a listing without page numbers when the cursor is unknown', () => {
    expect(pageRequest(newCursorBook(), listingScope('audit', {}, 50), 4, false)).toEqual({ request: {}, page: 1 });
  });

  it("gives react-admin's partial pagination from the cursor", () => {
    expect(pageInfo(1, 'next')).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(pageInfo(3, undefined)).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });
});
