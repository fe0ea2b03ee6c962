import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type { StoredApiKeyRecord } from './api-key.schema.js';

/**
 * A key's expiry is stored as `validUntil`: `expiresAt` is the table's TTL attribute (epoch
 * seconds, deleted by DynamoDB), which a key's record must not be.
 */
export const EXPIRY_ATTRIBUTE = 'validUntil' satisfies keyof Static<typeof StoredApiKeyRecord>;

/** An API key as stored: its hash (also its key), and its expiry under EXPIRY_ATTRIBUTE (lib/store/records/schemas/api-key.ts). */
export const apiKeyCodec = /* @__PURE__ */ recordCodec('api key', stored.StoredApiKeyRecord);

/** A key as the code reads it: the stored record with its expiry under its own name. */
export type StoredApiKey = Omit<Static<typeof StoredApiKeyRecord>, typeof EXPIRY_ATTRIBUTE> & {
  /** After this instant the key is refused. */
  expiresAt?: string;
};
export type ApiKeyRecord = Omit<StoredApiKey, 'hash'>;

/** The key's id pointing at its item (revoke, rotate): only the hash that is its item's key. */
export const apiKeyReferenceCodec = /* @__PURE__ */ recordCodec('api key ref', stored.ApiKeyReferenceRecord);

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
