import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import { keys, withoutKeys } from './keys.js';
import { queryAll } from './query-all.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type ChildKind = 'BILLING' | 'CONTRACT' | 'INSPECTION';

/** What every record hung on an order carries, so isolation can be checked without the order. */
export interface OrderChild {
  id: string;
  orderId: string;
  tenantId?: string;
  marketerId?: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * A child lives in its order's partition (so the order detail is one Query) and has a small
 * reference item under its own id, written in the same transaction: reads by id are strongly
 * consistent, unlike a GSI, so a contract can be sent the moment it is created.
 */
export function putChildItems(kind: ChildKind, record: OrderChild & Record<string, unknown>): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.orderChild(kind, record.orderId, record.id), entity: kind.toLowerCase(), ...record },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.childReference(kind, record.id), entity: `${kind.toLowerCase()}Ref`, orderId: record.orderId },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

export async function getChild<T extends OrderChild>(kind: ChildKind, id: string): Promise<T | undefined> {
  const { Item: ref } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.childReference(kind, id), ConsistentRead: true }));
  if (!ref) return undefined;
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.orderChild(kind, String(ref.orderId), id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as T) : undefined;
}

export async function listChildren<T extends OrderChild>(kind: ChildKind, orderId: string): Promise<T[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId), ':prefix': `${kind}#` },
    ConsistentRead: true,
  });
  return items.map((item) => withoutKeys(item) as unknown as T).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

type ChildCondition = { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };

/** The update of a child record: the fields to set, updatedAt, and the condition it must meet. */
function childUpdate(kind: ChildKind, child: Pick<OrderChild, 'orderId' | 'id'>, set: Record<string, unknown>, condition: ChildCondition | undefined, now: string) {
  const names: Record<string, string> = { ...condition?.names };
  const values: Record<string, unknown> = { ...condition?.values, ':now': now };
  const assignments = Object.entries(set).map(([field, value], i) => {
    names[`#s${i}`] = field;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  return {
    TableName: tableName(),
    Key: keys.orderChild(kind, child.orderId, child.id),
    UpdateExpression: `SET ${[...assignments, 'updatedAt = :now'].join(', ')}`,
    ConditionExpression: ['attribute_exists(pk)', ...(condition ? [condition.expression] : [])].join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * Changes a child only while `condition` holds (e.g. a contract still Draft); answers the new
 * record, or the current one when the condition failed.
 */
export async function updateChild<T extends OrderChild>(
  kind: ChildKind,
  child: Pick<OrderChild, 'orderId' | 'id'>,
  set: Record<string, unknown>,
  condition?: ChildCondition,
): Promise<{ ok: true; record: T } | { ok: false; current?: T }> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        ...childUpdate(kind, child, set, condition, new Date().toISOString()),
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { ok: true, record: withoutKeys(Attributes ?? {}) as unknown as T };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    // The DocumentClient leaves this item in wire format (aws/aws-sdk-js-v3#6723).
    const item = (error as { Item?: Record<string, AttributeValue> }).Item;
    return { ok: false, current: item ? (withoutKeys(unmarshall(item)) as unknown as T) : undefined };
  }
}

/** The same change as updateChild, as an item of a caller's transaction (with an outbox event, say). */
export function updateChildItem(kind: ChildKind, child: Pick<OrderChild, 'orderId' | 'id'>, set: Record<string, unknown>, condition: ChildCondition, now: string): TransactItem {
  return { Update: childUpdate(kind, child, set, condition, now) };
}

/** The order and a sequential-number counter, in one round trip, before creating a numbered child. */
export async function readOrderAndCounter(orderId: string, counter: string): Promise<{ order?: Record<string, unknown>; current: number }> {
  const table = tableName();
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [keys.order(orderId), keys.counter(counter)], ConsistentRead: true } } }),
  );
  const items = Responses?.[table] ?? [];
  const order = items.find((i) => i.sk === 'ORDER');
  return { order: order ? withoutKeys(order) : undefined, current: Number(items.find((i) => i.sk === 'COUNTER')?.value ?? 0) };
}

export async function readOrder(orderId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.order(orderId), ConsistentRead: true }));
  return Item ? withoutKeys(Item) : undefined;
}

export function orderStillThere(orderId: string): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: keys.order(orderId), ConditionExpression: 'attribute_exists(pk)' } };
}
