import { serviceUnavailable } from '../../domain/errors.js';

/** Returned by an attempt that lost a race: read again after a short, jittered pause. */
export const RETRY = Symbol('retry');
/** Returned by an attempt whose next read will settle it at once (e.g. a racing retry with the same Idempotency-Key won). */
export const RETRY_NOW = Symbol('retry-now');

/** Under contention an operation is re-planned from a fresh read; this bounds how often. */
const MAX_ATTEMPTS = 40;
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 5 * 2 ** attempt)));

/**
 * Optimistic concurrency: run `attempt` (read, decide, conditional write) until it settles.
 * After MAX_ATTEMPTS lost races the caller is asked to retry later (503 with Retry-After), or
 * gets the error `exhausted` makes.
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T | typeof RETRY | typeof RETRY_NOW>,
  exhausted: () => Error = () => serviceUnavailable(1),
): Promise<T> {
  for (let n = 0; n < MAX_ATTEMPTS; n += 1) {
    const result = await attempt(n);
    if (result === RETRY_NOW) continue;
    if (result !== RETRY) return result;
    await pause(n);
  }
  throw exhausted();
}
