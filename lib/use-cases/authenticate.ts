import { routeAllowed, type Caller } from '../domain/caller.js';
import { forbidden, unauthorized } from '../domain/errors.js';
import { hashApiKey, type StoredApiKey } from '../store/api-keys.js';
import { lookupApiKey } from './shared/api-key-cache.js';

/**
 * Why a known key is refused, if it is: checked on every request, cached record or not. Expiry
 * (and the end of a rotation's grace period) is a comparison with the clock, so it takes effect
 * at once; a revocation or a user's deactivation reaches the cached record within
 * API_KEY_REVOCATION_CHECK_SECONDS (lib/use-cases/shared/api-key-cache.ts).
 */
function refusal(record: StoredApiKey, nowIso: string): string | undefined {
  if (record.revokedAt) return 'The API key has been revoked';
  // A key stays disabled when its user is reactivated: the user is given a new key.
  if (record.disabledAt)
    return 'The API key was disabled when its user was deactivated; an admin issues the user a new key';
  if (record.expiresAt && record.expiresAt <= nowIso)
    return record.rotatedTo ? 'The API key was rotated and its grace period is over' : 'The API key has expired';
  return undefined;
}

/** The route as the key check needs it: its key (`GET /api/v1/orders`) and the roles it is open to. */
export interface GuardedRoute {
  route: string;
  roles?: readonly string[];
}

/**
 * The caller a presented API key stands for on this route, or the refusal: 401 for a missing,
 * unknown, revoked, expired or disabled key; 403 naming the roles or the allowedRoutes that rule
 * the route out.
 */
export async function authenticate(
  presented: string | undefined,
  route: GuardedRoute,
  requestId: string,
): Promise<Caller> {
  if (!presented || presented.length > 256) throw unauthorized();
  const record = await lookupApiKey(hashApiKey(presented));
  if (!record) throw unauthorized('The API key is not valid');
  const refused = refusal(record, new Date().toISOString());
  if (refused) throw unauthorized(refused);
  // The role first: when it rules the route out, saying which roles may call it helps most.
  if (route.roles && record.role !== 'admin' && !route.roles.includes(record.role)) {
    const allowedRoles = ['admin', ...route.roles];
    throw forbidden(`The role ${record.role} may not call ${route.route}; it is open to ${allowedRoles.join(', ')}`, [
      {
        field: 'X-API-Key',
        message: `needs a key of one of these roles: ${allowedRoles.join(', ')}`,
        role: record.role,
        allowedRoles,
      },
    ]);
  }
  if (!routeAllowed(record.allowedRoutes, route.route)) {
    throw forbidden(`This API key may not call ${route.route}: the route is not in its allowedRoutes`, [
      {
        field: 'X-API-Key',
        message: 'ask an admin for a key whose allowedRoutes include this route',
        route: route.route,
      },
    ]);
  }
  return {
    keyId: record.id,
    tenantId: record.tenantId,
    role: record.role,
    userId: record.userId,
    allowedRoutes: record.allowedRoutes,
    rateLimit: record.rateLimit,
    requestId,
  };
}
