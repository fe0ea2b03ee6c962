import type { Caller } from '../../domain/caller.js';
import { evaluateImport, type ImportRule } from '../../domain/import-rules.js';
import { isTerminal } from '../../domain/order-lifecycle.js';
import type { OrderListMeta } from '../../domain/paging.js';
import { scopeOf } from '../../domain/scope.js';
import { localDay } from '../../domain/time-zone.js';
import { queryOrders, type OrderListFilter } from '../../store/order-lists.js';
import type { OrderRecord } from '../../store/orders.js';
import { ruleInForce } from '../import-rules-in-force.js';
import { tenantZone } from '../shared/tenancy.js';
import { importFactsOf } from './order-destination.js';
import { orderView, type OrderView } from './order-view.js';

/**
 * `GET /orders?importCheck=failing`: the open orders whose car the destination's rules in force
 * now refuse (a rule changed since the order was made) and that no admin has overridden, newest
 * first. It reads every order of the caller's scope and filters, so it is paged by number.
 */
export async function listFailingImports(
  caller: Caller,
  filter: OrderListFilter,
  page: { page: number; limit: number },
): Promise<{ data: OrderView[]; meta: OrderListMeta }> {
  const orders = (await queryOrders(scopeOf(caller), filter)).filter(
    (o) => !isTerminal(o.status) && o.destinationCountry !== undefined && o.importRuleOverride === undefined,
  );
  const rules = new Map<string, Promise<ImportRule | undefined>>();
  const zones = new Map<string, Promise<string>>();
  const memo = <T>(map: Map<string, Promise<T>>, key: string, read: () => Promise<T>) => {
    if (!map.has(key)) map.set(key, read());
    return map.get(key)!;
  };
  const fails = async (order: OrderRecord) => {
    const country = order.destinationCountry!;
    const tenant = order.tenantId ?? '';
    const [rule, zone] = await Promise.all([
      memo(rules, `${tenant}|${country}`, () => ruleInForce(order.tenantId, country)),
      memo(zones, tenant, () => tenantZone(order.tenantId)),
    ]);
    const facts = importFactsOf(undefined, order.carDetails);
    return !evaluateImport(country, rule, facts, localDay(order.createdAt, zone), order.shipment?.eta).allowed;
  };
  const verdicts = await Promise.all(orders.map(fails));
  const failing = orders.filter((_, i) => verdicts[i]);
  const start = (page.page - 1) * page.limit;
  return {
    data: failing.slice(start, start + page.limit).map((o) => orderView(o, caller)),
    meta: {
      page: page.page,
      limit: page.limit,
      total: failing.length,
      totalPages: Math.ceil(failing.length / page.limit),
    },
  };
}
