import type middy from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { apiKeyCacheSeconds } from '../config.js';
import type { CompiledRoute } from '../schemas/route.js';
import { routeAllowed, type Caller } from '../domain/caller.js';
import { getApiKeyByHash, hashApiKey, type ApiKeyRecord } from '../store/api-keys.js';
import { forbidden, unauthorized } from '../domain/errors.js';

/**
 * Warm containers remember key records: a key seen within the last API_KEY_CACHE_SECONDS (60)
 * costs no DynamoDB read. A record is re-read at least every 5 x that (5 minutes), which bounds
 * how long a revoked key keeps working. Unknown keys are remembered too, so guessing keys cannot
 * be turned into a read per request. Bounded in size so it cannot grow unchecked.
 */
const cache = new Map<string, { record: ApiKeyRecord | undefined; fetchedAt: number; seenAt: number }>();
const CACHE_MAX_ENTRIES = 5_000;

async function lookup(hash: string): Promise<ApiKeyRecord | undefined> {
  const now = Date.now();
  const window = apiKeyCacheSeconds() * 1000;
  const hit = cache.get(hash);
  if (hit && now - hit.seenAt <= window && now - hit.fetchedAt <= 5 * window) {
    hit.seenAt = now;
    return hit.record;
  }
  const record = await getApiKeyByHash(hash);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(hash, { record, fetchedAt: now, seenAt: now });
  return record;
}

export interface CallerContext {
  caller: Caller;
}

export function apiKeyAuth(route: CompiledRoute): middy.MiddlewareObj<APIGatewayProxyEvent, unknown, Error> {
  return {
    before: async (request) => {
      const presented = request.event.headers?.['x-api-key'];
      if (!presented || presented.length > 256) throw unauthorized();
      const record = await lookup(hashApiKey(presented));
      if (!record) throw unauthorized('The API key is not valid');
      if (record.revokedAt) throw unauthorized('The API key has been revoked');
      if (!routeAllowed(record.allowedRoutes, route.route)) {
        throw forbidden(`This API key may not call ${route.route}`);
      }
      if (route.roles && record.role !== 'admin' && !route.roles.includes(record.role)) {
        throw forbidden(`The role ${record.role} may not call ${route.route}`);
      }
      const caller: Caller = {
        keyId: record.id,
        tenantId: record.tenantId,
        role: record.role,
        userId: record.userId,
        allowedRoutes: record.allowedRoutes,
        rateLimit: record.rateLimit,
      };
      (request.context as unknown as CallerContext).caller = caller;
    },
  };
}
