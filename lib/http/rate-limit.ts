import type middy from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { defaultRateLimit } from '../config.js';
import { decide, effectiveLimit } from '../domain/rate-limit.js';
import { countRequest } from '../store/rate-counters.js';
import type { CallerContext } from './auth.js';
import { AppError } from '../domain/errors.js';

/** Enforces the caller's per-key limit where no API Gateway usage plan does (RATE_LIMIT_MODE=dynamodb). */
export function localRateLimit(): middy.MiddlewareObj<APIGatewayProxyEvent, unknown, Error> {
  return {
    before: async (request) => {
      const { caller } = request.context as unknown as CallerContext;
      const now = Date.now();
      const counts = await countRequest(caller.keyId, now);
      const decision = decide(effectiveLimit(defaultRateLimit(), caller.rateLimit), counts, now);
      if (!decision.allowed) {
        const message =
          decision.reason === 'quota' ? 'The daily request quota of this API key is used up' : 'Too many requests for this API key';
        throw new AppError('RATE_LIMITED', message, undefined, decision.retryAfterSeconds);
      }
    },
  };
}
