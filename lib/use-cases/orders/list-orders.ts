import { createHash } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { CURSOR_EXAMPLE, invalidField } from '../../domain/errors.js';
import { parseInstant } from '../../domain/instant.js';
import type { OrderListMeta } from '../../domain/paging.js';
import { scopeOf } from '../../domain/scope.js';
import type { listOrders as ListRoute } from '../../schemas/orders.js';
import { orderIdOfNumber } from '../../store/order-numbers.js';
import { isPageStartOf, queryOrderPage, type OrderPageStart } from '../../store/order-lists.js';
import { getOrder, type OrderRecord } from '../../store/orders.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { listFailingImports } from './failing-imports.js';
import { orderView, type OrderView } from './order-view.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

/** The shape of a cursor, as the list schema's example has it. */

const instantOf = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  const instant = parseInstant(value);
  if (instant === undefined) throw invalidField(field, 'must be a real date-time, e.g. 2026-01-31T00:00:00Z');
  return instant;
};

/** The order with this number in the caller's scope (one GetItem, then the order's own Query). */
async function orderOfNumber(scope: ReturnType<typeof scopeOf>, orderNumber: number): Promise<OrderRecord | undefined> {
  const id = await orderIdOfNumber(orderNumber);
  return id === undefined ? undefined : getOrder(scope, id);
}

/** Whether an order passes the list's other filters (the same ones the list's query applies). */
function matchesFilter(order: OrderRecord, filter: OrderFilter): boolean {
  return (
    (filter.marketerId === undefined || order.marketerId === filter.marketerId) &&
    (filter.customerId === undefined || order.customerId === filter.customerId) &&
    (filter.status === undefined || order.status === filter.status) &&
    (filter.createdFrom === undefined || order.createdAt >= filter.createdFrom) &&
    (filter.createdTo === undefined || order.createdAt <= filter.createdTo)
  );
}

type OrderFilter = {
  marketerId?: string;
  customerId?: string;
  status?: string;
  createdFrom?: string;
  createdTo?: string;
};

/** The filters a cursor was given under, in a few characters: a cursor is refused under other ones. */
const filtersMark = (filter: OrderFilter): string =>
  createHash('sha256')
    .update(JSON.stringify([filter.marketerId, filter.customerId, filter.status, filter.createdFrom, filter.createdTo]))
    .digest('base64url')
    .slice(0, 10);

/**
 * A cursor of the order list: where the next page starts, how many orders came before it, and
 * the mark of its filters (cursors from before the mark have none, and are taken as they were).
 */
function decodeOrderCursor(cursor: string): { start: OrderPageStart; before: number; filters?: string } | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded) return undefined;
  const { before, f, ...start } = decoded;
  const count = before === undefined ? 0 : Number(before);
  return Number.isSafeInteger(count) && count >= 0
    ? { start, before: count, ...(f === undefined ? {} : { filters: f }) }
    : undefined;
}

/**
 * Orders newest first; a tenant key sees its tenant's orders, a marketer key only its own. A page
 * reads about one page of orders whatever their number: `cursor` (meta.nextCursor of the page
 * before) continues where that page ended; `page` skips pages, reading the ones it skips.
 * The cursor also carries how many orders came before its page, so `meta.page` is right on a
 * cursor page too (the cursor wins over `page`). `total` and `totalPages` come with the page
 * that ends the list: counting every order of a large listing would cost a read of all of them.
 */
export async function listOrders(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: OrderView[]; meta: OrderListMeta }> {
  const createdFrom = instantOf(query.createdFrom, 'createdFrom');
  const createdTo = instantOf(query.createdTo, 'createdTo');
  if (createdFrom && createdTo && createdFrom > createdTo) {
    throw invalidField(
      'createdFrom',
      `must not be after createdTo (${createdTo}): the range starts at the earlier time, e.g. createdFrom=${createdTo}&createdTo=${createdFrom}`,
    );
  }
  const scope = scopeOf(caller);
  const filter = {
    marketerId: query.marketerId,
    customerId: query.customerId,
    status: query.status,
    createdFrom,
    createdTo,
  };
  if (query.importCheck === 'failing') {
    if (query.cursor !== undefined || query.orderNumber !== undefined)
      throw invalidField(
        query.cursor !== undefined ? 'cursor' : 'orderNumber',
        'must be left out with importCheck=failing, which is paged by number: e.g. ?importCheck=failing&page=2',
      );
    return listFailingImports(caller, filter, { page: query.page, limit: query.limit });
  }
  if (query.orderNumber !== undefined) {
    if (query.cursor !== undefined)
      throw invalidField(
        'cursor',
        'must be left out with orderNumber: an order number names one order, e.g. ?orderNumber=1042',
      );
    const found = await orderOfNumber(scope, query.orderNumber);
    const matches = found !== undefined && matchesFilter(found, filter);
    return {
      data: matches ? [orderView(found, caller)] : [],
      meta: { page: 1, limit: query.limit, total: matches ? 1 : 0, totalPages: matches ? 1 : 0 },
    };
  }
  let cursor: { start: OrderPageStart; before: number; filters?: string } | undefined;
  if (query.cursor !== undefined) {
    cursor = decodeOrderCursor(query.cursor);
    if (
      !cursor ||
      !isPageStartOf(scope, filter, cursor.start) ||
      (cursor.filters !== undefined && cursor.filters !== filtersMark(filter))
    ) {
      throw invalidField(
        'cursor',
        `must be meta.nextCursor of the previous page, sent with the same filters (this is not a cursor of this listing), e.g. cursor=${CURSOR_EXAMPLE}`,
      );
    }
  }
  const skip = cursor ? 0 : (query.page - 1) * query.limit;
  const page = await queryOrderPage(scope, filter, { limit: query.limit, skip, start: cursor?.start });
  const before = cursor ? cursor.before : skip;
  // Without a next page, everything matching up to here was counted: the total is exact.
  const total = page.next ? undefined : cursor ? before + page.orders.length : page.read;
  return {
    data: page.orders.map((o) => orderView(o, caller)),
    meta: {
      page: Math.floor(before / query.limit) + 1,
      limit: query.limit,
      ...(page.next
        ? {
            nextCursor: encodeCursor({
              ...page.next,
              before: String(before + page.orders.length),
              f: filtersMark(filter),
            }),
          }
        : {}),
      ...(total !== undefined ? { total, totalPages: Math.ceil(total / query.limit) } : {}),
    },
  };
}
