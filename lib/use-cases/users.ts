import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { duplicate, invalidField, notFound } from '../domain/errors.js';
import { personName } from '../domain/names.js';
import { newId } from '../domain/ids.js';
import { normalizePhone } from '../domain/phone.js';
import { scopeOf } from '../domain/scope.js';
import type { createUser as CreateRoute, updateUser as UpdateRoute, User } from '../schemas/users.js';
import { apiKeysOfUser, bumpRevocationStamp, markApiKey } from '../store/api-keys.js';
import {
  getUser as readUser,
  insertUser,
  listUsers as readUsers,
  replaceUser,
  type StaffUser,
  type UserWriteOutcome,
} from '../store/users.js';
import { auditItem } from './shared/audit-item.js';
import { disableGatewayCopy } from '../gateway/keys.js';
import { RETRY, withRetries } from './shared/retry.js';
import { owningTenant } from './shared/tenancy.js';

type CreateBody = Static<NonNullable<(typeof CreateRoute)['body']>>;
type UpdateBody = Static<NonNullable<(typeof UpdateRoute)['body']>>;
export type UserView = Static<typeof User>;

const view = (user: StaffUser): UserView => user;

function mobileOf(given: string | undefined, field: string): string | undefined {
  if (given === undefined) return undefined;
  const e164 = normalizePhone(given);
  if (!e164) throw invalidField(field, 'must be a phone number with its country code, e.g. +971501234567');
  return e164;
}

function refused(outcome: Exclude<UserWriteOutcome, { ok: true }>, mobileNumber: string | undefined): Error {
  if (outcome.reason === 'duplicate-phone')
    return duplicate('mobileNumber', `A staff user with mobileNumber ${mobileNumber} already exists in this tenant`);
  if (outcome.reason === 'unknown-tenant')
    return invalidField(
      'tenantId',
      'must be the id of a tenant, e.g. "demotenantgulfmotors0001" (cli tenants list); no tenant has this one',
    );
  return new Error('the user changed while it was being written');
}

/** Registers a staff member of the caller's tenant (platform admins name the tenant, or none for platform staff). */
export async function createUser(caller: Caller, body: CreateBody, options: { id?: string } = {}): Promise<UserView> {
  const mobileNumber = mobileOf(body.mobileNumber, 'mobileNumber');
  const name = personName(body.name, 'name');
  const now = new Date().toISOString();
  const user: StaffUser = {
    id: options.id ?? newId(),
    name,
    role: body.role,
    tenantId: owningTenant(caller, body.tenantId),
    mobileNumber,
    email: body.email,
    language: body.language ?? 'en',
    active: true,
    createdAt: now,
    updatedAt: now,
  };
  const outcome = await insertUser(user, [
    auditItem(
      caller,
      { entity: 'user', entityId: user.id, tenantId: user.tenantId, action: 'created', after: user },
      now,
    ),
  ]);
  if (!outcome.ok) {
    if (outcome.reason === 'changed') throw duplicate('id', `A user with id ${user.id} already exists`);
    throw refused(outcome, mobileNumber);
  }
  return view(user);
}

export async function listUsers(
  caller: Caller,
  query: { role?: StaffUser['role']; tenantId?: string },
): Promise<UserView[]> {
  return (await readUsers(owningTenant(caller, query.tenantId), query.role)).map(view);
}

/** Whom an inspection can name: the tenant's active inspectors, by name (id and name only). */
export async function listInspectors(
  caller: Caller,
  query: { tenantId?: string },
): Promise<Array<{ id: string; name: string }>> {
  return (await readUsers(owningTenant(caller, query.tenantId), 'inspector'))
    .filter((user) => user.active)
    .map(({ id, name }) => ({ id, name }));
}

export async function getUser(caller: Caller, id: string): Promise<UserView> {
  const user = await readUser(scopeOf(caller), id);
  if (!user) throw notFound('User');
  return view(user);
}

/** Changes a user's name, number, e-mail, language or active flag; deactivating also disables their keys. */
export async function updateUser(caller: Caller, id: string, body: UpdateBody): Promise<UserView> {
  const mobileNumber = mobileOf(body.mobileNumber, 'mobileNumber');
  const name = body.name === undefined ? undefined : personName(body.name, 'name');
  const scope = scopeOf(caller);
  const user = await withRetries(async () => {
    const before = await readUser(scope, id);
    if (!before) throw notFound('User');
    const now = new Date().toISOString();
    const after: StaffUser = {
      ...before,
      ...(name !== undefined ? { name } : {}),
      ...(mobileNumber !== undefined ? { mobileNumber } : {}),
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(before.active !== false && body.active === false ? { deactivatedAt: now } : {}),
      updatedAt: now,
    };
    const wasActive = before.active !== false;
    const action = wasActive && !after.active ? 'deactivated' : !wasActive && after.active ? 'reactivated' : 'updated';
    const outcome = await replaceUser(before, after, [
      auditItem(caller, { entity: 'user', entityId: id, tenantId: before.tenantId, action, before, after }, now),
    ]);
    if (outcome.ok) return after;
    if (outcome.reason === 'changed') return RETRY;
    throw refused(outcome, mobileNumber);
  });
  if (user.active === false) await disableKeysOf(caller, user);
  return view(user);
}

export const deactivateUser = (caller: Caller, id: string): Promise<UserView> =>
  updateUser(caller, id, { active: false });

/**
 * Every key issued for the user stops working: within seconds on every container (markApiKey
 * bumps the revocation stamp), at once at the gateway. Keys already stopped are skipped, but the
 * stamp is still bumped once for them, so a retry after a failure between writes reaches every
 * container too.
 */
async function disableKeysOf(caller: Caller, user: StaffUser): Promise<void> {
  let skipped = false;
  for (const key of await apiKeysOfUser(user.id)) {
    if (key.disabledAt || key.revokedAt) {
      skipped = true;
      continue;
    }
    const now = new Date().toISOString();
    const disabled = await markApiKey(key, { disabledAt: now }, [
      auditItem(
        caller,
        {
          entity: 'apiKey',
          entityId: key.id,
          tenantId: key.tenantId,
          action: 'disabled',
          before: key,
          after: { ...key, disabledAt: now },
        },
        now,
      ),
    ]);
    if (disabled) await disableGatewayCopy(key.id);
  }
  if (skipped) await bumpRevocationStamp();
}
