import { createHash, randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import { itemOfConditionFailure } from './expressions.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import {
  type ApiKeyRecord,
  apiKeyCodec,
  apiKeyReferenceCodec,
  EXPIRY_ATTRIBUTE,
  type StoredApiKey,
} from './records/api-key.js';
import { transact, type TransactItem } from './transact.js';

export type { ApiKeyRecord, StoredApiKey } from './records/api-key.js';

/** A stored key as the code reads it: its expiry back under its own name. */
function decodeKey(item: Record<string, unknown>): StoredApiKey {
  const { validUntil, ...key } = apiKeyCodec.decode(item);
  return validUntil === undefined ? key : { ...key, expiresAt: validUntil };
}
const attributeOf = (field: string): string => (field === 'expiresAt' ? EXPIRY_ATTRIBUTE : field);

export const hashApiKey = (plain: string): string => createHash('sha256').update(plain, 'utf8').digest('hex');

/** A fresh key: shown once to whoever asked for it; only its hash is stored. */
export const newPlainKey = (): string => `vpo_${randomBytes(30).toString('base64url')}`;

export async function getApiKeyByHash(hash: string): Promise<StoredApiKey | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKey(hash), ConsistentRead: true }),
  );
  return Item ? decodeKey(Item) : undefined;
}

/**
 * The revocation stamp: one item for the whole table, bumped (an atomic ADD) after every change
 * that stops a key (revoke, rotate, a user's deactivation). The key check reads it every few
 * seconds (lib/http/auth.ts) and re-reads a cached key record when it has moved, so a stopped
 * key is refused everywhere within seconds while a warm container reads one small item per few
 * seconds, whatever the number of keys and tenants it serves. Not an `APIKEY#` partition, so the
 * read-only routes (which may update only those, for lastUsedAt) cannot bump it.
 */
const REVOCATION_STAMP = { pk: 'APIKEYS#REVOCATION', sk: 'STAMP' };

/** The revocation stamp's current version (0 before any change), strongly consistent. */
export async function readRevocationStamp(): Promise<number> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: REVOCATION_STAMP,
      ConsistentRead: true,
      ProjectionExpression: 'version',
    }),
  );
  return Number(Item?.version ?? 0);
}

/**
 * Moves the revocation stamp on. Called after the change to the key is stored (never before: a
 * container that saw the new stamp must find the change when it re-reads the key).
 */
export async function bumpRevocationStamp(): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: REVOCATION_STAMP,
      UpdateExpression: 'ADD version :one SET changedAt = :now, entity = :entity',
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString(), ':entity': 'revocationStamp' },
    }),
  );
}

/**
 * The key record for authentication, noting its use: `lastUsedAt` is written only when the last
 * note is over a minute old (a refused condition writes nothing and still returns the record),
 * so a key in constant use costs at most one write a minute. Undefined for an unknown key.
 */
export async function readKeyForUse(hash: string, nowMs = Date.now()): Promise<StoredApiKey | undefined> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.apiKey(hash),
        UpdateExpression: 'SET lastUsedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(lastUsedAt) OR lastUsedAt < :minuteAgo)',
        ExpressionAttributeValues: {
          ':now': new Date(nowMs).toISOString(),
          ':minuteAgo': new Date(nowMs - 60_000).toISOString(),
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return decodeKey(Attributes ?? {});
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return itemOfConditionFailure(error, decodeKey);
  }
}

const keyItem = ({ expiresAt, ...record }: StoredApiKey) => ({
  ...keys.apiKey(record.hash),
  ...keys.apiKeyIndex(record.createdAt, record.id),
  ...keys.apiKeysOfTenantIndex(record.tenantId, record.createdAt, record.id),
  ...(record.userId ? keys.apiKeysOfUserIndex(record.userId, record.id) : {}),
  entity: 'apiKey',
  ...record,
  ...(expiresAt === undefined ? {} : { [EXPIRY_ATTRIBUTE]: expiresAt }),
});

/** Stores a new key and its id reference, with `alongside` (its audit record), in one transaction. */
export async function insertApiKey(record: StoredApiKey, alongside: TransactItem[]): Promise<void> {
  const outcome = await transact([
    { Put: { TableName: tableName(), Item: keyItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.apiKeyReference(record.id), entity: 'apiKeyRef', hash: record.hash },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...alongside,
  ]);
  if (!outcome.ok) throw new Error('a key with this value or id already exists');
}

/** A key by its id, in the caller's scope (a tenant sees only its own keys). */
export async function getApiKey(scope: Scope, id: string): Promise<StoredApiKey | undefined> {
  const { Item: ref } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.apiKeyReference(id), ConsistentRead: true }),
  );
  if (!ref) return undefined;
  const key = await getApiKeyByHash(apiKeyReferenceCodec.decode(ref).hash);
  return key && tenantInScope(key.tenantId, scope) ? key : undefined;
}

/** The keys of one tenant, or (platform scope) every key, newest first. */
export async function listApiKeys(scope: Scope): Promise<StoredApiKey[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: scope.tenantId === undefined ? 'GSI1' : 'GSI2',
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': scope.tenantId === undefined ? 'gsi1pk' : 'gsi2pk' },
    ExpressionAttributeValues: {
      ':pk': scope.tenantId === undefined ? keys.apiKeyList : keys.apiKeysOfTenant(scope.tenantId),
    },
    ScanIndexForward: false,
  });
  return items.map((item) => decodeKey(item));
}

/** The keys issued for one user (to disable them with the user). */
export async function apiKeysOfUser(userId: string): Promise<StoredApiKey[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI3',
    KeyConditionExpression: 'gsi3pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.apiKeysOfUser(userId) },
  });
  return items.map((item) => decodeKey(item));
}

/**
 * Sets fields on a key (revokedAt, expiresAt, disabledAt, rotatedTo) that it does not have yet,
 * with `alongside` (its audit record) in the same transaction. False when a field was already set.
 * Either way the revocation stamp is then bumped, so every container re-reads the key within
 * seconds (also when a concurrent change won, whose own bump may not have happened yet).
 */
export async function markApiKey(
  key: StoredApiKey,
  set: Partial<Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt' | 'disabledAt' | 'rotatedTo'>>,
  alongside: TransactItem[],
): Promise<boolean> {
  const fields = Object.entries(set);
  const outcome = await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.apiKey(key.hash),
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: [
          'attribute_exists(pk)',
          ...fields.map(([field], i) =>
            field === 'expiresAt'
              ? `(attribute_not_exists(#f${i}) OR #f${i} > :v${i})`
              : `attribute_not_exists(#f${i})`,
          ),
        ].join(' AND '),
        ExpressionAttributeNames: Object.fromEntries(fields.map(([field], i) => [`#f${i}`, attributeOf(field)])),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], i) => [`:v${i}`, value])),
      },
    },
    ...alongside,
  ]);
  await bumpRevocationStamp();
  return outcome.ok;
}
