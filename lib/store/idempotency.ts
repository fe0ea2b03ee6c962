import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { packAnswer, unpackAnswer } from './deflated.js';
import * as keys from './keys.js';
import { idempotencyCodec, type IdempotencyRecord } from './records/idempotency.js';
import type { TransactItem } from './transact.js';

export type { IdempotencyRecord } from './records/idempotency.js';

/** How long a stored response answers retries with the same Idempotency-Key. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

/** A claim outlives any request (Lambda's timeout is 10 s); a crashed one frees its key after this. */
const CLAIM_SECONDS = 30;

const isConditionFailure = (error: unknown) => (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Claims a key before a request does what cannot be undone (taking an order number): of
 * concurrent requests with one key, one claims it and the others wait for its answer. True when
 * this request holds the claim.
 */
export async function claimIdempotencyKey(
  keyId: string,
  key: string,
  requestHash: string,
  claimToken: string,
  nowMs = Date.now(),
): Promise<boolean> {
  const nowSeconds = Math.floor(nowMs / 1000);
  try {
    // Written as an update (the route's bundle carries no Put or Delete command), the claim is the
    // whole item all the same: an expired answer's data goes.
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(keyId, key),
        UpdateExpression:
          'SET entity = :entity, pending = :yes, claimToken = :token, requestHash = :hash, createdAt = :at, expiresAt = :until REMOVE #data, dataDeflated',
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds',
        ExpressionAttributeNames: { '#data': 'data' },
        ExpressionAttributeValues: {
          ':entity': 'idempotency',
          ':yes': true,
          ':token': claimToken,
          ':hash': requestHash,
          ':at': new Date(nowMs).toISOString(),
          ':until': nowSeconds + CLAIM_SECONDS,
          ':nowSeconds': nowSeconds,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Gives up a claim whose request failed, so a retry with the key need not wait for it to expire:
 * it expires now (a reader and the next claim take it as absent; the table's TTL removes it).
 */
export async function releaseIdempotencyClaim(
  keyId: string,
  key: string,
  claimToken: string,
  nowMs = Date.now(),
): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.idempotency(keyId, key),
        UpdateExpression: 'SET expiresAt = :now',
        ConditionExpression: 'claimToken = :token AND pending = :yes',
        ExpressionAttributeValues: { ':token': claimToken, ':yes': true, ':now': Math.floor(nowMs / 1000) },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** A key's item as its record; undefined once expired (DynamoDB deletes expired items only eventually, DynamoDB Local never). */
export function idempotencyRecordOf(
  item: Record<string, unknown> | undefined,
  nowMs = Date.now(),
): IdempotencyRecord | undefined {
  if (!item || Number(item.expiresAt) * 1000 <= nowMs) return undefined;
  return idempotencyCodec.decode(unpackAnswer(item));
}

export async function getIdempotencyRecord(
  keyId: string,
  key: string,
  nowMs = Date.now(),
): Promise<IdempotencyRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.idempotency(keyId, key), ConsistentRead: true }),
  );
  return idempotencyRecordOf(Item, nowMs);
}

/**
 * The stored response, written in the same transaction as the change it answers for: either
 * both exist or neither, so a retry can never repeat the change.
 */
export function idempotencyPutItem(
  keyId: string,
  key: string,
  { data, ...record }: Omit<IdempotencyRecord, 'createdAt'>,
  nowMs = Date.now(),
  claimToken?: string,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.idempotency(keyId, key),
        entity: 'idempotency',
        ...record,
        ...packAnswer(data),
        createdAt: new Date(nowMs).toISOString(),
        expiresAt: Math.floor(nowMs / 1000) + IDEMPOTENCY_TTL_SECONDS,
      },
      // The answer replaces this request's own claim (the only claim it may replace).
      ConditionExpression: `attribute_not_exists(pk) OR expiresAt <= :nowSeconds${claimToken ? ' OR claimToken = :claimToken' : ''}`,
      ExpressionAttributeValues: {
        ':nowSeconds': Math.floor(nowMs / 1000),
        ...(claimToken ? { ':claimToken': claimToken } : {}),
      },
    },
  };
}
