import { tableName } from '../config.js';
import type { OrderStatus } from '../domain/order-lifecycle.js';
import { queryAll } from './query-all.js';
import * as keys from './keys.js';
import { historyEntryCodec } from './records/order.js';

/**
 * When the order last moved into `status` from another one (its history's newest such entry), or
 * undefined when it never did. Access pattern: the order's partition, sort keys `HISTORY#<at>#<id>`,
 * newest first. The caller has read the order in its scope already; the history is the order's own.
 */
export async function lastMoveInto(orderId: string, status: OrderStatus): Promise<string | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :history)',
    ExpressionAttributeValues: { ':pk': keys.orderPartition(orderId), ':history': 'HISTORY#' },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  const entry = items
    .map((item) => historyEntryCodec.decode(item))
    .find((history) => history.to === status && history.from !== status);
  return entry?.at;
}
