import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { scanEach } from './scan-each.js';

/**
 * How many orders of a tenant (or of no tenant) are in a status: Select COUNT queries of the
 * status list (GSI9, keys only), paged until done. A count reads no item, but DynamoDB still
 * meters the index entries it counts (about 1 read unit per 4 KB of keys, some 40 entries).
 */
export async function countOrdersOfStatus(tenantId: string | undefined, status: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: keys.orderStatusList.index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': keys.orderStatusList.pk },
        ExpressionAttributeValues: { ':pk': keys.ordersOfStatus(tenantId, status) },
        Select: 'COUNT',
        ExclusiveStartKey,
      }),
    );
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/**
 * The statuses of a marketer's orders (in a tenant, when given): their list (GSI6), then their
 * heads' status alone, by key. A marketer's orders are few; their list shows them all.
 */
export async function statusesOfMarketerOrders(marketerId: string, tenantId: string | undefined): Promise<string[]> {
  const list = keys.orderListIndexes.marketer;
  const entries = await queryAll({
    TableName: tableName(),
    IndexName: list.index,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': list.pk, ...(tenantId ? { '#tenant': 'tenantId' } : {}) },
    ExpressionAttributeValues: {
      ':pk': keys.ordersOfMarketer(marketerId),
      ...(tenantId ? { ':tenant': tenantId } : {}),
    },
    ...(tenantId ? { FilterExpression: '#tenant = :tenant' } : {}),
  });
  const table = tableName();
  const statuses: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    let request:
      | Record<
          string,
          {
            Keys: Array<Record<string, unknown>>;
            ProjectionExpression: string;
            ExpressionAttributeNames: Record<string, string>;
          }
        >
      | undefined = {
      [table]: {
        Keys: entries.slice(i, i + 100).map((entry) => ({ pk: entry.pk, sk: 'ORDER' })),
        ProjectionExpression: '#status',
        ExpressionAttributeNames: { '#status': 'status' },
      },
    };
    while (request && Object.keys(request).length > 0) {
      const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      statuses.push(...(result.Responses?.[table] ?? []).map((head) => String(head.status)));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return statuses;
}

/**
 * Puts the orders written before the status list existed on it (GSI9 keys of their current
 * status). An offline staff tool (a Scan of the order heads): the local stack runs it once on a
 * table kept from an older version; docs/deploying.md runs it in AWS. An order moved meanwhile
 * was keyed by its move and is left alone. Returns how many orders it keyed.
 */
export async function keyOrderStatuses(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :order AND sk = :head AND attribute_not_exists(gsi9pk)',
      ProjectionExpression: 'pk, sk, #id, tenantId, #status, createdAt',
      ExpressionAttributeNames: { '#id': 'id', '#status': 'status' },
      ExpressionAttributeValues: { ':order': 'order', ':head': 'ORDER' },
    },
    async (head) => {
      const index = keys.orderStatusIndex({
        id: String(head.id),
        tenantId: typeof head.tenantId === 'string' ? head.tenantId : undefined,
        status: String(head.status),
        createdAt: String(head.createdAt),
      });
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk: head.pk, sk: head.sk },
            UpdateExpression: 'SET gsi9pk = :pk, gsi9sk = :sk',
            ConditionExpression: 'attribute_not_exists(gsi9pk) AND #status = :status',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':pk': index.gsi9pk, ':sk': index.gsi9sk, ':status': head.status },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionalCheckFailed(error)) return false;
        throw error;
      }
    },
  );
}
