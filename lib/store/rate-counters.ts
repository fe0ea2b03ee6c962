import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { dayOf, secondOf, type WindowCounts } from '../domain/rate-limit.js';
import { ddb } from './client.js';
import { keys } from './keys.js';

async function increment(key: { pk: string; sk: string }, expiresAt: number): Promise<number> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD #n :one SET expiresAt = if_not_exists(expiresAt, :exp)',
      ExpressionAttributeNames: { '#n': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':exp': expiresAt },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.count ?? 0);
}

/** Atomically counts one request in the key's current second and day (both in parallel). */
export async function countRequest(keyId: string, nowMs: number): Promise<WindowCounts> {
  const second = secondOf(nowMs);
  const [inSecond, inDay] = await Promise.all([
    increment(keys.rateWindow(keyId, second), second + 120),
    increment(keys.rateQuota(keyId, dayOf(nowMs)), second + 2 * 86_400),
  ]);
  return { second: inSecond, day: inDay };
}
