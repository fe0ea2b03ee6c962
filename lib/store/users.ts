import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { Role } from '../domain/caller.js';
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
  await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...keys.user(user.id), entity: 'user', ...user } }));
}

export async function getUser(id: string): Promise<StaffUser | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.user(id) }));
  return Item ? (withoutKeys(Item) as unknown as StaffUser) : undefined;
}
