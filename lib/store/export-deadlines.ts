import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { Deadline } from '../domain/export-steps.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { type DeadlineRecord, exportDeadlineCodec } from './records/export-deadline.js';
import type { TransactItem } from './transact.js';

export type { DeadlineRecord } from './records/export-deadline.js';

const same = (a: Deadline, b: Deadline) => a.kind === b.kind && a.due === b.due;

/**
 * The items that bring a tenant's deadline index in line with an order's open deadlines, for the
 * transaction that changes them: new ones put, closed or moved ones deleted.
 */
export function deadlineChanges(
  order: { id: string; orderNumber: number; tenantId?: string; car?: string },
  before: Deadline[],
  after: Deadline[],
): TransactItem[] {
  const removed = before.filter((d) => !after.some((a) => same(a, d)));
  const added = after.filter((d) => !before.some((b) => same(b, d)));
  return [
    ...removed.map(
      (d): TransactItem => ({
        Delete: { TableName: tableName(), Key: keys.exportDeadline(order.tenantId, d.due, order.id, d.kind) },
      }),
    ),
    ...added.map(
      (d): TransactItem => ({
        Put: {
          TableName: tableName(),
          Item: {
            ...keys.exportDeadline(order.tenantId, d.due, order.id, d.kind),
            entity: 'exportDeadline',
            ...d,
            orderId: order.id,
            orderNumber: order.orderNumber,
            ...(order.tenantId ? { tenantId: order.tenantId } : {}),
            ...(order.car ? { car: order.car } : {}),
          },
        },
      }),
    ),
  ];
}

/** A tenant's open deadlines due before `before` (a day), soonest first: one Query of its index. */
export async function deadlinesBefore(tenantId: string | undefined, before: string): Promise<DeadlineRecord[]> {
  const items: DeadlineRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk < :before',
        ExpressionAttributeValues: { ':pk': keys.exportDeadlines(tenantId), ':before': before },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []).map(exportDeadlineCodec.decode));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Marks a deadline as told (only once, and only while it is still open), for the transaction that queues the reminder. */
export function markRemindedItem(deadline: DeadlineRecord, at: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.exportDeadline(deadline.tenantId, deadline.due, deadline.orderId, deadline.kind),
      UpdateExpression: 'SET remindedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(remindedAt)',
      ExpressionAttributeValues: { ':at': at },
    },
  };
}
