import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { orderCounts, tallyStatuses, type OrderCounts } from '../../domain/order-counts.js';
import { ORDER_STATUSES } from '../../domain/order-lifecycle.js';
import { scopeOf } from '../../domain/scope.js';
import type { countOrders as CountRoute } from '../../schemas/orders.js';
import { countOrdersOfStatus, statusesOfMarketerOrders } from '../../store/order-counts.js';
import { owningTenant } from '../shared/tenancy.js';

type CountQuery = Static<NonNullable<(typeof CountRoute)['query']>>;

/**
 * How many orders of the caller's scope are in each status. A tenant's (or no tenant's) counts are
 * one count of its status list per status, side by side; a marketer's come from their own orders'
 * heads, which are few.
 */
export async function countOrders(caller: Caller, query: CountQuery): Promise<OrderCounts> {
  const tenantId = owningTenant(caller, query.tenantId);
  const { marketerId } = scopeOf(caller);
  if (marketerId !== undefined) return tallyStatuses(await statusesOfMarketerOrders(marketerId, tenantId));
  const counted = await Promise.all(
    ORDER_STATUSES.map(async (status) => [status, await countOrdersOfStatus(tenantId, status)] as const),
  );
  return orderCounts(Object.fromEntries(counted));
}
