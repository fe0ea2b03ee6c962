import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimit } from '../../lib/domain/caller.js';
import { dayOf, decide, effectiveLimit, secondOf, type RateDecision } from '../../lib/domain/rate-limit.js';

const limit = (overrides: Partial<RateLimit> = {}): RateLimit => ({
  rps: 3,
  burst: 3,
  quotaPerDay: 1000,
  ...overrides,
});
const at = (iso: string): number => Date.parse(iso);
const nextUtcMidnight = (nowMs: number): number => {
  const d = new Date(nowMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
};
const refused = (decision: RateDecision) => {
  if (decision.allowed) throw new Error('expected the request to be refused');
  return decision;
};

/** Any instant between 2000 and 2100, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) });
const limits = fc.record({
  rps: fc.integer({ min: 1, max: 10_000 }),
  burst: fc.integer({ min: 1, max: 20_000 }),
  quotaPerDay: fc.integer({ min: 1, max: 10_000_000 }),
});

describe('decide: per-second rate', () => {
  it('admits the request that fills the second exactly (counts include this request)', () => {
    const decision = decide(limit({ rps: 3 }), { second: 3, day: 3 }, at('2026-11-22T10:00:00.250Z'));

    expect(decision).toEqual({ allowed: true });
  });

  it('refuses the first request over rps with reason rate and Retry-After 1', () => {
    const decision = refused(decide(limit({ rps: 3 }), { second: 4, day: 4 }, at('2026-11-22T10:00:00.250Z')));

    expect(decision.reason).toBe('rate');
    expect(decision.retryAfterSeconds).toBe(1);
  });

  it('asks for 1 second even on the last millisecond of a window (never 0)', () => {
    const decision = refused(decide(limit({ rps: 1 }), { second: 2, day: 2 }, at('2026-11-22T10:00:00.999Z')));

    expect(decision.retryAfterSeconds).toBe(1);
  });

  it('asks for 1 second on the first millisecond of a window (the whole window is still ahead)', () => {
    const decision = refused(decide(limit({ rps: 1 }), { second: 2, day: 2 }, at('2026-11-22T10:00:00.000Z')));

    expect(decision.retryAfterSeconds).toBe(1);
  });
});

describe('decide: daily quota', () => {
  it('admits the request that uses the last unit of the quota', () => {
    expect(decide(limit({ quotaPerDay: 2 }), { second: 1, day: 2 }, at('2026-11-22T10:00:00Z'))).toEqual({
      allowed: true,
    });
  });

  it('refuses the request after the quota with reason quota and Retry-After = seconds until the next UTC midnight', () => {
    const now = at('2026-11-22T23:00:00.000Z');

    const decision = refused(decide(limit({ quotaPerDay: 2 }), { second: 1, day: 3 }, now));

    expect(decision.reason).toBe('quota');
    expect(decision.retryAfterSeconds).toBe(3600);
  });

  it('rounds a partial second up, so the retry is never early', () => {
    const decision = refused(decide(limit({ quotaPerDay: 1 }), { second: 1, day: 2 }, at('2026-11-22T23:59:58.500Z')));

    expect(decision.retryAfterSeconds).toBe(2);
  });

  it('asks for a whole day just after midnight', () => {
    const decision = refused(decide(limit({ quotaPerDay: 1 }), { second: 1, day: 2 }, at('2026-11-22T00:00:00.000Z')));

    expect(decision.retryAfterSeconds).toBe(86_400);
  });

  it('crosses month and year ends (31 December -> 1 January)', () => {
    const decision = refused(decide(limit({ quotaPerDay: 1 }), { second: 1, day: 2 }, at('2026-12-31T23:59:00.000Z')));

    expect(decision.retryAfterSeconds).toBe(60);
  });

  it('handles 29 February of a leap year', () => {
    const decision = refused(decide(limit({ quotaPerDay: 1 }), { second: 1, day: 2 }, at('2028-02-29T12:00:00.000Z')));

    expect(decision.retryAfterSeconds).toBe(12 * 3600);
  });

  it('reports the quota, not the rate, when both are exceeded (the longer wait is the truthful one)', () => {
    const decision = refused(
      decide(limit({ rps: 1, quotaPerDay: 1 }), { second: 5, day: 5 }, at('2026-11-22T12:00:00.000Z')),
    );

    expect(decision.reason).toBe('quota');
    expect(decision.retryAfterSeconds).toBe(12 * 3600);
  });
});

describe('decide: the quota day is the UTC day whatever the process time zone', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Dubai', 'Asia/Seoul'])(
    'resets at UTC midnight with TZ=%s',
    (tz) => {
      process.env.TZ = tz;
      const now = at('2026-11-22T20:30:00.000Z');

      const decision = refused(decide(limit({ quotaPerDay: 1 }), { second: 1, day: 2 }, now));

      expect(decision.retryAfterSeconds).toBe(3.5 * 3600);
      expect(dayOf(now)).toBe('2026-11-22');
    },
  );
});

describe('decide: properties over random instants and limits', () => {
  it('a refused request retried after Retry-After lands in a later second that admits a fresh request', () => {
    fc.assert(
      fc.property(instant, limits, fc.integer({ min: 1, max: 1_000 }), (now, lim, over) => {
        const counts = { second: lim.rps + over, day: Math.min(lim.rps + over, lim.quotaPerDay) };
        const decision = decide(lim, counts, now);
        if (decision.allowed) return false;
        if (decision.reason !== 'rate') return false;
        const retryAt = now + decision.retryAfterSeconds * 1000;
        // The retry is counted in a new window: first request of its second, within quota.
        return secondOf(retryAt) > secondOf(now) && decide(lim, { second: 1, day: counts.day }, retryAt).allowed;
      }),
    );
  });

  it('a quota refusal retried after Retry-After lands on the next UTC day, and not a second earlier than needed', () => {
    fc.assert(
      fc.property(instant, limits, fc.integer({ min: 1, max: 1_000 }), (now, lim, over) => {
        const decision = decide(lim, { second: 1, day: lim.quotaPerDay + over }, now);
        if (decision.allowed || decision.reason !== 'quota') return false;
        const retryAt = now + decision.retryAfterSeconds * 1000;
        const oneSecondEarlier = retryAt - 1000;
        return (
          dayOf(retryAt) !== dayOf(now) &&
          retryAt >= nextUtcMidnight(now) &&
          (decision.retryAfterSeconds === 1 || dayOf(oneSecondEarlier) === dayOf(now)) &&
          decide(lim, { second: 1, day: 1 }, retryAt).allowed
        );
      }),
    );
  });

  it('Retry-After is always a whole number of seconds between 1 and 86400', () => {
    fc.assert(
      fc.property(instant, limits, fc.nat({ max: 50_000 }), fc.nat({ max: 20_000_000 }), (now, lim, second, day) => {
        const decision = decide(lim, { second, day }, now);
        return (
          decision.allowed ||
          (Number.isInteger(decision.retryAfterSeconds) &&
            decision.retryAfterSeconds >= 1 &&
            decision.retryAfterSeconds <= 86_400)
        );
      }),
    );
  });

  it('admits exactly when both windows are within their limits', () => {
    fc.assert(
      fc.property(instant, limits, fc.nat({ max: 20_000 }), fc.nat({ max: 20_000_000 }), (now, lim, second, day) => {
        const expected = second <= lim.rps && day <= lim.quotaPerDay;
        return decide(lim, { second, day }, now).allowed === expected;
      }),
    );
  });
});

describe('effectiveLimit', () => {
  const defaults: RateLimit = { rps: 50, burst: 100, quotaPerDay: 100_000 };

  it('uses the defaults when the key has no override', () => {
    expect(effectiveLimit(defaults, undefined)).toEqual(defaults);
  });

  it('takes each field the key overrides and the defaults for the rest', () => {
    expect(effectiveLimit(defaults, { quotaPerDay: 2 })).toEqual({ rps: 50, burst: 100, quotaPerDay: 2 });
    expect(effectiveLimit(defaults, { rps: 3, burst: 3 })).toEqual({ rps: 3, burst: 3, quotaPerDay: 100_000 });
  });

  it('keeps an explicit override even when it is stricter than the defaults', () => {
    fc.assert(
      fc.property(limits, (override) => {
        const merged = effectiveLimit(defaults, override);
        return (
          merged.rps === override.rps && merged.burst === override.burst && merged.quotaPerDay === override.quotaPerDay
        );
      }),
    );
  });

  it('does not change the defaults object it was given', () => {
    const frozen = Object.freeze({ ...defaults });

    effectiveLimit(frozen, { rps: 1 });

    expect(frozen).toEqual(defaults);
  });
});
