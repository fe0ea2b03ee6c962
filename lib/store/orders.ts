import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { CarRecord } from '../domain/car.js';
import { orderInScope, tenantInScope, type Scope } from '../domain/scope.js';
import { batchGet } from './batch-get.js';
import { ddb } from './client.js';
import { idempotencyRecordOf, type IdempotencyRecord } from './idempotency.js';
import * as keys from './keys.js';
import { assemble } from './order-assembly.js';
import { queryAll } from './query-all.js';
import { carCodec } from './records/car.js';
import { customerCodec, type CustomerRecord } from './records/customer.js';
import {
  historyEntryCodec,
  orderNoticeCodec,
  orderPartCodecs,
  type HistoryEntry,
  type OrderNotice,
  type OrderRecord,
} from './records/order.js';
import {
  childCodecs,
  type BillingEntryRecord,
  type ContractRecord,
  type InspectionRecord,
} from './records/order-children.js';
import { staffUserCodec, type StaffUser } from './records/user.js';
import { walletCodec, type WalletRecord } from './records/wallet.js';

/*
 * Reading orders: what a new order depends on, one order whole (its partition), and what the
 * outbox reads of one. Writing them: order-writes.ts; their lists: order-lists.ts.
 */

export type { GeneratedDocument, HistoryEntry, ImageArchiveState, OrderNotice, OrderRecord } from './records/order.js';
export { putHistoryItem, putOrderItem } from './order-writes.js';
export { queryOrderPage, queryOrders } from './order-lists.js';

export const ORDER_COUNTER = 'orderNumber';
export const CONTRACT_COUNTER = 'contractNumber';

type Item = Record<string, unknown>;

/**
 * Everything a new order needs to read, in one BatchGet: the customer (only when of the caller's
 * tenant), and when asked the wallet, the car, the marketer and a stored
 * Idempotency-Key answer. A marketer may place an order for any customer of the tenant whose id
 * they were given: that order is what makes the customer theirs to see.
 */
export async function readForNewOrder(
  scope: Scope,
  input: {
    customerId: string;
    walletId?: string;
    carId?: number;
    marketerId?: string;
    idempotency?: { keyId: string; key: string };
  },
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
    marketerHasAccess:
      input.marketerId !== undefined &&
      items.some((i) => i.sk === keys.customerAccess(input.customerId, input.marketerId!).sk),
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

export interface OrderCollection {
  order: OrderRecord;
  history: HistoryEntry[];
  billing: BillingEntryRecord[];
  contracts: ContractRecord[];
  inspections: InspectionRecord[];
}

/** The items of an order's partition besides its head and parts, by the sort key's prefix. */
const KIND_OF_PREFIX = {
  HISTORY: 'history',
  BILLING: 'billing',
  CONTRACT: 'contracts',
  INSPECTION: 'inspections',
} as const;
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
): Promise<
  ({ order: OrderRecord } & { [K in keyof D]: D[K] extends (item: Item) => infer R ? R[] : never }) | undefined
> {
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
