import * as Type from '@sinclair/typebox';

/**
 * What an Idempotency-Key holds for one API key: a claim while the request that took it is at
 * work (`pending`, `claimToken`, no answer yet), then the answer to replay. Both carry the
 * table's `expiresAt` TTL (epoch seconds), which the store checks on the raw item and which does
 * not come back with the record.
 */
export const IdempotencyRecord = Type.Object({
  requestHash: Type.String(),
  /**
   * The answer's data (its status is the route's own); absent on a claim. Stored as its JSON text,
   * deflated when smaller (lib/store/deflated.ts), so a replay keeps the answer's key order.
   */
  data: Type.Optional(Type.Unknown()),
  createdAt: Type.String(),
  /** Set while the request that claimed the key is still at work: there is no answer yet. */
  pending: Type.Optional(Type.Boolean()),
  claimToken: Type.Optional(Type.String()),
});
