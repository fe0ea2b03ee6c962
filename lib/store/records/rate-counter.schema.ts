import * as Type from '@sinclair/typebox';

/**
 * One API key's requests on one UTC day, for the local rate limiter: the day's count and the
 * current second's window, removed by its TTL (`expiresAt`) two days after its first second.
 * Every write that creates it sets all three counts, so a stored counter always has them.
 */
export const RateCounterRecord = Type.Object({
  /** Requests admitted today (UTC). */
  dayCount: Type.Integer(),
  /** The second (epoch seconds) the window counts. */
  windowSecond: Type.Integer(),
  /** Requests admitted in that second. */
  inSecond: Type.Integer(),
});
