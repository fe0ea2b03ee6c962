import type middy from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { apiKeyCacheSeconds } from '../config.js';
import type { CompiledRoute } from '../schemas/route.js';
import { routeAllowed, type Caller } from '../domain/caller.js';
import { hashApiKey, readKeyForUse, type StoredApiKey } from '../store/api-keys.js';
import { forbidden, unauthorized } from '../domain/errors.js';

/**
 * Warm containers remember key records for API_KEY_CACHE_SECONDS (60) from when they were read,
 * however often the key is used: a revoked, expired or disabled key is refused within that bound
 * on every container. The refresh is also when the key's lastUsedAt is noted (at most one write
 * a minute per key, lib/store/api-keys.ts). Unknown keys are remembered too, so guessing keys
 * cannot be turned into a read per request. Bounded in size so it cannot grow unchecked.
 */
const cache = new Map<string, { record: StoredApiKey | undefined; fetchedAt: number }>();
const CACHE_MAX_ENTRIES = 5_000;

async function lookup(hash: string): Promise<StoredApiKey | undefined> {
  const now = Date.now();
  const hit = cache.get(hash);
  if (hit && now - hit.fetchedAt < apiKeyCacheSeconds() * 1000) return hit.record;
  const record = await readKeyForUse(hash, now);
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(hash, { record, fetchedAt: now });
  return record;
}

/** Why a known key is refused, if it is. */
function refusal(record: StoredApiKey, nowIso: string): string | undefined {
  if (record.revokedAt) return 'The API key has been revoked';
  if (record.disabledAt) return "The API key's user has been deactivated";
  if (record.expiresAt && record.expiresAt <= nowIso) return record.rotatedTo ? 'The API key was rotated and its grace period is over' : 'The API key has expired';
  return undefined;
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
      const refused = refusal(record, new Date().toISOString());
      if (refused) throw unauthorized(refused);
      // The role first: when it rules the route out, saying which roles may call it helps most.
      if (route.roles && record.role !== 'admin' && !route.roles.includes(record.role)) {
        const allowedRoles = ['admin', ...route.roles];
        throw forbidden(`The role ${record.role} may not call ${route.route}; it is open to ${allowedRoles.join(', ')}`, [
          { field: 'X-API-Key', message: `needs a key of one of these roles: ${allowedRoles.join(', ')}`, role: record.role, allowedRoles },
        ]);
      }
      if (!routeAllowed(record.allowedRoutes, route.route)) {
        throw forbidden(`This API key may not call ${route.route}: the route is not in its allowedRoutes`, [
          { field: 'X-API-Key', message: 'ask an admin for a key whose allowedRoutes include this route', route: route.route },
        ]);
      }
      const caller: Caller = {
        keyId: record.id,
        tenantId: record.tenantId,
        role: record.role,
        userId: record.userId,
        allowedRoutes: record.allowedRoutes,
        rateLimit: record.rateLimit,
        requestId: request.context.awsRequestId,
      };
      (request.context as unknown as CallerContext).caller = caller;
    },
  };
}
