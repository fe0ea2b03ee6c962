import { withArticle } from '../text/article.js';
import type { Static } from '@sinclair/typebox';
import type { Caller, Role } from '../domain/caller.js';
import { forbidden, invalidField, invalidState, notFound, validationError } from '../domain/errors.js';
import { newId } from '../domain/ids.js';
import { parseInstant } from '../domain/instant.js';
import { defaultAllowedRoutes, routesBeyondRole } from '../domain/role-routes.js';
import { actorOf, scopeOf } from '../domain/scope.js';
import { disableGatewayCopy, registerGatewayCopy } from '../gateway/keys.js';
import type { ApiKey, issueApiKey as IssueRoute } from '../schemas/api-keys.js';
import { routeTable } from '../schemas/generated/route-table.js';
import {
  bumpRevocationStamp,
  getApiKey,
  hashApiKey,
  insertApiKey,
  listApiKeys as readApiKeys,
  markApiKey,
  newPlainKey,
  type StoredApiKey,
} from '../store/api-keys.js';
import { getUser } from '../store/users.js';
import { auditItem } from './shared/audit-item.js';
import { owningTenant } from './shared/tenancy.js';

type IssueBody = Static<NonNullable<(typeof IssueRoute)['body']>>;
export type ApiKeyView = Static<typeof ApiKey>;

/** Roles whose keys always stand for a staff user (orders and inspections name them). */
const PERSONAL_ROLES: readonly Role[] = ['marketer', 'inspector'];
const ROUTE_INFO = routeTable;
const KNOWN_ROUTES = new Set(routeTable.filter((r) => !r.public).map((r) => `${r.method} ${r.path}`));
const GRACE_DEFAULT_SECONDS = 24 * 3600;

/** What anyone may see of a key: never its value or hash. */
export const apiKeyView = ({ hash: _hash, ...key }: StoredApiKey): ApiKeyView => key;

/** The role and tenant a key gets: a user's own, when it is for a user (which must be active, of the tenant). */
async function holderOf(
  caller: Caller,
  body: Pick<IssueBody, 'role' | 'userId' | 'tenantId'>,
): Promise<{ role: Role; tenantId?: string; userId?: string }> {
  const tenantId = owningTenant(caller, body.tenantId);
  if (body.userId === undefined) {
    if (body.role === undefined)
      throw invalidField('role', 'is required when the key is not for a user (userId), e.g. "integrator"');
    if (PERSONAL_ROLES.includes(body.role))
      throw invalidField(
        'userId',
        `is required: ${withArticle(body.role)} key is issued for ${withArticle(body.role)} user, e.g. {"userId": "ckx8k2m1p0000abcd1234efg"} (GET /api/v1/users?role=${body.role})`,
      );
    return { role: body.role, tenantId };
  }
  // A tenant admin names users of its own tenant; platform staff may name any user.
  const user = await getUser(tenantId === undefined ? {} : { tenantId }, body.userId);
  if (!user) throw notFound('User', 'userId');
  if (user.active === false)
    throw invalidState('This user is deactivated; reactivate them first', [
      { field: 'userId', message: 'this user is deactivated; reactivate them first' },
    ]);
  if (body.role !== undefined && body.role !== user.role)
    throw invalidField(
      'role',
      `must be the user's own role, ${user.role}, or left out: a user's key takes the user's role, e.g. {"userId": "${user.id}"}`,
    );
  return { role: user.role, tenantId: user.tenantId, userId: user.id };
}

/**
 * Routes the new key may call: never more than the issuing key's own. Without a list, `*`: every
 * route its role may call, today's and those added later (the role still bounds it at every
 * call), so a deployment that adds an endpoint needs no key re-issued. An issuer narrowed to a
 * list gives at most that list.
 */
function routesFor(caller: Caller, role: Role, requested: string[] | undefined): string[] {
  const routes = requested ?? (caller.allowedRoutes.includes('*') ? ['*'] : defaultAllowedRoutes(role, ROUTE_INFO));
  const unknown = routes.filter((route) => route !== '*' && !KNOWN_ROUTES.has(route));
  if (unknown.length > 0)
    throw invalidField(
      'allowedRoutes',
      `unknown route ${unknown.join(', ')}; use route keys such as "GET /api/v1/orders/{id}", or *`,
    );
  // Such a key would be refused on those routes anyway (403 by role): say so now, not at first use.
  const closed = routesBeyondRole(role, routes, ROUTE_INFO);
  if (closed.length > 0) {
    throw validationError([
      {
        field: 'allowedRoutes',
        message: `must name routes ${withArticle(role)} key may call: the role rules out ${closed.join(', ')}; e.g. ["GET /api/v1/orders"], or *`,
        role,
        routes: closed,
      },
    ]);
  }
  if (!caller.allowedRoutes.includes('*')) {
    const beyond = routes.filter((route) => !caller.allowedRoutes.includes(route));
    if (beyond.length > 0)
      throw forbidden(`A key cannot be given routes its issuer may not call: ${beyond.join(', ')}`);
  }
  return routes;
}

/** Only admins issue keys (the route says so); an admin may issue any role within its own tenant. */
function checkRole(caller: Caller, role: Role): void {
  if (caller.role !== 'admin' && role !== caller.role)
    throw forbidden(`${withArticle(caller.role).replace(/^a/, 'A')} key cannot issue ${withArticle(role)} key`);
}

/** Issues a key; its value is in the answer once and never again (only its hash is stored). */
export async function issueApiKey(
  caller: Caller,
  body: IssueBody,
  options: { plainKey?: string } = {},
): Promise<{ key: string; apiKey: ApiKeyView }> {
  const expiresAt = body.expiresAt === undefined ? undefined : parseInstant(body.expiresAt);
  if (body.expiresAt !== undefined && (expiresAt === undefined || expiresAt <= new Date().toISOString()))
    throw invalidField(
      'expiresAt',
      `must be a date-time in the future, e.g. ${new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    );
  const holder = await holderOf(caller, body);
  checkRole(caller, holder.role);
  const plain = options.plainKey ?? newPlainKey();
  const now = new Date().toISOString();
  const record: StoredApiKey = {
    id: newId(),
    name: body.name,
    prefix: plain.slice(0, 10),
    ...holder,
    allowedRoutes: routesFor(caller, holder.role, body.allowedRoutes),
    ...(body.rateLimit ? { rateLimit: body.rateLimit } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    createdBy: actorOf(caller),
    createdAt: now,
    hash: hashApiKey(plain),
  };
  await insertApiKey(record, [
    auditItem(
      caller,
      { entity: 'apiKey', entityId: record.id, tenantId: record.tenantId, action: 'issued', after: apiKeyView(record) },
      now,
    ),
  ]);
  await registerGatewayCopy({ keyId: record.id, value: plain, description: record.name });
  return { key: plain, apiKey: apiKeyView(record) };
}

export async function listApiKeys(caller: Caller, query: { tenantId?: string }): Promise<ApiKeyView[]> {
  const tenantId = owningTenant(caller, query.tenantId);
  return (await readApiKeys(tenantId === undefined ? {} : { tenantId })).map(apiKeyView);
}

async function keyInScope(caller: Caller, id: string): Promise<StoredApiKey> {
  const key = await getApiKey(scopeOf(caller), id);
  if (!key) throw notFound('API key');
  return key;
}

/**
 * Revokes a key: refused within seconds by every warm container (the revocation stamp, which
 * markApiKey bumps), at once by the gateway in AWS. Revoking twice is harmless, and bumps the
 * stamp again, so a retry after a failure between the two writes still reaches every container.
 */
export async function revokeApiKey(caller: Caller, id: string): Promise<ApiKeyView> {
  const key = await keyInScope(caller, id);
  if (key.revokedAt) {
    await bumpRevocationStamp();
    return apiKeyView(key);
  }
  const now = new Date().toISOString();
  const after = { ...key, revokedAt: now };
  const marked = await markApiKey(key, { revokedAt: now }, [
    auditItem(
      caller,
      {
        entity: 'apiKey',
        entityId: id,
        tenantId: key.tenantId,
        action: 'revoked',
        before: apiKeyView(key),
        after: apiKeyView(after),
      },
      now,
    ),
  ]);
  await disableGatewayCopy(id);
  return apiKeyView(marked ? after : await keyInScope(caller, id));
}

/**
 * Rotation: a new key with the same holder, routes and limits; the old one keeps working for a
 * grace period (default 24 hours) and then expires. Every container re-reads the old key within
 * seconds (markApiKey bumps the revocation stamp), and the expiry is checked on every request.
 */
export async function rotateApiKey(
  caller: Caller,
  id: string,
  graceSeconds = GRACE_DEFAULT_SECONDS,
): Promise<{ key: string; apiKey: ApiKeyView; previous: ApiKeyView }> {
  const old = await keyInScope(caller, id);
  if (old.revokedAt || old.disabledAt)
    throw invalidState('A revoked or disabled key cannot be rotated; issue a new one', [
      { field: 'id', message: 'a revoked or disabled key cannot be rotated; issue a new one' },
    ]);
  if (old.rotatedTo) throw alreadyRotated(old.rotatedTo);
  const issued = await issueApiKey(caller, {
    name: old.name,
    ...(old.userId ? { userId: old.userId } : { role: old.role }),
    ...(old.tenantId !== undefined && caller.tenantId === undefined ? { tenantId: old.tenantId } : {}),
    allowedRoutes: old.allowedRoutes,
    ...(old.rateLimit ? { rateLimit: old.rateLimit } : {}),
  });
  const now = new Date();
  const graceEnds = new Date(now.getTime() + graceSeconds * 1000).toISOString();
  // The grace period only ever shortens a key's life: a key that expires sooner keeps its expiry.
  const set = {
    rotatedTo: issued.apiKey.id,
    ...(!old.expiresAt || graceEnds < old.expiresAt ? { expiresAt: graceEnds } : {}),
  };
  const after = { ...old, ...set };
  const marked = await markApiKey(old, set, [
    auditItem(
      caller,
      {
        entity: 'apiKey',
        entityId: id,
        tenantId: old.tenantId,
        action: 'rotated',
        before: apiKeyView(old),
        after: apiKeyView(after),
      },
      now.toISOString(),
    ),
  ]);
  if (!marked) {
    // A concurrent rotation won: the key this one issued must not stay as a second successor.
    await revokeApiKey(caller, issued.apiKey.id);
    throw alreadyRotated((await keyInScope(caller, id)).rotatedTo ?? 'another key');
  }
  return { ...issued, previous: apiKeyView(after) };
}

const alreadyRotated = (successor: string) =>
  invalidState(`This key was already rotated; rotate its successor ${successor} instead`, [
    { field: 'id', message: 'the key was already rotated', rotatedTo: successor },
  ]);
