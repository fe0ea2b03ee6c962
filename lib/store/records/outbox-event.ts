import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { OutboxCursorRecord, OutboxDueRecord, OutboxEventRecord } from './outbox-event.schema.js';

/** A side effect recorded in the same transaction as the change that causes it (an outbox); a consumer delivers it later. */
export type OutboxEvent = Static<typeof OutboxEventRecord>;
export const outboxEventCodec = /* @__PURE__ */ recordCodec('outbox event', stored.OutboxEventRecord);

/** A due event as the queue lists it. */
export type OutboxDue = Static<typeof OutboxDueRecord>;
export const outboxDueCodec = /* @__PURE__ */ recordCodec('outbox queue entry', stored.OutboxDueRecord);

/** How far an order's notifications have got: written only by the transaction that finishes one of them. */
export type OutboxCursor = Static<typeof OutboxCursorRecord>;
export const outboxCursorCodec = /* @__PURE__ */ recordCodec('outbox cursor', stored.OutboxCursorRecord);

/**
 * Side effects waiting to happen. GSI10 finds the due ones (oldest first): it projects only what
 * the queue reads, so the consumer's notes on the event (a recipient being sent to, a message
 * sent, a lease) write nothing to it. GSI1 finds the parked ones, and the due ones written before
 * GSI10 (read until they are done).
 */
export const outboxEvent = (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'EVENT' });
export const outboxDue = (nextAttemptAt: string, id: string) => ({
  gsi10pk: outboxDueList,
  gsi10sk: `${nextAttemptAt}#${id}`,
});
export const outboxDueList = 'OUTBOX#DUE';
export const outboxParked = (at: string, id: string) => ({ gsi1pk: outboxParkedList, gsi1sk: `${at}#${id}` });
export const outboxParkedList = 'OUTBOX#PARKED';
/** How far an order's notifications have got (`delivered`: the last event sequence done or given up). */
export const outboxOrderCursor = (orderId: string) => ({ pk: `OUTBOX#ORDER#${orderId}`, sk: 'CURSOR' });
