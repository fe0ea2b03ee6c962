import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { invalidField } from '../../domain/errors.js';
import { parseInstant } from '../../domain/instant.js';
import { pageMeta, type PageMeta } from '../../domain/paging.js';
import { scopeOf } from '../../domain/scope.js';
import type { listOrders as ListRoute } from '../../schemas/orders.js';
import { queryOrders } from '../../store/orders.js';
import { orderView, type OrderView } from './order-view.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

const instantOf = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  const instant = parseInstant(value);
  if (instant === undefined) throw invalidField(field, 'must be a real date-time, e.g. 2026-01-31T00:00:00Z');
  return instant;
};

/** Orders newest first; a tenant key sees its tenant's orders, a marketer key only its own. */
export async function listOrders(caller: Caller, query: ListQuery): Promise<{ data: OrderView[]; meta: PageMeta }> {
  const createdFrom = instantOf(query.createdFrom, 'query.createdFrom');
  const createdTo = instantOf(query.createdTo, 'query.createdTo');
  if (createdFrom && createdTo && createdFrom > createdTo) throw invalidField('query.createdFrom', 'must not be after createdTo');
  const orders = await queryOrders(scopeOf(caller), { marketerId: query.marketerId, customerId: query.customerId, status: query.status, createdFrom, createdTo });
  const start = (query.page - 1) * query.limit;
  return { data: orders.slice(start, start + query.limit).map((o) => orderView(o, caller)), meta: pageMeta(query.page, query.limit, orders.length) };
}
