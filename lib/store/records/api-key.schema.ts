import * as Type from '@sinclair/typebox';
import { ROLES } from '../../domain/caller.js';

/**
 * An API key as stored: its hash (also its key), and its expiry as `validUntil` (EXPIRY_ATTRIBUTE
 * of lib/store/records/api-key.ts): `expiresAt` is the table's TTL attribute (epoch seconds,
 * deleted by DynamoDB), which a key's record must not be.
 */
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
  validUntil: Type.Optional(Type.String()),
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

/** The key's id pointing at its item (revoke, rotate): only the hash that is its item's key. */
export const ApiKeyReferenceRecord = Type.Object({ hash: Type.String() });
