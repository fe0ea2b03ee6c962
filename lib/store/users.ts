import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { Role } from '../domain/caller.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { keys, withoutKeys } from './keys.js';

/** A staff member orders refer to (the marketer of an order, an inspector); API keys carry their id. */
export interface StaffUser {
  id: string;
  name: string;
  role: Role;
  tenantId?: string;
  email?: string;
  mobileNumber?: string;
}

export async function putUser(user: StaffUser): Promise<void> {
  await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...keys.user(user.id), ...keys.staffIndex(user.tenantId, user.role, user.id), entity: 'user', ...user } }));
}

/** The staff of a tenant in one role (who to notify): one Query of GSI1. */
export async function listStaff(tenantId: string | undefined, role: Role): Promise<StaffUser[]> {
  const { Items } = await ddb.send(
    new QueryCommand({ TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': keys.staffOf(tenantId, role) } }),
  );
  return (Items ?? []).map((item) => withoutKeys(item) as unknown as StaffUser);
}

/** A staff user of the caller's tenant (platform scope: any); undefined otherwise. */
export async function getUser(scope: Scope, id: string): Promise<StaffUser | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  const user = Item ? (withoutKeys(Item) as unknown as StaffUser) : undefined;
  return user && tenantInScope(user.tenantId, scope) ? user : undefined;
}
