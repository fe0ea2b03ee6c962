/**
 * The local rate limiter's counter (lib/store/rate-counters.ts) against DynamoDB Local: an
 * admitted request costs one counter write, a refused one none, under real parallel requests.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { dayOf } from '../../lib/domain/rate-limit.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { admitRequest } from '../../lib/store/rate-counters.js';

/** Counts the writes DynamoDB carried out (updates that succeeded) while `action` runs. */
async function writesDuring<T>(action: () => Promise<T>): Promise<{ value: T; writes: number }> {
  let writes = 0;
  const name = `count-writes-${randomBytes(4).toString('hex')}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (String(context.commandName).startsWith('Update') || String(context.commandName).startsWith('Put'))
        writes += 1;
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    return { value: await action(), writes };
  } finally {
    ddb.middlewareStack.remove(name);
  }
}

/** A time at the start of a second, so a burst stays inside it. */
const startOfNextSecond = async (): Promise<number> => {
  const now = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1000 - (now % 1000) + 5));
  return Date.now();
};

describe("the local rate limiter's counter", () => {
  it('admits exactly rps of 12 parallel requests in one second, with one write each, and writes nothing for the refused ones', async () => {
    const keyId = `rate${randomBytes(6).toString('hex')}`;
    const now = await startOfNextSecond();

    const { value: outcomes, writes } = await writesDuring(() =>
      Promise.all(Array.from({ length: 12 }, () => admitRequest(keyId, now, { rps: 5, quotaPerDay: 1000 }))),
    );

    expect(outcomes.filter((o) => o.admitted)).toHaveLength(5);
    expect(writes).toBe(5);
    const refused = outcomes.find((o) => !o.admitted);
    expect(refused).toMatchObject({ admitted: false, counts: { second: 6, day: 6 } });
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: keys.rateQuota(keyId, dayOf(now)), ConsistentRead: true }),
    );
    expect(Item).toMatchObject({ dayCount: 5, inSecond: 5 });
  });

  it("opens a new window each second and refuses once the day's quota is used, writing nothing then", async () => {
    const keyId = `rate${randomBytes(6).toString('hex')}`;
    const first = await startOfNextSecond();
    const limit = { rps: 2, quotaPerDay: 3 };

    const inFirst = [
      await admitRequest(keyId, first, limit),
      await admitRequest(keyId, first, limit),
      await admitRequest(keyId, first, limit),
    ];
    const next = first + 1000;
    const { value: inNext, writes } = await writesDuring(async () => [
      await admitRequest(keyId, next, limit),
      await admitRequest(keyId, next, limit),
    ]);

    expect(inFirst.map((o) => o.admitted)).toEqual([true, true, false]);
    // The new second admits one more (the day's third), then the quota refuses, without a write.
    expect(inNext.map((o) => o.admitted)).toEqual([true, false]);
    expect(writes).toBe(1);
    expect(inNext[1]).toMatchObject({ admitted: false, counts: { day: 4 } });
  });
});
