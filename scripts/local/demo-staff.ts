import type { Caller } from '../../lib/domain/caller.js';
import { newId } from '../../lib/domain/ids.js';
import type { CompiledRoute } from '../../lib/schemas/route.js';
import { authenticate } from '../../lib/use-cases/authenticate.js';

/** What a step sends: the request's body and query, as a client would. */
export interface StepInput {
  body?: unknown;
  query?: Record<string, unknown>;
}

/**
 * A demo staff member at work through their own API key. Each step is let through only as the
 * API's pipeline lets a request through (the key and its role against the route's roles, the
 * body and query against the route's compiled validators) and then calls the use case the route's
 * handler calls, so the demo data is what these people could have made with the API.
 */
export type StaffMember = <T>(
  route: CompiledRoute,
  input: StepInput,
  call: (caller: Caller) => Promise<T>,
) => Promise<T>;

function refusal(route: CompiledRoute, part: string, errors: unknown): Error {
  return new Error(`${route.route}: the API would refuse this ${part}: ${JSON.stringify(errors)}`);
}

export function staffMember(apiKey: string): StaffMember {
  return async (route, input, call) => {
    const caller = await authenticate(apiKey, route, `demo-${newId()}`);
    if (input.body !== undefined && route.validateBody && !route.validateBody(input.body))
      throw refusal(route, 'body', route.validateBody.errors);
    if (input.query !== undefined && route.validateQuery && !route.validateQuery(input.query))
      throw refusal(route, 'query', route.validateQuery.errors);
    return call(caller);
  };
}
