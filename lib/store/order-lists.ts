import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { OrderStatus } from '../domain/order-lifecycle.js';
import type { Scope } from '../domain/scope.js';
import { batchGet } from './batch-get.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { assemble } from './order-assembly.js';
import { queryAll } from './query-all.js';
import { ORDER_PARTS, orderCodec, type OrderPart, type OrderRecord } from './records/order.js';

type Item = Record<string, unknown>;

export interface OrderListFilter {
  customerId?: string;
  marketerId?: string;
  status?: OrderStatus;
  createdFrom?: string;
  createdTo?: string;
}

/** Where a page of orders starts: the index key of the last order of the previous page. */
export type OrderPageStart = Record<string, string>;

export interface OrderPage {
  orders: OrderRecord[];
  /** Where the next page starts; absent when this page ends the list. */
  next?: OrderPageStart;
  /** Matching orders read to reach this page (skipped ones included). */
  read: number;
}

type OrderList = (typeof keys.orderListIndexes)[keyof typeof keys.orderListIndexes];

/**
 * The list the scope and filter allow, most selective first (marketer, customer, tenant, all),
 * and the query on its index. Filters on what the index projects (tenantId, customerId) apply
 * there; the status, which changes with every move and so is not projected, applies to the heads.
 * A tenant's list of one status is read from the status list (GSI9), in the same order as the
 * tenant's list, so its cursors still name a place in the tenant's list (`byStatus` translates).
 */
function orderListQuery(
  scope: Scope,
  filter: OrderListFilter,
): { input: QueryCommandInput; list: OrderList; pk: string; byStatus?: string } {
  const marketerId = scope.marketerId ?? filter.marketerId;
  const tenantId = scope.tenantId;
  const lists = keys.orderListIndexes;
  const [list, pk] = marketerId
    ? [lists.marketer, keys.ordersOfMarketer(marketerId)]
    : filter.customerId
      ? [lists.customer, keys.ordersOfCustomer(filter.customerId)]
      : tenantId
        ? [lists.tenant, keys.ordersOfTenant(tenantId)]
        : [lists.all, keys.allOrders];
  const byStatus = list === lists.tenant && filter.status ? keys.ordersOfStatus(tenantId, filter.status) : undefined;
  const read = byStatus ? keys.orderStatusList : list;
  const names: Record<string, string> = { '#pk': read.pk };
  const values: Record<string, unknown> = { ':pk': byStatus ?? pk };
  let keyCondition = '#pk = :pk';
  if (filter.createdFrom || filter.createdTo) {
    const range = keys.createdBetween(filter.createdFrom, filter.createdTo);
    names['#sk'] = read.sk;
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    values[':from'] = range.from;
    values[':to'] = range.to;
  }
  const filters: string[] = [];
  const add = (attribute: string, value: unknown) => {
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    filters.push(`#${attribute} = :${attribute}`);
  };
  if (tenantId && list !== lists.tenant) add('tenantId', tenantId);
  if (filter.customerId && list !== lists.customer) add('customerId', filter.customerId);
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: read.index,
    KeyConditionExpression: keyCondition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
  };
  return { input, list, pk, ...(byStatus ? { byStatus } : {}) };
}

/**
 * The index key of an order's entry on the index a listing reads: where the next page starts. An
 * entry of the status list names its place in the tenant's list (the same sort key).
 */
const pageStartOf = (entry: Item, list: OrderList, statusOf?: { listPk: string }): OrderPageStart => ({
  pk: String(entry.pk),
  sk: String(entry.sk),
  [list.pk]: statusOf ? statusOf.listPk : String(entry[list.pk]),
  [list.sk]: String(entry[statusOf ? keys.orderStatusList.sk : list.sk]),
});

/** Where a page starts on the index the listing reads (the status list's own keys for a tenant's status list). */
const readStartOf = (start: OrderPageStart, list: OrderList, byStatus: string | undefined): Record<string, unknown> =>
  byStatus
    ? { pk: start.pk, sk: start.sk, [keys.orderStatusList.pk]: byStatus, [keys.orderStatusList.sk]: start[list.sk] }
    : start;

/** Whether a page start belongs to this listing (its index and partition, inside its date range). */
export function isPageStartOf(scope: Scope, filter: OrderListFilter, start: OrderPageStart): boolean {
  const { list, pk } = orderListQuery(scope, filter);
  const expected = new Set(['pk', 'sk', list.pk, list.sk]);
  if (Object.keys(start).length !== expected.size || !Object.keys(start).every((k) => expected.has(k))) return false;
  if (start[list.pk] !== pk || !start.pk?.startsWith('ORDER#') || start.sk !== 'ORDER') return false;
  const range = keys.createdBetween(filter.createdFrom, filter.createdTo);
  const sk = start[list.sk] ?? '';
  return sk >= range.from && sk <= range.to;
}

/** The heads of these orders' entries, by order id (eventually consistent, like the index they were listed from). */
async function headsOf(entries: Item[]): Promise<Map<string, Item>> {
  const heads = await batchGet(
    entries.map((entry) => ({ pk: String(entry.pk), sk: 'ORDER' })),
    false,
  );
  return new Map(heads.map((head) => [String(head.id), head]));
}

/** The orders of these heads, each with the parts of `wanted` it has. */
async function withParts(heads: Item[], wanted: readonly OrderPart[]): Promise<OrderRecord[]> {
  const decoded = heads.map((head) => ({ head, order: orderCodec.decode(head) }));
  const partKeys = decoded.flatMap(({ order }) =>
    (order.parts ?? []).filter((part) => wanted.includes(part)).map((part) => keys.orderPart(order.id, part)),
  );
  const parts = partKeys.length > 0 ? await batchGet(partKeys, false) : [];
  return decoded.map(({ head, order }) =>
    assemble(
      head,
      parts.filter((item) => item.pk === keys.orderPartition(order.id)),
    ),
  );
}

/** The parts an order in a list shows (its export steps, shipment and picture archive; documents and customs data are the detail's). */
const LISTED_PARTS: readonly OrderPart[] = ['export', 'archive'];

/**
 * One page of the orders in the caller's scope, newest first: `limit` orders after skipping
 * `skip` (page numbers) or starting after `start` (a cursor). It reads only as far as the page
 * needs (one more order, to know whether the list goes on), whatever the number of orders: the
 * index entries, then the page's heads and the parts they show by key. A status filter on a
 * tenant's list reads the status list (GSI9), checking each head's status still (the index may
 * lag a move by a moment); elsewhere it reads the heads of the orders it drops too; a tenant filter on a marketer's or customer's index reads
 * past the entries it drops.
 */
export async function queryOrderPage(
  scope: Scope,
  filter: OrderListFilter,
  page: { limit: number; skip: number; start?: OrderPageStart },
): Promise<OrderPage> {
  const { input, list, pk, byStatus } = orderListQuery(scope, filter);
  const wanted = page.skip + page.limit + 1;
  const found: Array<{ entry: Item; head?: Item }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = page.start && readStartOf(page.start, list, byStatus);
  do {
    const result = await ddb.send(
      new QueryCommand({ ...input, ExclusiveStartKey, Limit: Math.max(10, wanted - found.length) }),
    );
    const entries = result.Items ?? [];
    if (filter.status) {
      const heads = await headsOf(entries);
      for (const entry of entries) {
        const head = heads.get(String(entry.pk).slice('ORDER#'.length));
        if (head?.status === filter.status) found.push({ entry, head });
      }
    } else found.push(...entries.map((entry) => ({ entry })));
    ExclusiveStartKey = result.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < wanted);
  const onPage = found.slice(page.skip, page.skip + page.limit);
  const more = found.length > page.skip + page.limit;
  const last = onPage[onPage.length - 1];
  const missing = onPage.filter((o) => !o.head).map((o) => o.entry);
  const heads = missing.length > 0 ? await headsOf(missing) : new Map<string, Item>();
  const pageHeads = onPage.flatMap((o) => {
    const head = o.head ?? heads.get(String(o.entry.pk).slice('ORDER#'.length));
    return head ? [head] : [];
  });
  return {
    orders: await withParts(pageHeads, LISTED_PARTS),
    ...(more && last ? { next: pageStartOf(last.entry, list, byStatus ? { listPk: pk } : undefined) } : {}),
    read: Math.min(found.length, wanted),
  };
}

/** Every order of the scope and filter, newest first, with all its parts (tests and staff tools; a whole read). */
export async function queryOrders(scope: Scope, filter: OrderListFilter): Promise<OrderRecord[]> {
  const entries = await queryAll(orderListQuery(scope, filter).input);
  const heads = await headsOf(entries);
  const matching = entries.flatMap((entry) => {
    const head = heads.get(String(entry.pk).slice('ORDER#'.length));
    return head && (!filter.status || head.status === filter.status) ? [head] : [];
  });
  return withParts(matching, ORDER_PARTS);
}
