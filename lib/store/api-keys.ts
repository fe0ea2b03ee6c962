import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { RateLimit, Role } from '../domain/caller.js';
import { newId } from '../domain/ids.js';
import { ddb } from './client.js';
import { queryAll } from './query-all.js';
import { isConditionalCheckFailed } from './errors.js';
import { keys, withoutKeys } from './keys.js';

export interface ApiKeyRecord {
  id: string;
  name: string;
  /** First characters of the key, to recognise it in listings; the key itself is never stored. */
  prefix: string;
  tenantId?: string;
  role: Role;
  userId?: string;
  allowedRoutes: string[];
  rateLimit?: Partial<RateLimit>;
  createdAt: string;
  revokedAt?: string;
}

export const hashApiKey = (plain: string): string => createHash('sha256').update(plain, 'utf8').digest('hex');

export async function getApiKeyByHash(hash: string): Promise<(ApiKeyRecord & { hash: string }) | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.apiKey(hash) }));
  return Item ? ({ ...(withoutKeys(Item) as unknown as ApiKeyRecord), hash }) : undefined;
}

export interface NewApiKey {
  name: string;
  tenantId?: string;
  role: Role;
  userId?: string;
  allowedRoutes: string[];
  rateLimit?: Partial<RateLimit>;
  /** Only the local seed passes a fixed key, so demo keys survive restarts. */
  plainKey?: string;
}

/** Creates a key and returns its plain text once; only the SHA-256 hash is stored. */
export async function createApiKey(input: NewApiKey): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = input.plainKey ?? `vpo_${randomBytes(30).toString('base64url')}`;
  const hash = hashApiKey(key);
  const id = newId();
  const createdAt = new Date().toISOString();
  const record: ApiKeyRecord = {
    id,
    name: input.name,
    prefix: key.slice(0, 10),
    tenantId: input.tenantId,
    role: input.role,
    userId: input.userId,
    allowedRoutes: input.allowedRoutes,
    rateLimit: input.rateLimit,
    createdAt,
  };
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.apiKey(hash), ...keys.apiKeyIndex(createdAt, id), entity: 'apiKey', hash, ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { key, record };
}

export async function listApiKeys(): Promise<Array<ApiKeyRecord & { hash: string }>> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.apiKeyList },
  });
  return items.map((item) => withoutKeys(item) as unknown as ApiKeyRecord & { hash: string });
}

/** Revokes by key id (an admin tool: it reads the key list to find the hash). False when no such key exists. */
export async function revokeApiKey(id: string): Promise<boolean> {
  const match = (await listApiKeys()).find((k) => k.id === id);
  if (!match) return false;
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(match.hash),
        UpdateExpression: 'SET revokedAt = if_not_exists(revokedAt, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
