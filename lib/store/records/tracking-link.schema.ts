import * as Type from '@sinclair/typebox';

/**
 * A buyer's tracking link, keyed by its token's hash (lib/domain/tracking-link.ts): which order it
 * shows, and, once the order closed, when it stops working (`endsAt`; `expiresAt`, the same in
 * epoch seconds, lets DynamoDB's TTL remove it some time after). A replaced link's item is deleted.
 */
export const TrackingLinkRecord = Type.Object({
  orderId: Type.String(),
  tenantId: Type.Optional(Type.String()),
  issuedAt: Type.String(),
  endsAt: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Type.Number()),
});

/** What the order keeps of its link: the seed its token is made from, and when it was issued. */
export const OrderTrackingRecord = Type.Object({ seed: Type.String(), issuedAt: Type.String() });
