import type { CompiledRoute } from '../schemas/route.js';
import { authenticate } from '../use-cases/authenticate.js';
import type { Middleware } from './pipeline.js';

/** Resolves the API key to the caller (set on the context for the steps after it), or refuses the request. */
export function apiKeyAuth(route: CompiledRoute): Middleware {
  return {
    before: async (request) => {
      request.context.caller = await authenticate(
        request.event.headers?.['x-api-key'],
        route,
        request.context.awsRequestId,
      );
    },
  };
}
