import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { RateLimit } from '../../lib/domain/caller.js';
import { newApiKey } from '../support/staff.js';
import { api, demoKey, type ApiResponse } from '../support/http.js';

/** A cheap route that answers 200 to a platform key once the limiter lets the request through. */
const SEARCH = '/api/v1/customers/search?phone=%2B971500000001';

async function keyWithLimit(rateLimit: Partial<RateLimit>): Promise<string> {
  const { key } = await newApiKey({ name: `rate-limit test ${JSON.stringify(rateLimit)}`, role: 'admin', rateLimit });
  return key;
}

const burst = (key: string, count: number): Promise<ApiResponse[]> =>
  Promise.all(Array.from({ length: count }, () => api('GET', SEARCH, { key })));

function retryAfterOf(res: ApiResponse): number {
  const header = res.headers.get('retry-after');
  expect(header, 'Retry-After header').toMatch(/^\d+$/);
  return Number(header);
}

function expectRateLimited(res: ApiResponse): void {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ success: false, error: expect.any(String), statusCode: 429, code: 'RATE_LIMITED' });
  expect(retryAfterOf(res)).toBeGreaterThanOrEqual(1);
}

const secondsUntilNextUtcMidnight = (nowMs: number): number => {
  const d = new Date(nowMs);
  return (Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - nowMs) / 1000;
};

/** A quota test straddling UTC midnight would see its day change under it: wait for the new day instead. */
async function awayFromUtcMidnight(marginSeconds = 30): Promise<void> {
  const left = secondsUntilNextUtcMidnight(Date.now());
  if (left < marginSeconds) await sleep(left * 1000 + 1000);
}

/** Containers started by an earlier burst answer the measured burst quickly, inside a second or two. */
async function warmUp(): Promise<void> {
  const responses = await burst(demoKey('platform'), 10);
  for (const res of responses) expect(res.status, res.text).toBe(200);
}

describe('per-second rate limit (local stand-in for the usage plan throttle)', () => {
  it('answers part of a parallel burst over rps with 429 RATE_LIMITED and an integer Retry-After', async () => {
    await warmUp();
    const key = await keyWithLimit({ rps: 3, burst: 3, quotaPerDay: 1000 });

    const started = Date.now();
    const responses = await burst(key, 15);
    const ended = Date.now();

    const limited = responses.filter((r) => r.status === 429);
    const admitted = responses.filter((r) => r.status === 200);
    expect(limited.length).toBeGreaterThan(0);
    expect(admitted.length).toBeGreaterThan(0);
    expect(admitted.length + limited.length).toBe(responses.length);
    for (const res of limited) expectRateLimited(res);
    // At most rps requests are let through in each clock second the burst touched.
    const secondsTouched = Math.floor(ended / 1000) - Math.floor(started / 1000) + 1;
    expect(admitted.length).toBeLessThanOrEqual(3 * secondsTouched);
  });

  it('lets a request through after waiting the Retry-After it was given', async () => {
    await warmUp();
    const key = await keyWithLimit({ rps: 3, burst: 3, quotaPerDay: 1000 });
    const limited = (await burst(key, 15)).filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    const wait = Math.max(...limited.map(retryAfterOf));

    await sleep(wait * 1000);
    const retry = await api('GET', SEARCH, { key });

    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.success).toBe(true);
  });

  it('limits each key on its own: a burst on one key does not slow another key down', async () => {
    await warmUp();
    const noisy = await keyWithLimit({ rps: 3, burst: 3, quotaPerDay: 1000 });
    const quiet = await keyWithLimit({ rps: 3, burst: 3, quotaPerDay: 1000 });

    const [noisyResponses, quietResponse] = await Promise.all([burst(noisy, 12), api('GET', SEARCH, { key: quiet })]);

    expect(noisyResponses.some((r) => r.status === 429)).toBe(true);
    expect(quietResponse.status, quietResponse.text).toBe(200);
  });
});

describe('daily quota', () => {
  it('answers the request after the quota with 429 and Retry-After = seconds until the next UTC midnight', async () => {
    await awayFromUtcMidnight();
    const key = await keyWithLimit({ quotaPerDay: 2 });

    const first = await api('GET', SEARCH, { key });
    const second = await api('GET', SEARCH, { key });
    const third = await api('GET', SEARCH, { key });
    const expected = secondsUntilNextUtcMidnight(Date.now());

    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expectRateLimited(third);
    expect(Math.abs(retryAfterOf(third) - expected)).toBeLessThanOrEqual(5);
  });

  it('keeps refusing after the per-second window has passed (the quota, not the rate, is used up)', async () => {
    await awayFromUtcMidnight();
    const key = await keyWithLimit({ quotaPerDay: 1 });
    expect((await api('GET', SEARCH, { key })).status).toBe(200);
    expectRateLimited(await api('GET', SEARCH, { key }));

    await sleep(1_100);
    const later = await api('GET', SEARCH, { key });

    expectRateLimited(later);
    expect(retryAfterOf(later)).toBeGreaterThan(60);
  });

  it('counts the quota per key: a key that used its quota up leaves another key untouched', async () => {
    await awayFromUtcMidnight();
    const spent = await keyWithLimit({ quotaPerDay: 1 });
    const fresh = await keyWithLimit({ quotaPerDay: 1 });
    await api('GET', SEARCH, { key: spent });
    expectRateLimited(await api('GET', SEARCH, { key: spent }));

    const res = await api('GET', SEARCH, { key: fresh });

    expect(res.status, res.text).toBe(200);
  });
});
