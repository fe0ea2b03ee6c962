import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { Role } from '../domain/caller.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { type StaffUser, staffUserCodec } from './records/user.js';
import { transact, type TransactItem } from './transact.js';

export type { StaffUser } from './records/user.js';

const userItem = (user: StaffUser) => ({
  ...keys.user(user.id),
  ...keys.staffIndex(user.tenantId, user.role, user.id),
  ...keys.usersOfTenantIndex(user.tenantId, user.name, user.id),
  entity: 'user',
  ...user,
});

const phoneClaim = (user: Pick<StaffUser, 'id' | 'tenantId'>, mobileNumber: string): TransactItem => ({
  Put: {
    TableName: tableName(),
    Item: { ...keys.userPhoneClaim(user.tenantId, mobileNumber), entity: 'userPhoneClaim', userId: user.id },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
const phoneRelease = (user: Pick<StaffUser, 'id' | 'tenantId'>, mobileNumber: string): TransactItem => ({
  Delete: {
    TableName: tableName(),
    Key: keys.userPhoneClaim(user.tenantId, mobileNumber),
    ConditionExpression: 'userId = :id',
    ExpressionAttributeValues: { ':id': user.id },
  },
});

export type UserWriteOutcome = { ok: true } | { ok: false; reason: 'duplicate-phone' | 'unknown-tenant' | 'changed' };

/** Why a user write was cancelled, from the positions of its items. */
function reasonOf(failed: number[], at: { user: number; phone?: number; tenant?: number }): UserWriteOutcome {
  if (at.phone !== undefined && failed.includes(at.phone)) return { ok: false, reason: 'duplicate-phone' };
  if (at.tenant !== undefined && failed.includes(at.tenant)) return { ok: false, reason: 'unknown-tenant' };
  return { ok: false, reason: 'changed' };
}

/** Creates a user, claiming its mobile number within the tenant, with `alongside` (its audit record) in the same transaction. */
export async function insertUser(user: StaffUser, alongside: TransactItem[]): Promise<UserWriteOutcome> {
  const items: TransactItem[] = [
    { Put: { TableName: tableName(), Item: userItem(user), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
  const at: { user: number; phone?: number; tenant?: number } = { user: 0 };
  if (user.mobileNumber) at.phone = items.push(phoneClaim(user, user.mobileNumber)) - 1;
  if (user.tenantId)
    at.tenant =
      items.push({
        ConditionCheck: {
          TableName: tableName(),
          Key: keys.tenant(user.tenantId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      }) - 1;
  const outcome = await transact([...items, ...alongside]);
  return outcome.ok ? { ok: true } : reasonOf(outcome.failedIndexes, at);
}

/** Replaces a user as read (guarded by its updatedAt), moving the phone claim when the number changes. */
export async function replaceUser(
  before: StaffUser,
  after: StaffUser,
  alongside: TransactItem[],
): Promise<UserWriteOutcome> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: userItem(after),
        ConditionExpression: 'updatedAt = :read',
        ExpressionAttributeValues: { ':read': before.updatedAt },
      },
    },
  ];
  const at: { user: number; phone?: number } = { user: 0 };
  if (before.mobileNumber !== after.mobileNumber) {
    if (before.mobileNumber) items.push(phoneRelease(before, before.mobileNumber));
    if (after.mobileNumber) at.phone = items.push(phoneClaim(after, after.mobileNumber)) - 1;
  }
  const outcome = await transact([...items, ...alongside]);
  return outcome.ok ? { ok: true } : reasonOf(outcome.failedIndexes, at);
}

/** A staff user of the caller's tenant (platform scope: any); undefined otherwise. */
export async function getUser(scope: Scope, id: string): Promise<StaffUser | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.user(id), ConsistentRead: true }));
  const user = Item ? staffUserCodec.decode(Item) : undefined;
  return user && tenantInScope(user.tenantId, scope) ? user : undefined;
}

/** The users of one tenant (undefined: platform staff), by name, optionally of one role. */
export async function listUsers(tenantId: string | undefined, role?: Role): Promise<StaffUser[]> {
  const items = role
    ? await queryAll({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.staffOf(tenantId, role) },
      })
    : await queryAll({
        TableName: tableName(),
        IndexName: 'GSI2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.usersOfTenant(tenantId) },
      });
  return items.map(staffUserCodec.decode).sort((a, b) => a.name.localeCompare(b.name));
}

/** The staff of a tenant in one role, active or not (who to notify is decided by the caller): one Query of GSI1. */
export async function listStaff(tenantId: string | undefined, role: Role): Promise<StaffUser[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.staffOf(tenantId, role) },
    }),
  );
  return (Items ?? []).map(staffUserCodec.decode);
}
