import { admitRequest } from '../use-cases/admit-request.js';
import { callerOf, type Middleware } from './pipeline.js';

/** Enforces the caller's per-key limit where no API Gateway usage plan does (RATE_LIMIT_MODE=dynamodb). */
export function localRateLimit(): Middleware {
  return {
    before: async (request) => admitRequest(callerOf(request.context)),
  };
}
