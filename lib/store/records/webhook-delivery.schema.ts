import * as Type from '@sinclair/typebox';

/**
 * One attempt at one delivery, as the API shows it: exactly the delivery log's attempt in
 * lib/schemas/webhook-endpoints.ts (tests/unit/records-messaging.test.ts holds the two to one
 * shape), written here so that reading a delivery does not load the routes' schemas.
 */
export const DeliveryAttempt = Type.Object({
  at: Type.String(),
  /** The receiver's HTTP status; absent when it never answered (timeout, refused connection, DNS). */
  statusCode: Type.Optional(Type.Integer()),
  latencyMs: Type.Integer(),
  error: Type.Optional(Type.String()),
  /** The start of the receiver's answer, to see why it refused. */
  response: Type.Optional(Type.String()),
  /** Made by a replay (a staff request), not by the schedule. */
  replay: Type.Optional(Type.Boolean()),
});

/** As stored: `pending` until delivered or given up (the API tells `retrying` from `pending` by its attempts). */
const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

/** One event's delivery to one endpoint, removed by its TTL (`expiresAt`) some days after the event. */
export const DeliveryRecord = Type.Object({
  endpointId: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  eventSk: Type.String(),
  tenantId: Type.Optional(Type.String()),
  /** Deliveries of one lane (one resource) go one after the other, in event order. */
  lane: Type.String(),
  /** The exact body every attempt sends and signs. */
  body: Type.String(),
  status: DeliveryStatus,
  /** Attempts in the current round (a replay starts a new round). */
  attempts: Type.Integer(),
  nextAttemptAt: Type.String(),
  /** The most recent attempts, oldest first (at most 50 kept). */
  attemptLog: Type.Array(DeliveryAttempt),
  /** Replayed: delivered on its own, not behind (or ahead of) its resource's other events. */
  replayed: Type.Optional(Type.Boolean()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  deliveredAt: Type.Optional(Type.String()),
  failedAt: Type.Optional(Type.String()),
});
