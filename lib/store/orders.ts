import {
  BatchGetCommand,
  UpdateCommand,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { CarRecord } from '../domain/car.js';
import { tableName } from '../config.js';
import type { OrderStatus } from '../domain/order-lifecycle.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import type { IdempotencyRecord } from './idempotency.js';
import { keys, withoutKeys } from './keys.js';
import { queryAll } from './query-all.js';
import type { CustomerRecord } from './customers.js';
import type { StaffUser } from './users.js';
import type { WalletRecord } from './wallets.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface Person {
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
  /** Set once, by the transaction that refunds a cancelled wallet-paid order. */
  refundedAt?: string;
  customer: Person;
  marketer?: Person;
  /** Copy of the car's pictures under orders/{orderNumber}/ in the bucket (done by the outbox consumer). */
  imageArchive?: { status: 'pending' | 'done' | 'failed'; eventId: string; objectKeys: string[]; reason?: string; completedAt?: string };
  customsInvoice?: Record<string, unknown>;
  customsDocuments?: Array<Record<string, unknown>>;
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

/** Everything a new order needs to read, fetched in one BatchGet (wallet, car, user, idempotency only when asked). */
export async function readForNewOrder(input: {
  customerId: string;
  walletId?: string;
  carId?: number;
  marketerId?: string;
  idempotency?: { keyId: string; key: string };
}): Promise<{ customer?: CustomerRecord; wallet?: WalletRecord; car?: CarRecord; marketer?: StaffUser; orderCounter: number; idempotency?: IdempotencyRecord }> {
  const table = tableName();
  const wanted = [
    keys.customer(input.customerId),
    keys.counter(ORDER_COUNTER),
    ...(input.walletId ? [keys.wallet(input.walletId)] : []),
    ...(input.carId !== undefined ? [keys.car(input.carId)] : []),
    ...(input.marketerId ? [keys.user(input.marketerId)] : []),
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
  const bySk = (sk: string) => items.find((i) => i.sk === sk);
  const idem = bySk('IDEMPOTENCY');
  return {
    customer: bySk('CUSTOMER') ? (withoutKeys(bySk('CUSTOMER')!) as unknown as CustomerRecord) : undefined,
    wallet: bySk('WALLET') ? (withoutKeys(bySk('WALLET')!) as unknown as WalletRecord) : undefined,
    car: bySk('CAR') ? (withoutKeys(bySk('CAR')!) as unknown as CarRecord) : undefined,
    marketer: bySk('USER') ? (withoutKeys(bySk('USER')!) as unknown as StaffUser) : undefined,
    orderCounter: Number(bySk('COUNTER')?.value ?? 0),
    idempotency: idem && Number(idem.expiresAt) * 1000 > Date.now() ? (idem as unknown as IdempotencyRecord) : undefined,
  };
}

/**
 * The counter moves from the value read to the next one in the same transaction as the order:
 * a number is used by exactly one order, and a failed creation uses none (no gaps).
 */
export function claimNextNumber(counter: string, current: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.counter(counter),
      UpdateExpression: 'ADD #v :one',
      ConditionExpression: current === 0 ? 'attribute_not_exists(#v)' : '#v = :current',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: current === 0 ? { ':one': 1 } : { ':one': 1, ':current': current },
    },
  };
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

export function customerStillThere(customerId: string): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: keys.customer(customerId), ConditionExpression: 'attribute_exists(pk)' } };
}

/** The status move itself: applies only if the order is still at the version and status it was read at. */
export function statusChangeItem(order: OrderRecord, next: OrderRecord, refund: boolean): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.order(order.id),
      UpdateExpression: `SET #status = :to, #version = :next, updatedAt = :now, inspectionDate = :inspectionDate${refund ? ', refundedAt = :now' : ''}`,
      // A refund also requires that none was made: the wallet is refunded exactly once.
      ConditionExpression: `#version = :expected AND #status = :from${refund ? ' AND attribute_not_exists(refundedAt)' : ''}`,
      ExpressionAttributeNames: { '#status': 'status', '#version': 'version' },
      ExpressionAttributeValues: {
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
  order?: OrderRecord;
  history: HistoryEntry[];
  billing: Array<Record<string, unknown>>;
  contracts: Array<Record<string, unknown>>;
  inspections: Array<Record<string, unknown>>;
}

/** The order detail: one Query of the order's partition (order, history, billing, contracts, inspections). */
export async function readOrderCollection(orderId: string): Promise<OrderCollection> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId) },
    ConsistentRead: true,
  });
  const collection: OrderCollection = { history: [], billing: [], contracts: [], inspections: [] };
  for (const item of items) {
    const sk = String(item.sk);
    const record = withoutKeys(item);
    if (sk === 'ORDER') collection.order = record as unknown as OrderRecord;
    else if (sk.startsWith('HISTORY#')) collection.history.push(record as unknown as HistoryEntry);
    else if (sk.startsWith('BILLING#')) collection.billing.push(record);
    else if (sk.startsWith('CONTRACT#')) collection.contracts.push(record);
    else if (sk.startsWith('INSPECTION#')) collection.inspections.push(record);
  }
  return collection;
}

/** A versioned change to the order item: applies only when `version` is current; returns the new order. */
export async function updateOrderVersioned(
  orderId: string,
  version: number | undefined,
  set: Record<string, unknown>,
  extraCondition?: { expression: string; values: Record<string, unknown> },
): Promise<{ ok: true; order: OrderRecord } | { ok: false; current?: OrderRecord }> {
  const names: Record<string, string> = { '#version': 'version', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':one': 1, ...extraCondition?.values };
  const assignments = Object.entries(set).map(([path, value], i) => {
    const parts = path.split('.').map((part, j) => {
      names[`#f${i}_${j}`] = part;
      return `#f${i}_${j}`;
    });
    values[`:v${i}`] = value;
    return `${parts.join('.')} = :v${i}`;
  });
  const conditions = ['attribute_exists(pk)'];
  if (version !== undefined) {
    conditions.push('#version = :expected');
    values[':expected'] = version;
  }
  if (extraCondition) conditions.push(extraCondition.expression);
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.order(orderId),
        UpdateExpression: `SET ${[...assignments, '#updatedAt = :now'].join(', ')} ADD #version :one`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ...values, ':now': new Date().toISOString() },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ok: true, order: withoutKeys(Attributes ?? {}) as unknown as OrderRecord };
  } catch (error) {
    if (isConditionalCheckFailed(error)) {
      // The DocumentClient leaves this item in wire format (aws/aws-sdk-js-v3#6723).
      const item = (error as { Item?: Record<string, AttributeValue> }).Item;
      return { ok: false, current: item ? (withoutKeys(unmarshall(item)) as unknown as OrderRecord) : undefined };
    }
    throw error;
  }
}

export interface OrderListFilter {
  tenantId?: string;
  marketerId?: string;
  customerId?: string;
  status?: OrderStatus;
  createdFrom?: string;
  createdTo?: string;
}

/**
 * Orders newest first, from the most selective index the filter allows (marketer, customer,
 * tenant, or all); the remaining conditions are filter expressions on that one partition.
 */
export async function queryOrders(filter: OrderListFilter): Promise<OrderRecord[]> {
  const [index, pk] = filter.marketerId
    ? ['GSI2', `ORDERS#M#${filter.marketerId}`]
    : filter.customerId
      ? ['GSI3', `ORDERS#C#${filter.customerId}`]
      : filter.tenantId
        ? ['GSI1', `ORDERS#T#${filter.tenantId}`]
        : ['GSI4', 'ORDERS'];
  const n = index.slice(3);
  const names: Record<string, string> = { '#pk': `gsi${n}pk` };
  const values: Record<string, unknown> = { ':pk': pk };
  let keyCondition = '#pk = :pk';
  if (filter.createdFrom || filter.createdTo) {
    // Sort keys start with createdAt in UTC ISO form; any offset the caller used is normalised to that.
    names['#sk'] = `gsi${n}sk`;
    keyCondition += ' AND #sk BETWEEN :from AND :to';
    values[':from'] = filter.createdFrom ? new Date(filter.createdFrom).toISOString() : '0';
    values[':to'] = `${filter.createdTo ? new Date(filter.createdTo).toISOString() : '9999'}~`;
  }
  const filters: string[] = [];
  const add = (attribute: string, value: unknown) => {
    names[`#${attribute}`] = attribute;
    values[`:${attribute}`] = value;
    filters.push(`#${attribute} = :${attribute}`);
  };
  if (filter.tenantId && index !== 'GSI1') add('tenantId', filter.tenantId);
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
  return (await queryAll(input)).map((item) => withoutKeys(item) as unknown as OrderRecord);
}

