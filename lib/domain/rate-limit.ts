import type { RateLimit } from './caller.js';

/**
 * The local stand-in for an API Gateway usage plan: a fixed one-second window admitting `rps`
 * requests (the plan's steady rate) and a per-UTC-day quota. Pure, so the arithmetic of
 * Retry-After can be tested without a clock or a table.
 */
export interface WindowCounts {
  /** Requests counted in the current second, this one included. */
  second: number;
  /** Requests counted today (UTC), this one included. */
  day: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: 'rate' | 'quota' };

export const secondOf = (nowMs: number): number => Math.floor(nowMs / 1000);
export const dayOf = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 10);

export function decide(limit: RateLimit, counts: WindowCounts, nowMs: number): RateDecision {
  if (counts.day > limit.quotaPerDay) {
    const nextMidnight = Date.UTC(
      new Date(nowMs).getUTCFullYear(),
      new Date(nowMs).getUTCMonth(),
      new Date(nowMs).getUTCDate() + 1,
    );
    return {
      allowed: false,
      reason: 'quota',
      retryAfterSeconds: Math.max(1, Math.ceil((nextMidnight - nowMs) / 1000)),
    };
  }
  if (counts.second > limit.rps) {
    // The window ends at the next whole second; waiting until then always lets a request in.
    return {
      allowed: false,
      reason: 'rate',
      retryAfterSeconds: Math.max(1, Math.ceil(((secondOf(nowMs) + 1) * 1000 - nowMs) / 1000)),
    };
  }
  return { allowed: true };
}

export function effectiveLimit(defaults: RateLimit, override: Partial<RateLimit> | undefined): RateLimit {
  return {
    rps: override?.rps ?? defaults.rps,
    burst: override?.burst ?? defaults.burst,
    quotaPerDay: override?.quotaPerDay ?? defaults.quotaPerDay,
  };
}
