import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { RateLimit } from '../domain/caller.js';
import { dayOf, secondOf, type WindowCounts } from '../domain/rate-limit.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { type RateCounter, rateCounterCodec } from './records/rate-counter.js';

/**
 * One item per API key and UTC day holds the day's count and the current second's window
 * (`windowSecond`, `inSecond`). A request is admitted by one conditional update that counts it in
 * both, and only if both still have room: an admitted request costs one write, a refused one
 * none (the table is only read, to say which limit it hit).
 */
async function tryCount(
  key: { pk: string; sk: string },
  second: number,
  limit: Pick<RateLimit, 'rps' | 'quotaPerDay'>,
  sameSecond: boolean,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: sameSecond
          ? 'ADD dayCount :one, inSecond :one'
          : 'ADD dayCount :one SET windowSecond = :second, inSecond = :one, expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: sameSecond
          ? // A request that arrives after a later one opened the next second counts in that window.
            'windowSecond >= :second AND inSecond < :rps AND dayCount < :quota'
          : '(attribute_not_exists(windowSecond) OR windowSecond < :second) AND (attribute_not_exists(dayCount) OR dayCount < :quota)',
        ExpressionAttributeValues: {
          ':one': 1,
          ':second': second,
          ':quota': limit.quotaPerDay,
          ...(sameSecond ? { ':rps': limit.rps } : { ':expires': second + 2 * 86_400 }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Counts the request if the key's limits admit it. Tries the current second's window first (the
 * common case under load), then opening a new one, then the current one again (a parallel
 * request may have opened it meanwhile). Refused: the counts as they stand, this request
 * included, for the caller to say which limit and how long to wait.
 */
export async function admitRequest(
  keyId: string,
  nowMs: number,
  limit: Pick<RateLimit, 'rps' | 'quotaPerDay'>,
): Promise<{ admitted: true } | { admitted: false; counts: WindowCounts }> {
  const key = keys.rateQuota(keyId, dayOf(nowMs));
  const second = secondOf(nowMs);
  for (const sameSecond of [true, false, true])
    if (await tryCount(key, second, limit, sameSecond)) return { admitted: true };
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const counter: RateCounter | undefined = Item ? rateCounterCodec.decode(Item) : undefined;
  const inSecond = counter && counter.windowSecond >= second ? counter.inSecond : 0;
  return { admitted: false, counts: { second: inSecond + 1, day: (counter?.dayCount ?? 0) + 1 } };
}
