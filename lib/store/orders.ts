import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { CarRecord } from '../domain/car.js';
import type { OrderStatus } from '../domain/order-lifecycle.js';
import { orderInScope, tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import type { CustomerRecord } from './customers.js';
import { allOf, scopeCondition, setExpression } from './expressions.js';
import type { IdempotencyRecord } from './idempotency.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';
import { queryAll } from './query-all.js';
import { transact, type TransactItem } from './transact.js';
import type { ExportSteps } from '../domain/export-steps.js';
import type { Shipment } from '../domain/shipment.js';
import type { StaffUser } from './users.js';
import type { WalletRecord } from './wallets.js';

interface Person {
  id: string;
  name: string;
  email?: string;
  mobileNumber?: string;
}

export interface OrderRecord {
  id: string;
  orderNumber: number;
  status: OrderStatus;
  version: number;
  customerId: string;
  marketerId?: string;
  tenantId?: string;
  carId?: number;
  carDetails: Record<string, unknown>;
  totalAmount: number;
  currency: string;
  notes: string | null;
  inspectionDate: string | null;
  paidFromWallet: boolean;
  walletId?: string;
  /** The Pending receipt made from the receipt fields given at creation (record its proof of payment on it). */
  depositReceiptId?: string;
  /** Set once, by the transaction that refunds a cancelled wallet-paid order. */
  refundedAt?: string;
  /** The sequence of the order's latest notification event (its messages go out in this order). */
  notificationSeq?: number;
  customer: Person;
  marketer?: Person;
  /** Copy of the car's pictures under orders/{orderNumber}/ in the bucket (done by the outbox consumer). */
  imageArchive?: ImageArchiveState;
  customsInvoice?: Record<string, unknown>;
  customsDocuments?: Array<Record<string, unknown>>;
  exportSteps?: ExportSteps;
  shipment?: Shipment;
  /** Generated PDFs, every version, oldest first (the files are in the bucket). */
  documents?: GeneratedDocument[];
  createdByKeyId: string;
  createdAt: string;
  updatedAt: string;
}

export interface HistoryEntry {
  id: string;
  orderId: string;
  from: OrderStatus | null;
  to: OrderStatus;
  by: string;
  role: string;
  at: string;
  note?: string;
}

export const ORDER_COUNTER = 'orderNumber';
export const CONTRACT_COUNTER = 'contractNumber';

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
  const table = tableName();
  const wanted = [
    keys.customer(input.customerId),
    ...(input.walletId ? [keys.wallet(input.walletId)] : []),
    ...(input.carId !== undefined ? [keys.car(input.carId)] : []),
    ...(input.marketerId ? [keys.user(input.marketerId), keys.customerAccess(input.customerId, input.marketerId)] : []),
    ...(input.idempotency ? [keys.idempotency(input.idempotency.keyId, input.idempotency.key)] : []),
  ];
  const items: Array<Record<string, unknown>> = [];
  let request: Record<string, { Keys: Array<Record<string, unknown>>; ConsistentRead: boolean }> | undefined = {
    [table]: { Keys: wanted, ConsistentRead: true },
  };
  while (request && Object.keys(request).length > 0) {
    const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
    items.push(...(result.Responses?.[table] ?? []));
    request = result.UnprocessedKeys as typeof request;
  }
  const record = <T>(sk: string): T | undefined => {
    const item = items.find((i) => i.sk === sk);
    return item ? (withoutKeys(item) as unknown as T) : undefined;
  };
  const customer = record<CustomerRecord>('CUSTOMER');
  const customerInScope = customer !== undefined && tenantInScope(customer.tenantId, scope);
  const marketer = record<StaffUser>('USER');
  const idempotency = items.find((i) => i.sk === 'IDEMPOTENCY');
  return {
    customer: customerInScope ? customer : undefined,
    wallet: customerInScope ? record<WalletRecord>('WALLET') : undefined,
    car: record<CarRecord>('CAR'),
    // A marketer of another tenant is no marketer of this order.
    marketer: marketer && customer && marketer.tenantId === customer.tenantId ? marketer : undefined,
    // Whether the marketer already sees this customer (then the order need not write that again).
    marketerHasAccess: input.marketerId !== undefined && items.some((i) => i.sk === keys.customerAccess(input.customerId, input.marketerId!).sk),
    idempotency: idempotency && Number(idempotency.expiresAt) * 1000 > Date.now() ? (idempotency as unknown as IdempotencyRecord) : undefined,
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

export function putOrderItem(order: OrderRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.order(order.id), ...keys.orderIndexes(order), entity: 'order', ...order },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function putHistoryItem(entry: HistoryEntry): TransactItem {
  return { Put: { TableName: tableName(), Item: { ...keys.orderHistory(entry.orderId, entry.at, entry.id), entity: 'orderHistory', ...entry } } };
}

/** The marketer of an order may see its customer from then on (idempotent: the same item every time). */
export function marketerAccessItem(customerId: string, marketerId: string, tenantId: string | undefined): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...keys.customerAccess(customerId, marketerId), entity: 'customerAccess', customerId, marketerId, tenantId } },
  };
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

/** The status move itself: applies only if the order is still at the version and status it was read at. */
export function statusChangeItem(order: OrderRecord, next: OrderRecord, refund: boolean): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.order(order.id),
      UpdateExpression: `SET #status = :to, #version = :next, updatedAt = :now, inspectionDate = :inspectionDate, notificationSeq = :seq${refund ? ', refundedAt = :now' : ''}`,
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
      },
    },
  };
}

export interface OrderCollection {
  order: OrderRecord;
  history: HistoryEntry[];
  billing: Array<Record<string, unknown>>;
  contracts: Array<Record<string, unknown>>;
  inspections: Array<Record<string, unknown>>;
}

/**
 * The order detail: one Query of the order's partition (order, history, billing, contracts,
 * inspections). Undefined when there is no such order in the caller's scope.
 */
export async function readOrderCollection(scope: Scope, orderId: string): Promise<OrderCollection | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId) },
    ConsistentRead: true,
  });
  let order: OrderRecord | undefined;
  const collection: Omit<OrderCollection, 'order'> = { history: [], billing: [], contracts: [], inspections: [] };
  for (const item of items) {
    const sk = String(item.sk);
    const record = withoutKeys(item);
    if (sk === 'ORDER') order = record as unknown as OrderRecord;
    else if (sk.startsWith('HISTORY#')) collection.history.push(record as unknown as HistoryEntry);
    else if (sk.startsWith('BILLING#')) collection.billing.push(record);
    else if (sk.startsWith('CONTRACT#')) collection.contracts.push(record);
    else if (sk.startsWith('INSPECTION#')) collection.inspections.push(record);
  }
  return order && orderInScope(order, scope) ? { ...collection, order } : undefined;
}

/** One order (strongly consistent), or undefined when there is none in the caller's scope. */
export async function getOrder(scope: Scope, orderId: string): Promise<OrderRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }));
  const order = Item ? (withoutKeys(Item) as unknown as OrderRecord) : undefined;
  return order && orderInScope(order, scope) ? order : undefined;
}

/**
 * A change to the order item, for a transaction: applies only while the order is at the version
 * it was read at and in the caller's scope, and raises the version. Dotted fields set nested
 * map entries (carDetails.customerNotificationsEnabled).
 */
export function orderUpdateItem(scope: Scope, order: Pick<OrderRecord, 'id' | 'version'>, set: Record<string, unknown>, now: string): TransactItem {
  const update = setExpression(set, now);
  const condition = allOf({ expression: '#version = :expected', values: { ':expected': order.version } }, scopeCondition(scope));
  return {
    Update: {
      TableName: tableName(),
      Key: keys.order(order.id),
      UpdateExpression: `${update.expression} ADD #version :one`,
      ConditionExpression: condition.expression,
      ExpressionAttributeNames: { ...update.names, ...condition.names, '#version': 'version' },
      ExpressionAttributeValues: { ...update.values, ...condition.values, ':one': 1 },
    },
  };
}

/** The order as orderUpdateItem leaves it. */
export function withChanges(order: OrderRecord, set: Record<string, unknown>, now: string): OrderRecord {
  const next = structuredClone(order) as unknown as Record<string, unknown>;
  for (const [path, value] of Object.entries(set)) {
    const parts = path.split('.');
    let target = next;
    for (const part of parts.slice(0, -1)) {
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts.at(-1)!] = value;
  }
  return { ...(next as unknown as OrderRecord), version: order.version + 1, updatedAt: now };
}

export interface GeneratedDocument {
  id: string;
  type: 'customs-invoice' | 'proforma-invoice' | 'contract';
  /** 1 for the first of its type, raised at every regeneration. */
  version: number;
  language: 'en' | 'ar';
  /** Where it is in the bucket: orders/{orderNumber}/documents/{type}/{id}.pdf */
  key: string;
  bytes: number;
  contractId?: string;
  createdAt: string;
  createdBy: string;
}

export interface ImageArchiveState {
  status: 'pending' | 'done' | 'failed';
  eventId: string;
  objectKeys: string[];
  reason?: string;
  completedAt?: string;
}

/** Where the copy of the car's pictures stands (written by the outbox consumer and staff retries). */
export async function setImageArchive(scope: Scope, orderId: string, state: ImageArchiveState, alongside: TransactItem[] = []): Promise<void> {
  const condition = allOf({ expression: 'attribute_exists(pk)' }, scopeCondition(scope));
  const update = {
    TableName: tableName(),
    Key: keys.order(orderId),
    UpdateExpression: 'SET imageArchive = :state',
    ConditionExpression: condition.expression,
    ExpressionAttributeValues: { ...condition.values, ':state': state },
  };
  if (alongside.length === 0) {
    await ddb.send(new UpdateCommand(update));
    return;
  }
  const outcome = await transact([{ Update: update }, ...alongside]);
  if (!outcome.ok) throw new Error(`order ${orderId}: picture archive state not recorded`);
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

/** The index the scope and filter allow, most selective first (marketer, customer, tenant, all), and the query on it. */
function orderListQuery(scope: Scope, filter: OrderListFilter): { input: QueryCommandInput; index: string; pk: string } {
  const marketerId = scope.marketerId ?? filter.marketerId;
  const tenantId = scope.tenantId;
  const [index, pk] = marketerId
    ? ['GSI2', keys.ordersOfMarketer(marketerId)]
    : filter.customerId
      ? ['GSI3', keys.ordersOfCustomer(filter.customerId)]
      : tenantId
        ? ['GSI1', keys.ordersOfTenant(tenantId)]
        : ['GSI4', keys.allOrders];
  const n = index.slice(3);
  const names: Record<string, string> = { '#pk': `gsi${n}pk` };
  const values: Record<string, unknown> = { ':pk': pk };
  let keyCondition = '#pk = :pk';
  if (filter.createdFrom || filter.createdTo) {
    const range = keys.createdBetween(filter.createdFrom, filter.createdTo);
    names['#sk'] = `gsi${n}sk`;
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
  if (tenantId && index !== 'GSI1') add('tenantId', tenantId);
  if (filter.customerId && index !== 'GSI3') add('customerId', filter.customerId);
  if (filter.status) add('status', filter.status);
  const input: QueryCommandInput = {
    TableName: tableName(),
    IndexName: index,
    KeyConditionExpression: keyCondition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: false,
    ...(filters.length > 0 ? { FilterExpression: filters.join(' AND ') } : {}),
  };
  return { input, index, pk };
}

/** The index key of an order item on the index a listing reads: where the next page starts. */
const pageStartOf = (item: Record<string, unknown>, index: string): OrderPageStart => {
  const n = index.slice(3);
  return { pk: String(item.pk), sk: String(item.sk), [`gsi${n}pk`]: String(item[`gsi${n}pk`]), [`gsi${n}sk`]: String(item[`gsi${n}sk`]) };
};

/** Whether a page start belongs to this listing (its index and partition, inside its date range). */
export function isPageStartOf(scope: Scope, filter: OrderListFilter, start: OrderPageStart): boolean {
  const { index, pk } = orderListQuery(scope, filter);
  const n = index.slice(3);
  const expected = new Set(['pk', 'sk', `gsi${n}pk`, `gsi${n}sk`]);
  if (Object.keys(start).length !== expected.size || !Object.keys(start).every((k) => expected.has(k))) return false;
  if (start[`gsi${n}pk`] !== pk || !start.pk?.startsWith('ORDER#') || start.sk !== 'ORDER') return false;
  const range = keys.createdBetween(filter.createdFrom, filter.createdTo);
  const sk = start[`gsi${n}sk`] ?? '';
  return sk >= range.from && sk <= range.to;
}

/**
 * One page of the orders in the caller's scope, newest first: `limit` orders after skipping
 * `skip` (page numbers) or starting after `start` (a cursor). It reads only as far as the page
 * needs (one more order, to know whether the list goes on), whatever the number of orders; only
 * filters the key cannot express (status, or tenant on a marketer's or customer's index) read
 * past the orders they drop.
 */
export async function queryOrderPage(scope: Scope, filter: OrderListFilter, page: { limit: number; skip: number; start?: OrderPageStart }): Promise<OrderPage> {
  const { input, index } = orderListQuery(scope, filter);
  const wanted = page.skip + page.limit + 1;
  const found: Array<Record<string, unknown>> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined = page.start;
  do {
    const result = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey, Limit: Math.max(10, wanted - found.length) }));
    found.push(...(result.Items ?? []));
    ExclusiveStartKey = result.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < wanted);
  const onPage = found.slice(page.skip, page.skip + page.limit);
  const more = found.length > page.skip + page.limit;
  const last = onPage[onPage.length - 1];
  return {
    orders: onPage.map((item) => withoutKeys(item) as unknown as OrderRecord),
    ...(more && last ? { next: pageStartOf(last, index) } : {}),
    read: Math.min(found.length, wanted),
  };
}

/** Every order of the scope and filter, newest first (tests and staff tools; a whole read). */
export async function queryOrders(scope: Scope, filter: OrderListFilter): Promise<OrderRecord[]> {
  return (await queryAll(orderListQuery(scope, filter).input)).map((item) => withoutKeys(item) as unknown as OrderRecord);
}
