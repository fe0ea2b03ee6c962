import { defaultRateLimit } from '../config.js';
import type { Caller } from '../domain/caller.js';
import { AppError } from '../domain/errors.js';
import { decide, effectiveLimit } from '../domain/rate-limit.js';
import { admitRequest as countRequest } from '../store/rate-counters.js';

/**
 * Counts the request against its key's rate and daily quota where no API Gateway usage plan does
 * (RATE_LIMIT_MODE=dynamodb, the local stack), or refuses it with 429 and how long to wait.
 */
export async function admitRequest(caller: Caller): Promise<void> {
  const now = Date.now();
  const limit = effectiveLimit(defaultRateLimit(), caller.rateLimit);
  const admission = await countRequest(caller.keyId, now, limit);
  if (admission.admitted) return;
  const decision = decide(limit, admission.counts, now);
  // Refused though the counts read after look fine: the second turned meanwhile; try again in one.
  if (decision.allowed) throw new AppError('RATE_LIMITED', 'Too many requests for this API key', undefined, 1);
  const message =
    decision.reason === 'quota'
      ? 'The daily request quota of this API key is used up'
      : 'Too many requests for this API key';
  throw new AppError('RATE_LIMITED', message, undefined, decision.retryAfterSeconds);
}
