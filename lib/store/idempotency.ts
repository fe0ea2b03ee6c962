import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
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
export async function claimIdempotencyKey(keyId: string, key: string, requestHash: string, claimToken: string, nowMs = Date.now()): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.idempotency(keyId, key),
          entity: 'idempotency',
          pending: true,
          claimToken,
          requestHash,
          createdAt: new Date(nowMs).toISOString(),
          expiresAt: Math.floor(nowMs / 1000) + CLAIM_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds',
        ExpressionAttributeValues: { ':nowSeconds': Math.floor(nowMs / 1000) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives up a claim whose request failed, so a retry with the key need not wait for it to expire. */
export async function releaseIdempotencyClaim(keyId: string, key: string, claimToken: string): Promise<void> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.idempotency(keyId, key),
        ConditionExpression: 'claimToken = :token AND pending = :yes',
        ExpressionAttributeValues: { ':token': claimToken, ':yes': true },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** DynamoDB deletes expired items only eventually (DynamoDB Local never), so expiry is checked here. */
export async function getIdempotencyRecord(keyId: string, key: string, nowMs = Date.now()): Promise<IdempotencyRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(keyId, key), ConsistentRead: true }));
  if (!Item || Number(Item.expiresAt) * 1000 <= nowMs) return undefined;
  return idempotencyCodec.decode(Item);
}

/**
 * The stored response, written in the same transaction as the change it answers for: either
 * both exist or neither, so a retry can never repeat the change.
 */
export function idempotencyPutItem(
  keyId: string,
  key: string,
  record: Omit<IdempotencyRecord, 'createdAt'>,
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
        createdAt: new Date(nowMs).toISOString(),
        expiresAt: Math.floor(nowMs / 1000) + IDEMPOTENCY_TTL_SECONDS,
      },
      // The answer replaces this request's own claim (the only claim it may replace).
      ConditionExpression: `attribute_not_exists(pk) OR expiresAt <= :nowSeconds${claimToken ? ' OR claimToken = :claimToken' : ''}`,
      ExpressionAttributeValues: { ':nowSeconds': Math.floor(nowMs / 1000), ...(claimToken ? { ':claimToken': claimToken } : {}) },
    },
  };
}
