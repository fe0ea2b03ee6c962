import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import type { OrderRecord } from './orders.js';
import { type OrderTracking, type TrackingLink, trackingLinkCodec } from './records/tracking-link.js';
import type { TransactItem } from './transact.js';

export type { OrderTracking, TrackingLink } from './records/tracking-link.js';

const epochSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** The link by its token's hash, read strongly consistent: a link replaced a moment ago is already gone. */
export async function getTrackingLink(hash: string): Promise<TrackingLink | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.trackingLink(hash), ConsistentRead: true }),
  );
  return Item ? trackingLinkCodec.decode(Item) : undefined;
}

/** A new link's item, for the transaction that creates its order or replaces its link. */
export function putTrackingLinkItem(hash: string, link: TrackingLink): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.trackingLink(hash),
        entity: 'trackingLink',
        ...link,
        ...(link.endsAt ? { expiresAt: epochSeconds(link.endsAt) } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * A replacement, all or nothing: the order's new seed (only while the order is at the version and
 * seed it was read at, so a status move or another replacement in between makes it read again),
 * the old link's item gone and the new one's written.
 */
export function replaceTrackingLinkItems(
  order: Pick<OrderRecord, 'id' | 'version' | 'tracking'>,
  oldHash: string | undefined,
  tracking: OrderTracking,
  newHash: string,
  link: TrackingLink,
): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.order(order.id),
        UpdateExpression: 'SET tracking = :tracking',
        ConditionExpression: `#version = :version AND ${order.tracking ? 'tracking.seed = :seed' : 'attribute_not_exists(tracking)'}`,
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':tracking': tracking,
          ':version': order.version,
          ...(order.tracking ? { ':seed': order.tracking.seed } : {}),
        },
      },
    },
    ...(oldHash ? [{ Delete: { TableName: tableName(), Key: keys.trackingLink(oldHash) } }] : []),
    putTrackingLinkItem(newHash, link),
  ];
}

/** The order closed: its link works until `endsAt`, and the table's TTL removes it some time after. */
export function endTrackingLinkItem(hash: string, endsAt: string): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.trackingLink(hash),
      UpdateExpression: 'SET endsAt = :endsAt, expiresAt = :expiresAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':endsAt': endsAt, ':expiresAt': epochSeconds(endsAt) },
    },
  };
}
