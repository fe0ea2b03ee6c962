import * as Type from '@sinclair/typebox';
import { EVENT_TYPES } from '../../domain/integrator-events.js';

/** A secret that signs the endpoint's deliveries. */
const EndpointSecret = Type.Object({
  /** `whsec_` and the base64 of 32 random bytes, as Standard Webhooks libraries take it. */
  secret: Type.String(),
  createdAt: Type.String(),
  /** A rotated-out secret still signs (beside the new one) until then. */
  expiresAt: Type.Optional(Type.String()),
});

/**
 * A webhook endpoint: where a tenant's events are delivered, signed with its secrets, and its
 * health. A deleted one keeps its record (with no secrets) until its TTL (`expiresAt`) removes it.
 */
export const WebhookEndpointRecord = Type.Object({
  id: Type.String(),
  tenantId: Type.Optional(Type.String()),
  url: Type.String(),
  description: Type.Optional(Type.String()),
  /** The event types it receives; empty: every type. */
  eventTypes: Type.Array(Type.Union(EVENT_TYPES.map((type) => Type.Literal(type)))),
  enabled: Type.Boolean(),
  disabledAt: Type.Optional(Type.String()),
  /** `failing`: disabled by the service after failing too long; `manual`: by an admin. */
  disabledReason: Type.Optional(Type.Union([Type.Literal('failing'), Type.Literal('manual')])),
  secrets: Type.Array(EndpointSecret),
  /** The first failed attempt since the last delivered one. */
  failingSince: Type.Optional(Type.String()),
  consecutiveFailures: Type.Integer(),
  lastSuccessAt: Type.Optional(Type.String()),
  lastFailureAt: Type.Optional(Type.String()),
  /** Deleted: kept (without its secrets, out of every list) so its delivery log stays readable until it expires. */
  deletedAt: Type.Optional(Type.String()),
  deletedBy: Type.Optional(Type.String()),
  createdAt: Type.String(),
  createdBy: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});

/**
 * How far an endpoint has read its tenant's feed, and which worker holds its deliveries. Taking
 * the lease sets `safe` and `seen` when absent; a worker asking the holder to look again may
 * write `rerun` alone, before any lease (the endpoint deleted meanwhile, say).
 */
export const WebhookCursorRecord = Type.Object({
  /** Every event up to this sort key has been read (lib/domain/event-feed.ts FeedCursor). */
  safe: Type.Optional(Type.String()),
  /** The ids of events after `safe` already read. */
  seen: Type.Optional(Type.Array(Type.String())),
  /** Epoch ms until which one worker holds the endpoint, and the token that worker holds. */
  leaseUntil: Type.Optional(Type.Number()),
  leaseToken: Type.Optional(Type.String()),
  /** Another worker found it held: the holder makes another pass before it lets go. */
  rerun: Type.Optional(Type.Boolean()),
});
