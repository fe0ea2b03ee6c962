import * as Type from '@sinclair/typebox';
import { ORDER_EVENTS } from '../../domain/notifications.js';

/**
 * A side effect recorded in the same transaction as the change that causes it (an outbox), so
 * it cannot be lost when a function crashes after committing. A consumer delivers it later.
 */
export const OutboxEventRecord = Type.Object({
  id: Type.String(),
  /** `alert`: a message to a tenant's admins and operations staff (a webhook endpoint disabled). */
  kind: Type.Union([Type.Literal('notify'), Type.Literal('archive'), Type.Literal('alert')]),
  event: Type.Optional(Type.Union(ORDER_EVENTS.map((event) => Type.Literal(event)))),
  orderId: Type.String(),
  tenantId: Type.Optional(Type.String()),
  /**
   * The order's notifications are delivered in this sequence (1, 2, ...): an event is taken
   * only once the one before it is done or given up. Absent for picture archival.
   */
  orderSeq: Type.Optional(Type.Integer()),
  payload: Type.Record(Type.String(), Type.Unknown()),
  status: Type.Union([Type.Literal('pending'), Type.Literal('done'), Type.Literal('parked')]),
  attempts: Type.Integer(),
  nextAttemptAt: Type.String(),
  /** Epoch ms until which one consumer holds the event, and the token that consumer holds. */
  leaseUntil: Type.Optional(Type.Number()),
  leaseToken: Type.Optional(Type.String()),
  /** What was already delivered (recipient or image -> message id or object key): never redone. */
  deliveries: Type.Record(Type.String(), Type.String()),
  lastError: Type.Optional(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

/** An event as the queue of due events (GSI10) holds it: what the consumer needs to take it up. */
export const OutboxDueRecord = Type.Pick(OutboxEventRecord, ['id', 'orderId', 'orderSeq', 'status']);

/**
 * How far an order's notifications have got: written only by the transaction that finishes one
 * of them (so never without `delivered`), and absent until the first is done or given up.
 */
export const OutboxCursorRecord = Type.Object({
  /** The last event sequence (orderSeq) done or given up; it never moves back. */
  delivered: Type.Integer(),
});
