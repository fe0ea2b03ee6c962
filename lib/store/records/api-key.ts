import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { ROLES } from '../../domain/caller.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';

/**
 * A key's expiry is stored as `validUntil`: `expiresAt` is the table's TTL attribute (epoch
 * seconds, deleted by DynamoDB), which a key's record must not be.
 */
export const EXPIRY_ATTRIBUTE = 'validUntil';

/** An API key as stored: its hash (also its key), and its expiry under EXPIRY_ATTRIBUTE. */
export const StoredApiKeyRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** First characters of the key, to recognise it in listings; the key itself is never stored. */
  prefix: Type.String(),
  tenantId: Type.Optional(Type.String()),
  role: Type.Union(ROLES.map((role) => Type.Literal(role))),
  /** The staff user the key stands for (required for marketers and inspectors). */
  userId: Type.Optional(Type.String()),
  allowedRoutes: Type.Array(Type.String()),
  /** Partial<RateLimit> (lib/domain/caller.ts): the limits this key has of its own. */
  rateLimit: Type.Optional(
    Type.Partial(
      Type.Object({
        /** Steady requests per second (usage plan throttle rateLimit). */
        rps: Type.Number(),
        /** Most requests accepted within one second (usage plan throttle burstLimit). */
        burst: Type.Number(),
        /** Requests per UTC day (usage plan quota). */
        quotaPerDay: Type.Number(),
      }),
    ),
  ),
  createdAt: Type.String(),
  /** Who issued it (user id or key id). */
  createdBy: Type.Optional(Type.String()),
  /** After this instant the key is refused (read back as `expiresAt`). */
  [EXPIRY_ATTRIBUTE]: Type.Optional(Type.String()),
  revokedAt: Type.Optional(Type.String()),
  /** Set when the key's user was deactivated. */
  disabledAt: Type.Optional(Type.String()),
  /** The key that replaced this one by rotation. */
  rotatedTo: Type.Optional(Type.String()),
  /** Kept at most once a minute (auth re-reads a key with this note every API_KEY_CACHE_SECONDS). */
  lastUsedAt: Type.Optional(Type.String()),
  /** SHA-256 of the key (hex), as in its pk. */
  hash: Type.String(),
});
export const apiKeyCodec = recordCodec('api key', StoredApiKeyRecord);

/** A key as the code reads it: the stored record with its expiry under its own name. */
export type StoredApiKey = Omit<Static<typeof StoredApiKeyRecord>, typeof EXPIRY_ATTRIBUTE> & {
  /** After this instant the key is refused. */
  expiresAt?: string;
};
export type ApiKeyRecord = Omit<StoredApiKey, 'hash'>;

/** The key's id pointing at its item (revoke, rotate): only the hash that is its item's key. */
const ApiKeyReferenceRecord = Type.Object({ hash: Type.String() });
export const apiKeyReferenceCodec = recordCodec('api key ref', ApiKeyReferenceRecord);

/** Authenticate: GetItem by the SHA-256 of the presented key; list keys via GSI1 APIKEYS. */
export const apiKey = (hash: string) => ({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
export const apiKeyIndex = (createdAt: string, id: string) => ({ gsi1pk: apiKeyList, gsi1sk: `${createdAt}#${id}` });
export const apiKeyList = 'APIKEYS';
/** A key by its id (revoke, rotate), strongly consistent like the order children's references. */
export const apiKeyReference = (id: string) => ({ pk: `APIKEYID#${id}`, sk: 'REF' });
/** A tenant's keys (GSI2) and a user's keys (GSI3). */
export const apiKeysOfTenantIndex = (tenantId: string | undefined, createdAt: string, id: string) => ({
  gsi2pk: apiKeysOfTenant(tenantId),
  gsi2sk: `${createdAt}#${id}`,
});
export const apiKeysOfTenant = (tenantId: string | undefined) => `APIKEYS#T#${tenantPart(tenantId)}`;
export const apiKeysOfUserIndex = (userId: string, id: string) => ({ gsi3pk: apiKeysOfUser(userId), gsi3sk: id });
export const apiKeysOfUser = (userId: string) => `APIKEYS#U#${userId}`;
