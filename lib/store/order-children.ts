import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { orderInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { allOf, scopeCondition, setExpression, type Condition } from './expressions.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';
import { queryAll } from './query-all.js';
import { transact, type TransactItem } from './transact.js';

export type ChildKind = 'BILLING' | 'CONTRACT' | 'INSPECTION';

/** What every record hung on an order carries, so its scope can be checked without the order. */
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

/** A billing entry, contract or inspection by id; undefined when there is none in the caller's scope. */
export async function getChild<T extends OrderChild>(scope: Scope, kind: ChildKind, id: string): Promise<T | undefined> {
  const { Item: ref } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.childReference(kind, id), ConsistentRead: true }));
  if (!ref) return undefined;
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.orderChild(kind, String(ref.orderId), id), ConsistentRead: true }));
  const child = Item ? (withoutKeys(Item) as unknown as T) : undefined;
  return child && orderInScope(child, scope) ? child : undefined;
}

/** The children of one kind of an order in the caller's scope, oldest first (already-scoped order id). */
export async function listChildren<T extends OrderChild>(scope: Scope, kind: ChildKind, orderId: string): Promise<T[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId), ':prefix': `${kind}#` },
    ConsistentRead: true,
  });
  return items
    .map((item) => withoutKeys(item) as unknown as T)
    .filter((child) => orderInScope(child, scope))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The update of a child record: the fields to set, updatedAt, the caller's scope and the condition it must meet. */
function childUpdate(
  scope: Scope,
  kind: ChildKind,
  child: Pick<OrderChild, 'orderId' | 'id'>,
  set: Record<string, unknown>,
  condition: Condition | undefined,
  now: string,
) {
  const update = setExpression(set, now);
  const guard = allOf({ expression: 'attribute_exists(pk)' }, scopeCondition(scope), condition);
  return {
    TableName: tableName(),
    Key: keys.orderChild(kind, child.orderId, child.id),
    UpdateExpression: update.expression,
    ConditionExpression: guard.expression,
    ExpressionAttributeNames: { ...update.names, ...guard.names },
    ExpressionAttributeValues: { ...update.values, ...guard.values },
  };
}

/**
 * Changes a child only while `condition` holds (e.g. a contract still Draft), in one transaction
 * with `alongside` (its audit record): answers the new record, or the current one (in scope)
 * when the condition failed.
 */
export async function updateChild<T extends OrderChild>(
  scope: Scope,
  kind: ChildKind,
  child: T,
  set: Record<string, unknown>,
  condition: Condition | undefined,
  alongside: (next: T, now: string) => TransactItem[],
): Promise<{ ok: true; record: T } | { ok: false; current?: T }> {
  const now = new Date().toISOString();
  const next = { ...child, ...set, updatedAt: now } as T;
  const outcome = await transact([{ Update: childUpdate(scope, kind, child, set, condition, now) }, ...alongside(next, now)]);
  if (outcome.ok) return { ok: true, record: next };
  return { ok: false, current: await getChild<T>(scope, kind, child.id) };
}

/** The same change as updateChild, as an item of a caller's transaction (with an outbox event, say). */
export function updateChildItem(
  scope: Scope,
  kind: ChildKind,
  child: Pick<OrderChild, 'orderId' | 'id'>,
  set: Record<string, unknown>,
  condition: Condition,
  now: string,
): TransactItem {
  return { Update: childUpdate(scope, kind, child, set, condition, now) };
}

export function orderStillThere(orderId: string): TransactItem {
  return { ConditionCheck: { TableName: tableName(), Key: keys.order(orderId), ConditionExpression: 'attribute_exists(pk)' } };
}
