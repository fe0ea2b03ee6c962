import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { orderInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import { allOf, scopeCondition, setExpression, type Condition } from './expressions.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { scanEach } from './scan-each.js';
import { childCodecs, childReferenceCodec, type ChildKind, type ChildRecords } from './records/order-children.js';
import { ChangeSet, type ChangeSetCaller } from './change-set.js';
import type { TransactItem } from './transact.js';

export type { BillingEntryRecord, ChildKind, ContractRecord, InspectionRecord } from './records/order-children.js';

/** Each kind's codec, typed by its kind. */
const codecs: { [K in ChildKind]: { decode(item: Record<string, unknown>): ChildRecords[K] } } = childCodecs;

/**
 * A child lives in its order's partition (so the order detail is one Query) and has a small
 * reference item under its own id, written in the same transaction: reads by id are strongly
 * consistent, unlike a GSI, so a contract can be sent the moment it is created.
 */
/**
 * The lists a new child joins: a Pending billing entry the queue of entries to confirm (a sparse
 * index), an inspection its inspector's agenda.
 */
function listKeys(kind: ChildKind, record: ChildRecords[ChildKind]) {
  if (kind === 'BILLING' && record.status === 'Pending')
    return keys.pendingBillingIndex(record.tenantId, record.createdAt, record.id);
  if (kind === 'INSPECTION' && 'inspectorId' in record)
    return keys.inspectionAgendaIndex(record.inspectorId, record.inspectionDate, record.id);
  return {};
}

export function putChildItems<K extends ChildKind>(kind: K, record: ChildRecords[K]): TransactItem[] {
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.orderChild(kind, record.orderId, record.id),
          ...listKeys(kind, record),
          entity: kind.toLowerCase(),
          ...record,
        },
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
export async function getChild<K extends ChildKind>(
  scope: Scope,
  kind: K,
  id: string,
): Promise<ChildRecords[K] | undefined> {
  const { Item: ref } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.childReference(kind, id), ConsistentRead: true }),
  );
  if (!ref) return undefined;
  const { orderId } = childReferenceCodec.decode(ref);
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.orderChild(kind, orderId, id), ConsistentRead: true }),
  );
  const child = Item ? codecs[kind].decode(Item) : undefined;
  return child && orderInScope(child, scope) ? child : undefined;
}

/** The children of one kind of an order in the caller's scope, oldest first (already-scoped order id). */
export async function listChildren<K extends ChildKind>(
  scope: Scope,
  kind: K,
  orderId: string,
): Promise<Array<ChildRecords[K]>> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId), ':prefix': `${kind}#` },
    ConsistentRead: true,
  });
  return items
    .map((item) => codecs[kind].decode(item))
    .filter((child) => orderInScope(child, scope))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** The update of a child record: the fields to set, updatedAt, the caller's scope and the condition it must meet. */
function childUpdate(
  scope: Scope,
  kind: ChildKind,
  child: { orderId: string; id: string },
  set: Record<string, unknown>,
  condition: Condition | undefined,
  now: string,
) {
  const update = setExpression(set, now);
  const guard = allOf({ expression: 'attribute_exists(pk)' }, scopeCondition(scope), condition);
  // A confirmed billing entry leaves the queue of entries to confirm.
  const leavesQueue = kind === 'BILLING' && set.status !== undefined && set.status !== 'Pending';
  return {
    TableName: tableName(),
    Key: keys.orderChild(kind, child.orderId, child.id),
    UpdateExpression: leavesQueue ? `${update.expression} REMOVE gsi2pk, gsi2sk` : update.expression,
    ConditionExpression: guard.expression,
    ExpressionAttributeNames: { ...update.names, ...guard.names },
    ExpressionAttributeValues: { ...update.values, ...guard.values },
  };
}

/**
 * Changes a child only while `condition` holds (e.g. a contract still Draft), in one change set
 * with what `alongside` states of it (its audit record, its event): answers the new record, or
 * the current one (in scope) when the condition failed.
 */
export async function updateChild<K extends ChildKind>(
  caller: ChangeSetCaller,
  scope: Scope,
  kind: K,
  child: ChildRecords[K],
  set: Partial<ChildRecords[K]>,
  condition: Condition | undefined,
  alongside: (changes: ChangeSet, next: ChildRecords[K]) => void,
): Promise<{ ok: true; record: ChildRecords[K] } | { ok: false; current?: ChildRecords[K] }> {
  const changes = new ChangeSet(caller);
  const next: ChildRecords[K] = { ...child, ...set, updatedAt: changes.at };
  changes.write({ Update: childUpdate(scope, kind, child, set, condition, changes.at) });
  alongside(changes, next);
  if ((await changes.commit()).ok) return { ok: true, record: next };
  return { ok: false, current: await getChild(scope, kind, child.id) };
}

/** The same change as updateChild, as an item of a caller's transaction (with an outbox event, say). */
export function updateChildItem<K extends ChildKind>(
  scope: Scope,
  kind: K,
  child: { orderId: string; id: string },
  set: Partial<ChildRecords[K]>,
  condition: Condition,
  now: string,
): TransactItem {
  return { Update: childUpdate(scope, kind, child, set, condition, now) };
}

/** The order is still there, checked in the transaction that hangs a child on it. */
export function orderStillThere(orderId: string): TransactItem {
  return {
    ConditionCheck: { TableName: tableName(), Key: keys.order(orderId), ConditionExpression: 'attribute_exists(pk)' },
  };
}

/**
 * A page of the billing entries waiting for confirmation in a tenant, oldest first: one Query of
 * the sparse queue on GSI2 (lib/store/records/billing-queue.ts), whatever the tenant's history.
 */
export async function queryPendingBilling(
  tenantId: string | undefined,
  options: { limit: number; after?: Record<string, unknown> },
): Promise<{ entries: Array<ChildRecords['BILLING']>; next?: Record<string, unknown> }> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.billingToConfirm(tenantId) },
      Limit: options.limit,
      ...(options.after ? { ExclusiveStartKey: options.after } : {}),
    }),
  );
  return {
    entries: (page.Items ?? []).map(codecs.BILLING.decode),
    ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
  };
}

/** Whether a page cursor points into this tenant's queue (a cursor cannot cross tenants). */
export const isCursorOfBillingQueue = (tenantId: string | undefined, after: Record<string, unknown>): boolean =>
  after.gsi2pk === keys.billingToConfirm(tenantId) && typeof after.gsi2sk === 'string';

/**
 * Puts the Pending billing entries written before the queue existed into it (GSI2 keys). An
 * offline staff tool (a Scan): the local stack runs it once on a table kept from an older version;
 * docs/deploying.md runs it in AWS. Returns how many entries it keyed.
 */
export async function keyPendingBilling(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :billing AND #status = :pending AND attribute_not_exists(gsi2pk)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':billing': 'billing', ':pending': 'Pending' },
    },
    async (item) => {
      const entry = codecs.BILLING.decode(item);
      const index = keys.pendingBillingIndex(entry.tenantId, entry.createdAt, entry.id);
      // Confirmed meanwhile: it stays out of the queue.
      return keyItem(item, index, {
        expression: '#status = :pending',
        names: { '#status': 'status' },
        values: { ':pending': 'Pending' },
      });
    },
  );
}

/** Sets an item's index keys while `condition` holds; false when it no longer did (the item changed or went). */
async function keyItem(
  item: Record<string, unknown>,
  index: Record<string, string>,
  condition: Condition,
): Promise<boolean> {
  const [[pkName, pkValue], [skName, skValue]] = Object.entries(index) as [[string, string], [string, string]];
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET #ipk = :ipk, #isk = :isk',
        ConditionExpression: condition.expression,
        ExpressionAttributeNames: { ...condition.names, '#ipk': pkName, '#isk': skName },
        ExpressionAttributeValues: { ...condition.values, ':ipk': pkValue, ':isk': skValue },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * A page of an inspector's inspections by date, undated ones last: Queries of their agenda on
 * GSI3 until `limit` of them have one of `statuses` (all when none are given) or the agenda ends.
 */
export async function queryInspectionAgenda(
  inspectorId: string,
  options: { limit: number; after?: Record<string, unknown>; statuses?: readonly string[] },
): Promise<{ inspections: Array<ChildRecords['INSPECTION']>; next?: Record<string, unknown> }> {
  const found: Array<ChildRecords['INSPECTION']> = [];
  let after = options.after;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.inspectionsOf(inspectorId) },
        Limit: options.limit - found.length,
        ...(after ? { ExclusiveStartKey: after } : {}),
      }),
    );
    const inspections = (page.Items ?? []).map(codecs.INSPECTION.decode);
    found.push(
      ...(options.statuses?.length
        ? inspections.filter((inspection) => options.statuses!.includes(inspection.status))
        : inspections),
    );
    after = page.LastEvaluatedKey;
  } while (after && found.length < options.limit);
  return { inspections: found, ...(after ? { next: after } : {}) };
}

/** Whether a page cursor points into this inspector's agenda (a cursor cannot cross agendas). */
export const isCursorOfInspectionAgenda = (inspectorId: string, after: Record<string, unknown>): boolean =>
  after.gsi3pk === keys.inspectionsOf(inspectorId) && typeof after.gsi3sk === 'string';

/**
 * Puts the inspections written before the agendas existed into their inspector's (GSI3 keys). An
 * offline staff tool (a Scan): the local stack runs it once on a table kept from an older version;
 * docs/deploying.md runs it in AWS. Returns how many inspections it keyed.
 */
export async function keyInspectionAgendas(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :inspection AND attribute_not_exists(gsi3pk)',
      ExpressionAttributeValues: { ':inspection': 'inspection' },
    },
    async (item) => {
      const inspection = codecs.INSPECTION.decode(item);
      // An inspection gone meanwhile is not written back as keys alone.
      return keyItem(
        item,
        keys.inspectionAgendaIndex(inspection.inspectorId, inspection.inspectionDate, inspection.id),
        {
          expression: 'attribute_exists(pk)',
        },
      );
    },
  );
}
