import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { callableRoutes } from '../domain/role-routes.js';
import { tenantTimeZone } from '../domain/time-zone.js';
import type { getMe as MeRoute } from '../schemas/api-keys.js';
import { routeTable } from '../schemas/generated/route-table.js';
import { getApiKey } from '../store/api-keys.js';
import { getTenant } from '../store/tenants.js';
import { getUser } from '../store/users.js';

type Me = Static<(typeof MeRoute)['response']>;

/** GET /me: who the presented key is, read fresh (a rename or a new language shows at once). */
export async function describeCaller(caller: Caller): Promise<Me> {
  const [key, tenant, user] = await Promise.all([
    getApiKey({}, caller.keyId),
    caller.tenantId === undefined ? undefined : getTenant(caller.tenantId),
    caller.userId === undefined ? undefined : getUser({}, caller.userId),
  ]);
  return {
    keyId: caller.keyId,
    role: caller.role,
    allowedRoutes: caller.allowedRoutes,
    routes: callableRoutes(caller, routeTable),
    expiresAt: key?.expiresAt ?? null,
    tenant: tenant
      ? {
          id: tenant.id,
          name: tenant.name,
          defaultLanguage: tenant.defaultLanguage ?? 'en',
          timeZone: tenantTimeZone(tenant),
        }
      : null,
    user: user ? { id: user.id, name: user.name, language: user.language } : null,
  };
}
