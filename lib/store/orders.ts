import { BatchGetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { CarRecord } from '../domain/car.js';
import type { OrderStatus } from '../domain/order-lifecycle.js';
import { orderInScope, tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { allOf, scopeCondition, setExpression } from './expressions.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { carCodec } from './records/car.js';
import { customerCodec, type CustomerRecord } from './records/customer.js';
import { idempotencyRecordOf, type IdempotencyRecord } from './idempotency.js';
import {
  historyEntryCodec,
  ORDER_PARTS,
  orderCodec,
  orderNoticeCodec,
  orderPartCodecs,
  partOfField,
  partOfSortKey,
  type HistoryEntry,
  type ImageArchiveState,
  type OrderNotice,
  type OrderPart,
  type OrderRecord,
} from './records/order.js';
import { childCodecs, type BillingEntryRecord, type ContractRecord, type InspectionRecord } from './records/order-children.js';
import { staffUserCodec, type StaffUser } from './records/user.js';
import { walletCodec, type WalletRecord } from './records/wallet.js';
import { transact, type TransactItem } from './transact.js';

export type { GeneratedDocument, HistoryEntry, ImageArchiveState, OrderNotice, OrderRecord } from './records/order.js';

export const ORDER_COUNTER = 'orderNumber';
export const CONTRACT_COUNTER = 'contractNumber';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** Items by key in BatchGets of at most 100 keys (side by side), following what the table left unprocessed. */
async function batchGet(wanted: Key[], consistent: boolean): Promise<Item[]> {
  const table = tableName();
  const chunks = Array.from({ length: Math.ceil(wanted.length / 100) }, (_, i) => wanted.slice(i * 100, i * 100 + 100));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Item[] = [];
      let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = { [table]: { Keys: chunk, ConsistentRead: consistent } };
      while (request && Object.keys(request).length > 0) {
        const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
        items.push(...(result.Responses?.[table] ?? []));
        request = result.UnprocessedKeys as typeof request;
      }
      return items;
    }),
  );
  return pages.flat();
}

/**
 * Everything a new order needs to read, in one BatchGet: the customer (only when of the caller's
 * tenant), and when asked the wallet, the car, the marketer and a stored
 * Idempotency-Key answer. A marketer may place an order for any customer of the tenant whose id
 * they were given: that order is what makes the customer theirs to see.
 */
export async function readForNewOrder(
  scope: Scope,
  input: { customerId: string; walletId?: string; carId?: number; marketerId?: string; idempotency?: { keyId: string; key: string } },
): Promise<{
  customer?: CustomerRecord;
  wallet?: WalletRecord;
  car?: CarRecord;
  marketer?: StaffUser;
  marketerHasAccess: boolean;
  idempotency?: IdempotencyRecord;
}> {
  const wanted = [
    keys.customer(input.customerId),
    ...(input.walletId ? [keys.wallet(input.walletId)] : []),
    ...(input.carId !== undefined ? [keys.car(input.carId)] : []),
    ...(input.marketerId ? [keys.user(input.marketerId), keys.customerAccess(input.customerId, input.marketerId)] : []),
    ...(input.idempotency ? [keys.idempotency(input.idempotency.keyId, input.idempotency.key)] : []),
  ];
  const items = await batchGet(wanted, true);
  const itemOf = (sk: string) => items.find((i) => i.sk === sk);
  const decoded = <T>(sk: string, decode: (item: Item) => T): T | undefined => {
    const item = itemOf(sk);
    return item ? decode(item) : undefined;
  };
  const customer = decoded('CUSTOMER', customerCodec.decode);
  const customerInScope = customer !== undefined && tenantInScope(customer.tenantId, scope);
  const marketer = decoded('USER', staffUserCodec.decode);
  return {
    customer: customerInScope ? customer : undefined,
    wallet: customerInScope ? decoded('WALLET', walletCodec.decode) : undefined,
    car: decoded('CAR', carCodec.decode),
    // A marketer of another tenant is no marketer of this order.
    marketer: marketer && customer && marketer.tenantId === customer.tenantId ? marketer : undefined,
    // Whether the marketer already sees this customer (then the order need not write that again).
    marketerHasAccess: input.marketerId !== undefined && items.some((i) => i.sk === keys.customerAccess(input.customerId, input.marketerId!).sk),
    idempotency: idempotencyRecordOf(itemOf('IDEMPOTENCY')),
  };
}

/**
 * The next number of a sequence (order and contract numbers), from one atomic increment: no read
 * before it, no condition, so concurrent creations never collide over the counter and each gets
 * its own number at once. Numbers are unique and increase in the order they are taken; a
 * creation that fails after taking one leaves a gap (docs/decisions.md: "Order and contract numbers").
 */
export async function takeNextNumber(counter: string): Promise<number> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.value);
}

/**
 * The order split into its head's fields and each part's fields (a part only when it has some).
 * The car snapshot's pictures go to the archive part (as carImages), the rest of it stays on the
 * head, where notices and lists read the car's name.
 */
function split(order: OrderRecord): { head: Item; parts: Map<OrderPart, Item> } {
  const head: Item = {};
  const parts = new Map<OrderPart, Item>();
  for (const [field, value] of Object.entries(order)) {
    if (value === undefined || field === 'parts') continue;
    const part = partOfField(field);
    if (part) parts.set(part, { ...parts.get(part), [field]: value });
    else head[field] = value;
  }
  const { images, ...car } = order.carDetails as Item;
  if (Array.isArray(images)) {
    head.carDetails = car;
    parts.set('archive', { ...parts.get('archive'), carImages: images });
  }
  return { head, parts };
}

/** A part's item: written whole, beside the head whose version guards it. */
export const partItem = (order: Pick<OrderRecord, 'id' | 'tenantId' | 'marketerId'>, part: OrderPart, fields: Item): Item => ({
  ...keys.orderPart(order.id, part),
  entity: 'orderPart',
  orderId: order.id,
  tenantId: order.tenantId,
  marketerId: order.marketerId,
  ...fields,
});

/** A new order's head, with the keys of its lists (its parts: putOrderPartItems). */
export function putOrderItem(order: OrderRecord): TransactItem {
  const { head, parts } = split(order);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.order(order.id),
        ...keys.orderIndexes(order),
        ...keys.orderStatusIndex(order),
        entity: 'order',
        ...head,
        ...(parts.size > 0 ? { parts: [...parts.keys()].sort() } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A new order's parts, each its own item (an order starts with its picture archive, when it has pictures). */
export function putOrderPartItems(order: OrderRecord): TransactItem[] {
  return [...split(order).parts].map(([part, fields]) => ({ Put: { TableName: tableName(), Item: partItem(order, part, fields) } }));
}

export function putHistoryItem(entry: HistoryEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: { ...keys.orderHistory(entry.orderId, entry.at, entry.id), entity: 'orderHistory', ...entry } } };
}

const SEQUENCE_UNCHANGED = '((attribute_not_exists(notificationSeq) AND :seqRead = :zero) OR notificationSeq = :seqRead)';

/** Takes the order's next notification sequence for an event that does not change the order otherwise (a contract sent). */
export function takeNotificationSeq(order: Pick<OrderRecord, 'id' | 'notificationSeq'>): { seq: number; item: TransactItem } {
  const seq = (order.notificationSeq ?? 0) + 1;
  return {
    seq,
    item: {
      Update: {
        TableName: tableName(),
        Key: keys.order(order.id),
        UpdateExpression: 'SET notificationSeq = :seq',
        ConditionExpression: `attribute_exists(pk) AND ${SEQUENCE_UNCHANGED}`,
        ExpressionAttributeValues: { ':seq': seq, ':seqRead': order.notificationSeq ?? 0, ':zero': 0 },
      },
    },
  };
}

/**
 * The status move itself (the head alone): applies only if the order is still at the version and
 * status it was read at. The head's keys on the status list (GSI9) move with it.
 */
export function statusChangeItem(order: OrderRecord, next: OrderRecord, refund: boolean): TransactItem {
  const statusIndex = keys.orderStatusIndex(next);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.order(order.id),
      UpdateExpression: `SET #status = :to, #version = :next, updatedAt = :now, inspectionDate = :inspectionDate, notificationSeq = :seq, gsi9pk = :statusPk, gsi9sk = :statusSk${refund ? ', refundedAt = :now' : ''}`,
      // A refund also requires that none was made: the wallet is refunded exactly once. The
      // notification sequence is checked too: a contract sent meanwhile may have taken the next one.
      ConditionExpression: `#version = :expected AND #status = :from AND ${SEQUENCE_UNCHANGED}${refund ? ' AND attribute_not_exists(refundedAt)' : ''}`,
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: {
        ':seq': next.notificationSeq ?? 0,
        ':seqRead': order.notificationSeq ?? 0,
        ':zero': 0,
        ':to': next.status,
        ':next': next.version,
        ':now': next.updatedAt,
        ':inspectionDate': next.inspectionDate,
        ':expected': order.version,
        ':from': order.status,
        ':statusPk': statusIndex.gsi9pk,
        ':statusSk': statusIndex.gsi9sk,
      },
    },
  };
}

/** The order from its head item and its parts' items (a part's own item wins over what an older head carries). */
function assemble(head: Item, partItems: Item[]): OrderRecord {
  let order = orderCodec.decode(head);
  for (const item of partItems) {
    const part = partOfSortKey(String(item.sk));
    if (!part) continue;
    const { orderId: _o, tenantId: _t, marketerId: _m, ...fields } = orderPartCodecs[part].decode(item);
    if ('carImages' in fields) {
      const { carImages, ...rest } = fields;
      order = { ...order, ...rest, carDetails: { ...order.carDetails, images: carImages } };
    } else order = { ...order, ...fields };
  }
  return order;
}

export interface OrderCollection {
  order: OrderRecord;
  history: HistoryEntry[];
  billing: BillingEntryRecord[];
  contracts: ContractRecord[];
  inspections: InspectionRecord[];
}

/** The items of an order's partition besides its head and parts, by the sort key's prefix. */
const KIND_OF_PREFIX = { HISTORY: 'history', BILLING: 'billing', CONTRACT: 'contracts', INSPECTION: 'inspections' } as const;
type Kind = (typeof KIND_OF_PREFIX)[keyof typeof KIND_OF_PREFIX];

/**
 * One Query of the order's partition, its head and parts assembled and the other items of the
 * kinds given decoded; undefined when there is no such order in the caller's scope. Each reader
 * names the kinds it needs, so a bundle carries only their decoders.
 */
async function readPartition<D extends Partial<Record<Kind, (item: Item) => unknown>>>(
  scope: Scope,
  orderId: string,
  decoders: D,
): Promise<({ order: OrderRecord } & { [K in keyof D]: D[K] extends (item: Item) => infer R ? R[] : never }) | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId) },
    ConsistentRead: true,
  });
  let head: Item | undefined;
  const parts: Item[] = [];
  const found: Record<string, unknown[]> = Object.fromEntries(Object.keys(decoders).map((kind) => [kind, []]));
  for (const item of items) {
    const sk = String(item.sk);
    if (sk === 'ORDER') head = item;
    else if (sk.startsWith('ORDER#')) parts.push(item);
    else {
      const kind = KIND_OF_PREFIX[sk.slice(0, sk.indexOf('#')) as keyof typeof KIND_OF_PREFIX] as Kind | undefined;
      const decode = kind && decoders[kind];
      if (decode) found[kind]!.push(decode(item));
    }
  }
  const order = head ? assemble(head, parts) : undefined;
  return order && orderInScope(order, scope) ? ({ ...found, order } as never) : undefined;
}

/**
 * The order detail: one Query of the order's partition (order and its parts, history, billing,
 * contracts, inspections). Undefined when there is no such order in the caller's scope.
 */
export async function readOrderCollection(scope: Scope, orderId: string): Promise<OrderCollection | undefined> {
  return readPartition(scope, orderId, {
    history: (item) => historyEntryCodec.decode(item),
    billing: (item) => childCodecs.BILLING.decode(item),
    contracts: (item) => childCodecs.CONTRACT.decode(item),
    inspections: (item) => childCodecs.INSPECTION.decode(item),
  });
}

/** What an order's documents are made from: the order with its parts, its billing and its contracts (the same one Query). */
export type DocumentSources = Pick<OrderCollection, 'order' | 'billing' | 'contracts'>;

export async function readDocumentSources(scope: Scope, orderId: string): Promise<DocumentSources | undefined> {
  return readPartition(scope, orderId, {
    billing: (item) => childCodecs.BILLING.decode(item),
    contracts: (item) => childCodecs.CONTRACT.decode(item),
  });
}

/** One order with all its parts (strongly consistent: one Query of its head and parts), or undefined when there is none in the caller's scope. */
export async function getOrder(scope: Scope, orderId: string): Promise<OrderRecord | undefined> {
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId), ':prefix': keys.orderItemsPrefix },
      ConsistentRead: true,
    }),
  );
  const head = Items.find((item) => item.sk === 'ORDER');
  const order = head ? assemble(head, Items) : undefined;
  return order && orderInScope(order, scope) ? order : undefined;
}

/**
 * What the outbox consumer needs of an order to tell people of it (its head and its shipment, in
 * one strongly consistent BatchGet), in any scope; undefined when there is no such order.
 */
export async function getOrderNotice(orderId: string): Promise<OrderNotice | undefined> {
  const items = await batchGet([keys.order(orderId), keys.orderPart(orderId, 'export')], true);
  const head = items.find((item) => item.sk === 'ORDER');
  if (!head) return undefined;
  const notice = orderNoticeCodec.decode(head);
  const exportPart = items.find((item) => item.sk !== 'ORDER');
  const shipment = exportPart ? orderPartCodecs.export.decode(exportPart).shipment : undefined;
  return shipment ? { ...notice, shipment } : notice;
}

/** What an edit may change: a part's fields, the notification sequence, and the customer's notification flag in the car snapshot. */
export type OrderChanges = Partial<
  Pick<OrderRecord, 'exportSteps' | 'shipment' | 'customsInvoice' | 'customsDocuments' | 'documents' | 'documentNumbers' | 'notificationSeq'>
> & {
  'carDetails.customerNotificationsEnabled'?: boolean;
};

/** The order as orderUpdateItems leave it. */
export function withChanges(order: OrderRecord, set: OrderChanges, now: string): OrderRecord {
  const { 'carDetails.customerNotificationsEnabled': notify, ...fields } = set;
  return {
    ...order,
    ...fields,
    ...(notify === undefined ? {} : { carDetails: { ...order.carDetails, customerNotificationsEnabled: notify } }),
    version: order.version + 1,
    updatedAt: now,
  };
}

/**
 * A change to an order, for a transaction: the head's update, which applies only while the
 * order is at the version it was read at and in the caller's scope, and raises the version; and
 * each changed part written whole beside it. Dotted fields set nested map entries of the head
 * (carDetails.customerNotificationsEnabled).
 */
export function orderUpdateItems(scope: Scope, order: OrderRecord, set: OrderChanges, now: string): TransactItem[] {
  const next = withChanges(order, set, now);
  const headSet: Item = {};
  const touched = new Set<OrderPart>();
  for (const [field, value] of Object.entries(set)) {
    const part = partOfField(field);
    if (part) touched.add(part);
    else headSet[field] = value;
  }
  const parts = [...new Set([...(order.parts ?? []), ...touched])].sort();
  if (parts.length !== (order.parts ?? []).length) headSet.parts = parts;
  const update = setExpression(headSet, now);
  const condition = allOf({ expression: '#version = :expected', values: { ':expected': order.version } }, scopeCondition(scope));
  const { parts: nextParts } = split(next);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.order(order.id),
        UpdateExpression: `${update.expression} ADD #version :one`,
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...update.names, ...condition.names, '#version': 'version' },
        ExpressionAttributeValues: { ...update.values, ...condition.values, ':one': 1 },
      },
    },
    ...[...touched].map((part) => ({ Put: { TableName: tableName(), Item: partItem(order, part, nextParts.get(part) ?? {}) } })),
  ];
}

/**
 * Where the copy of the car's pictures stands (written by the outbox consumer and staff
 * retries): one write of its part, or, with `alongside` (the event telling of it) or for an
 * order whose head still carries the archive itself, one transaction.
 */
export async function setImageArchive(
  scope: Scope,
  order: Pick<OrderRecord, 'id' | 'tenantId' | 'marketerId' | 'parts'>,
  state: ImageArchiveState,
  alongside: TransactItem[] = [],
): Promise<void> {
  const condition = allOf({ expression: 'attribute_exists(pk)' }, scopeCondition(scope));
  const hasPart = order.parts?.includes('archive') ?? false;
  const write: TransactItem = hasPart
    ? {
        Update: {
          TableName: tableName(),
          Key: keys.orderPart(order.id, 'archive'),
          UpdateExpression: 'SET imageArchive = :state',
          ConditionExpression: condition.expression,
          ExpressionAttributeValues: { ...condition.values, ':state': state },
        },
      }
    : { Put: { TableName: tableName(), Item: partItem(order, 'archive', { imageArchive: state }) } };
  // An order written before its parts had items of their own: its head learns it has this one.
  const head: TransactItem[] = hasPart
    ? []
    : [
        {
          Update: {
            TableName: tableName(),
            Key: keys.order(order.id),
            UpdateExpression: 'SET parts = :parts',
            ConditionExpression: condition.expression,
            ExpressionAttributeValues: { ...condition.values, ':parts': [...new Set([...(order.parts ?? []), 'archive'])].sort() },
          },
        },
      ];
  if (hasPart && alongside.length === 0) {
    await ddb.send(new UpdateCommand(write.Update!));
    return;
  }
  const outcome = await transact([write, ...head, ...alongside]);
  if (!outcome.ok) throw new Error(`order ${order.id}: picture archive state not recorded`);
}

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
function orderListQuery(scope: Scope, filter: OrderListFilter): { input: QueryCommandInput; list: OrderList; pk: string; byStatus?: string } {
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
  byStatus ? { pk: start.pk, sk: start.sk, [keys.orderStatusList.pk]: byStatus, [keys.orderStatusList.sk]: start[list.sk] } : start;

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
  const partKeys = decoded.flatMap(({ order }) => (order.parts ?? []).filter((part) => wanted.includes(part)).map((part) => keys.orderPart(order.id, part)));
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
export async function queryOrderPage(scope: Scope, filter: OrderListFilter, page: { limit: number; skip: number; start?: OrderPageStart }): Promise<OrderPage> {
  const { input, list, pk, byStatus } = orderListQuery(scope, filter);
  const wanted = page.skip + page.limit + 1;
  const found: Array<{ entry: Item; head?: Item }> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = page.start && readStartOf(page.start, list, byStatus);
  do {
    const result = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey, Limit: Math.max(10, wanted - found.length) }));
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
