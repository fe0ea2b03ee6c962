import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { OutboxCursorRecord, OutboxEventRecord } from './outbox-event.schema.js';

/** A side effect recorded in the same transaction as the change that causes it (an outbox); a consumer delivers it later. */
export type OutboxEvent = Static<typeof OutboxEventRecord>;
export const outboxEventCodec = /* @__PURE__ */ recordCodec('outbox event', stored.OutboxEventRecord);

/** How far an order's notifications have got: written only by the transaction that finishes one of them. */
export type OutboxCursor = Static<typeof OutboxCursorRecord>;
export const outboxCursorCodec = /* @__PURE__ */ recordCodec('outbox cursor', stored.OutboxCursorRecord);

/** Side effects waiting to happen; GSI1 finds the due ones (oldest first) and the parked ones. */
export const outboxEvent = (id: string) => ({ pk: `OUTBOX#${id}`, sk: 'EVENT' });
export const outboxDue = (nextAttemptAt: string, id: string) => ({ gsi1pk: outboxDueList, gsi1sk: `${nextAttemptAt}#${id}` });
export const outboxDueList = 'OUTBOX#DUE';
export const outboxParked = (at: string, id: string) => ({ gsi1pk: outboxParkedList, gsi1sk: `${at}#${id}` });
export const outboxParkedList = 'OUTBOX#PARKED';
/** How far an order's notifications have got (`delivered`: the last event sequence done or given up). */
export const outboxOrderCursor = (orderId: string) => ({ pk: `OUTBOX#ORDER#${orderId}`, sk: 'CURSOR' });
