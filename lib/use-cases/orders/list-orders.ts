import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { invalidField } from '../../domain/errors.js';
import { parseInstant } from '../../domain/instant.js';
import type { OrderListMeta } from '../../domain/paging.js';
import { scopeOf } from '../../domain/scope.js';
import type { listOrders as ListRoute } from '../../schemas/orders.js';
import { isPageStartOf, queryOrderPage, type OrderPageStart } from '../../store/orders.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { orderView, type OrderView } from './order-view.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

const instantOf = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  const instant = parseInstant(value);
  if (instant === undefined) throw invalidField(field, 'must be a real date-time, e.g. 2026-01-31T00:00:00Z');
  return instant;
};

/**
 * Orders newest first; a tenant key sees its tenant's orders, a marketer key only its own. A page
 * reads about one page of orders whatever their number: `cursor` (meta.nextCursor of the page
 * before) continues where that page ended; `page` skips pages, reading the ones it skips.
 * `total` and `totalPages` come with the page that ends the list, when it was reached by page
 * number: counting every order of a large listing would cost a read of all of them.
 */
export async function listOrders(caller: Caller, query: ListQuery): Promise<{ data: OrderView[]; meta: OrderListMeta }> {
  const createdFrom = instantOf(query.createdFrom, 'query.createdFrom');
  const createdTo = instantOf(query.createdTo, 'query.createdTo');
  if (createdFrom && createdTo && createdFrom > createdTo) throw invalidField('query.createdFrom', 'must not be after createdTo');
  const scope = scopeOf(caller);
  const filter = { marketerId: query.marketerId, customerId: query.customerId, status: query.status, createdFrom, createdTo };
  let start: OrderPageStart | undefined;
  if (query.cursor !== undefined) {
    start = decodeCursor(query.cursor);
    if (!start || !isPageStartOf(scope, filter, start)) throw invalidField('query.cursor', 'is not a cursor of this listing; pass meta.nextCursor of the previous page with the same filters');
  }
  const skip = start ? 0 : (query.page - 1) * query.limit;
  const page = await queryOrderPage(scope, filter, { limit: query.limit, skip, start });
  // Without a next page, everything matching was read: the count is exact.
  const total = !start && !page.next ? page.read : undefined;
  return {
    data: page.orders.map((o) => orderView(o, caller)),
    meta: {
      page: query.page,
      limit: query.limit,
      ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}),
      ...(total !== undefined ? { total, totalPages: Math.ceil(total / query.limit) } : {}),
    },
  };
}
