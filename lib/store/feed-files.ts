import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { PROVIDERS, type Provider } from '../domain/car.js';
import { OPEN_FEED_STATUSES } from '../domain/catalogue-feeds.js';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import {
  type CarOrder,
  carOrderCodec,
  type FeedFile,
  feedFileCodec,
  type FeedProvider,
  feedProviderCodec,
} from './records/feed-file.js';
import type { TransactItem } from './transact.js';

export type { CarOrder, FeedCountsRecord, FeedFile, FeedProvider } from './records/feed-file.js';

const fileItem = (file: FeedFile) => ({
  ...keys.feedFile(file.id),
  ...keys.feedFileIndex(file.provider, file.receivedAt, file.id),
  // Only open files carry the second index's key: the sweep reads what is left to do, not history.
  ...(OPEN_FEED_STATUSES.includes(file.status) ? keys.openFeedFileIndex(file.receivedAt, file.id) : {}),
  entity: 'feedFile',
  ...file,
});

/** An index entry's file id, from its table key (always projected). */
const idOfItem = (item: Record<string, unknown>) => String(item.pk).slice('FEEDFILE#'.length);

export async function getFeedFile(id: string): Promise<FeedFile | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.feedFile(id), ConsistentRead: true }),
  );
  return Item ? feedFileCodec.decode(Item) : undefined;
}

/** Records a new file; false when it was recorded before (the same key and ETag: imported once). */
export async function createFeedFile(file: FeedFile): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({ TableName: tableName(), Item: fileItem(file), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Saves a file's progress or outcome (only the holder of its provider's lock writes it). */
export async function saveFeedFile(file: FeedFile): Promise<void> {
  await ddb.send(new PutCommand({ TableName: tableName(), Item: fileItem(file) }));
}

/** A provider's files, newest first, as the index holds them (it projects every attribute): for the status and lists. */
export async function listProviderFeedFiles(provider: Provider, limit: number): Promise<FeedFile[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.feedFileIndex(provider, '', '').gsi1pk },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(feedFileCodec.decode);
}

/**
 * Files still queued, importing or held, oldest first. Each is read again from the table,
 * strongly consistent: the import resumes from the place it finds, which an index read could
 * show a step behind.
 */
export async function listOpenFeedFiles(): Promise<FeedFile[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.OPEN_FEED_FILES },
  });
  const files = await Promise.all(items.map((item) => getFeedFile(idOfItem(item))));
  return files.filter((f): f is FeedFile => f !== undefined && OPEN_FEED_STATUSES.includes(f.status));
}

export async function getFeedProviders(): Promise<FeedProvider[]> {
  const { Responses } = await ddb.send(
    new BatchGetCommand({
      RequestItems: { [tableName()]: { Keys: PROVIDERS.map((p) => keys.feedProvider(p)), ConsistentRead: true } },
    }),
  );
  return (Responses?.[tableName()] ?? []).map(feedProviderCodec.decode);
}

/** Notes a provider's file: received (lastFeedAt) and, when it applied, a good feed and the cars listed after it. */
export async function noteProviderFeed(
  provider: Provider,
  facts: { at: string; fileId: string; applied: boolean; listedCars?: number },
): Promise<void> {
  const set = ['provider = :provider', 'lastFeedAt = :at', 'lastFileId = :file', 'updatedAt = :at'];
  const values: Record<string, unknown> = { ':provider': provider, ':at': facts.at, ':file': facts.fileId };
  if (facts.applied) set.push('lastGoodFeedAt = :at');
  if (facts.listedCars !== undefined) {
    set.push('listedCars = :listed');
    values[':listed'] = facts.listedCars;
  }
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.feedProvider(provider),
      UpdateExpression: `SET entity = :entity, ${set.join(', ')}`,
      ExpressionAttributeValues: { ...values, ':entity': 'feedProvider' },
    }),
  );
}

/**
 * Takes (or renews) the lock on a provider's imports for one file until `leaseUntil`: false while
 * another file holds it and its lease runs. A worker cut off by a timeout leaves its lease to run
 * out, and the next sweep takes the file over from its saved place.
 */
export async function takeFeedLock(
  provider: Provider,
  fileId: string,
  holder: string,
  now: number,
  leaseUntil: number,
): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.feedLock(provider), entity: 'feedLock', provider, fileId, holder, leaseUntil },
        ConditionExpression: 'attribute_not_exists(pk) OR holder = :holder OR leaseUntil < :now',
        ExpressionAttributeValues: { ':holder': holder, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export async function releaseFeedLock(provider: Provider, holder: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.feedLock(provider),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** The link from a car to an order placed on it, for the order's transaction. */
export function carOrderItem(link: CarOrder): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...keys.carOrder(link.carId, link.orderId), entity: 'carOrder', ...link } },
  };
}

export async function ordersOfCar(carId: number): Promise<CarOrder[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.carOrders(carId) },
  });
  return items.map(carOrderCodec.decode);
}
