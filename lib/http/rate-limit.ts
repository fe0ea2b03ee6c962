import { defaultRateLimit } from '../config.js';
import { decide, effectiveLimit } from '../domain/rate-limit.js';
import { admitRequest } from '../store/rate-counters.js';
import { callerOf, type Middleware } from './pipeline.js';
import { AppError } from '../domain/errors.js';

/** Enforces the caller's per-key limit where no API Gateway usage plan does (RATE_LIMIT_MODE=dynamodb). */
export function localRateLimit(): Middleware {
  return {
    before: async (request) => {
      const caller = callerOf(request.context);
      const now = Date.now();
      const limit = effectiveLimit(defaultRateLimit(), caller.rateLimit);
      const admission = await admitRequest(caller.keyId, now, limit);
      if (admission.admitted) return;
      const decision = decide(limit, admission.counts, now);
      // Refused though the counts read after look fine: the second turned meanwhile; try again in one.
      if (decision.allowed) throw new AppError('RATE_LIMITED', 'Too many requests for this API key', undefined, 1);
      const message = decision.reason === 'quota' ? 'The daily request quota of this API key is used up' : 'Too many requests for this API key';
      throw new AppError('RATE_LIMITED', message, undefined, decision.retryAfterSeconds);
    },
  };
}
