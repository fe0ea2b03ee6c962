import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import type { TransactItem } from './transact.js';

/**
 * A tenant's invoice series (commercial invoices, proformas): gapless, as tax and customs
 * authorities expect. Unlike order numbers (one unconditional ADD, gaps allowed), a number is
 * taken only in the transaction that gives it to an order, on the condition that the series still
 * stands where it was read; a race re-reads and tries again.
 */
const seriesKey = (tenantId: string, series: string) => keys.counter(`SERIES#${tenantId}#${series}`);

/** The last number given in the series (0 when none yet). */
export async function lastInSeries(tenantId: string, series: string): Promise<number> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: seriesKey(tenantId, series), ConsistentRead: true }),
  );
  return Item ? Number(Item.value) : 0;
}

/** Moves the series from `last` to `last + 1`, failing the transaction if another took it first. */
export function takeInSeriesItem(tenantId: string, series: string, last: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: seriesKey(tenantId, series),
      UpdateExpression: 'SET #v = :next',
      ConditionExpression: last === 0 ? 'attribute_not_exists(#v)' : '#v = :last',
      ExpressionAttributeNames: { '#v': 'value' },
      ExpressionAttributeValues: { ':next': last + 1, ...(last === 0 ? {} : { ':last': last }) },
    },
  };
}
