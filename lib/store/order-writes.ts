import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { allOf, scopeCondition, setExpression } from './expressions.js';
import * as keys from './keys.js';
import { partItem, split } from './order-assembly.js';
import {
  partOfField,
  type HistoryEntry,
  type ImageArchiveState,
  type OrderPart,
  type OrderRecord,
} from './records/order.js';
import { transact, type TransactItem } from './transact.js';

/* The items that write an order: a new order's head, parts and history, and its guarded changes. */

type Item = Record<string, unknown>;

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
  return [...split(order).parts].map(([part, fields]) => ({
    Put: { TableName: tableName(), Item: partItem(order, part, fields) },
  }));
}

export function putHistoryItem(entry: HistoryEntry): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.orderHistory(entry.orderId, entry.at, entry.id), entity: 'orderHistory', ...entry },
    },
  };
}

const SEQUENCE_UNCHANGED =
  '((attribute_not_exists(notificationSeq) AND :seqRead = :zero) OR notificationSeq = :seqRead)';

/** Takes the order's next notification sequence for an event that does not change the order otherwise (a contract sent). */
export function takeNotificationSeq(order: Pick<OrderRecord, 'id' | 'notificationSeq'>): {
  seq: number;
  item: TransactItem;
} {
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

/** What an edit may change: a part's fields, the notification sequence, and the customer's notification flag in the car snapshot. */
export type OrderChanges = Partial<
  Pick<
    OrderRecord,
    | 'exportSteps'
    | 'shipment'
    | 'customsInvoice'
    | 'customsDocuments'
    | 'documents'
    | 'documentNumbers'
    | 'notificationSeq'
    | 'destinationCountry'
    | 'importRuleOverride'
    | 'consignee'
    | 'documentCourier'
  >
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
  const condition = allOf(
    { expression: '#version = :expected', values: { ':expected': order.version } },
    scopeCondition(scope),
  );
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
    ...[...touched].map((part) => ({
      Put: { TableName: tableName(), Item: partItem(order, part, nextParts.get(part) ?? {}) },
    })),
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
            ExpressionAttributeValues: {
              ...condition.values,
              ':parts': [...new Set([...(order.parts ?? []), 'archive'])].sort(),
            },
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
