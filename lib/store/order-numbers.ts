import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import type { TransactItem } from './transact.js';
import { scanEach } from './scan-each.js';

/** The order's number names it from now on (written in the order's own creation). */
export function orderNumberItem(order: { id: string; orderNumber: number; tenantId?: string }): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.orderNumberRef(order.orderNumber),
        entity: 'orderNumber',
        orderId: order.id,
        tenantId: order.tenantId,
      },
    },
  };
}

/** The id of the order with this number, or undefined (one GetItem; scope is the caller's to check on the order). */
export async function orderIdOfNumber(orderNumber: number): Promise<string | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.orderNumberRef(orderNumber) }));
  return typeof Item?.orderId === 'string' ? Item.orderId : undefined;
}

/**
 * Writes the number item of every order written before orders could be found by number. An
 * offline staff tool (a Scan): the local stack runs it once on a table kept from an older version;
 * docs/deploying.md runs it in AWS. Returns how many it wrote.
 */
export async function keyOrderNumbers(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :order',
      ProjectionExpression: 'id, orderNumber, tenantId',
      ExpressionAttributeValues: { ':order': 'order' },
    },
    async (item) => {
      if (typeof item.id !== 'string' || typeof item.orderNumber !== 'number') return false;
      try {
        await ddb.send(
          new PutCommand({
            TableName: tableName(),
            Item: {
              ...keys.orderNumberRef(item.orderNumber),
              entity: 'orderNumber',
              orderId: item.id,
              tenantId: item.tenantId,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
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
