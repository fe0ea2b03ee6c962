import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import type { TransactItem } from './transact.js';

/** How long a stored response answers retries with the same Idempotency-Key. */
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export interface IdempotencyRecord {
  requestHash: string;
  statusCode: number;
  data: unknown;
  createdAt: string;
  expiresAt: number;
}

/** DynamoDB deletes expired items only eventually (DynamoDB Local never), so expiry is checked here. */
export async function getIdempotencyRecord(keyId: string, key: string, nowMs = Date.now()): Promise<IdempotencyRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.idempotency(keyId, key), ConsistentRead: true }));
  if (!Item || Number(Item.expiresAt) * 1000 <= nowMs) return undefined;
  return Item as unknown as IdempotencyRecord;
}

/**
 * The stored response, written in the same transaction as the change it answers for: either
 * both exist or neither, so a retry can never repeat the change.
 */
export function idempotencyPutItem(keyId: string, key: string, record: Omit<IdempotencyRecord, 'expiresAt' | 'createdAt'>, nowMs = Date.now()): TransactItem {
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
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds',
      ExpressionAttributeValues: { ':nowSeconds': Math.floor(nowMs / 1000) },
    },
  };
}
