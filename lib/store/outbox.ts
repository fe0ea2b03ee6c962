import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { envNumber, tableName } from '../config.js';
import type { OrderEvent } from '../domain/notifications.js';
import { ddb } from '../store/client.js';
import { isConditionalCheckFailed } from '../store/errors.js';
import * as keys from '../store/keys.js';
import {
  type OutboxCursor,
  type OutboxDue,
  type OutboxEvent,
  outboxCursorCodec,
  outboxDueCodec,
  outboxEventCodec,
} from './records/outbox-event.js';
import { transact, type TransactItem } from './transact.js';

export type { OutboxDue, OutboxEvent } from './records/outbox-event.js';

export const maxAttempts = () => envNumber('OUTBOX_MAX_ATTEMPTS', 6);
/** Back-off before attempt n+1: base x 2^(n-1), capped at 15 minutes, with jitter. */
export function retryDelayMs(attempts: number): number {
  const base = envNumber('OUTBOX_RETRY_BASE_MS', 5_000);
  const delay = Math.min(15 * 60_000, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.75 + Math.random() * 0.5));
}
/** Longer than any consumer's Lambda timeout, so a lease never lapses under a live attempt. */
const LEASE_MS = 5 * 60_000;

/** The consumer lost its lease (it took too long and another consumer took over): stop quietly. */
export class LeaseLost extends Error {}

export function newOutboxEvent(
  input: Pick<OutboxEvent, 'id' | 'kind' | 'orderId' | 'tenantId' | 'payload' | 'orderSeq'> & { event?: OrderEvent },
  now: string,
): OutboxEvent {
  return {
    ...input,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    deliveries: {},
    createdAt: now,
    updatedAt: now,
  };
}

export function outboxPutItem(event: OutboxEvent): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.outboxEvent(event.id),
        ...keys.outboxDue(event.nextAttemptAt, event.id),
        entity: 'outboxEvent',
        ...event,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getOutboxEvent(id: string): Promise<OutboxEvent | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.outboxEvent(id), ConsistentRead: true }),
  );
  return Item ? outboxEventCodec.decode(Item) : undefined;
}

/** An index's entries under one key, up to a sort key, oldest first (or newest). */
async function byIndex(
  index: 'GSI1' | 'GSI10',
  pk: string,
  upTo: string,
  limit: number,
  newestFirst = false,
): Promise<Record<string, unknown>[]> {
  const [pkName, skName] = index === 'GSI1' ? ['gsi1pk', 'gsi1sk'] : ['gsi10pk', 'gsi10sk'];
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} <= :upTo`,
      ExpressionAttributeValues: { ':pk': pk, ':upTo': upTo },
      ScanIndexForward: !newestFirst,
      Limit: limit,
    }),
  );
  return Items ?? [];
}

/**
 * Events whose next attempt is due, oldest first: from the queue (GSI10), and from GSI1, where
 * events written before the queue existed wait until they are done or parked (an empty read
 * otherwise; docs/deploying.md).
 */
export async function dueEvents(now: string, limit = 50): Promise<OutboxDue[]> {
  const upTo = `${now}~`;
  const [queued, earlier] = await Promise.all([
    byIndex('GSI10', keys.outboxDueList, upTo, limit),
    byIndex('GSI1', keys.outboxDueList, upTo, limit),
  ]);
  const dueAt = (item: Record<string, unknown>) => String(item.gsi10sk ?? item.gsi1sk);
  return [...queued, ...earlier]
    .sort((a, b) => (dueAt(a) < dueAt(b) ? -1 : dueAt(a) > dueAt(b) ? 1 : 0))
    .slice(0, limit)
    .map(outboxDueCodec.decode);
}

export const parkedEvents = async (limit = 100) =>
  (await byIndex('GSI1', keys.outboxParkedList, '~', limit, true)).map(outboxEventCodec.decode);

const claimUpdate = (id: string, nowMs: number) => ({
  TableName: tableName(),
  Key: keys.outboxEvent(id),
  UpdateExpression: 'SET leaseUntil = :until, leaseToken = :token, attempts = attempts + :one, updatedAt = :now',
  ConditionExpression: '#status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: {
    ':until': nowMs + LEASE_MS,
    ':token': randomUUID(),
    ':one': 1,
    ':now': new Date(nowMs).toISOString(),
    ':pending': 'pending',
    ':nowMs': nowMs,
  },
});

/**
 * Takes the event for one attempt: only while pending and not leased to another consumer, so
 * two consumers (a stream trigger and the sweeper, say) never work on it at once; and, for an
 * order's notification, only once the order's previous one is done or given up (`'blocked'`
 * otherwise, with no attempt counted), so an order's messages go out in the order of its events.
 *
 * The cursor is read first and the event claimed after, each in one call: the cursor only moves
 * forward, so what the read allowed still holds; and the claim returns the claimed event in the
 * same call, so no consumer can hold a lease it never learnt it had (a table outage between a
 * claim and a separate read would have left the event locked for the whole lease).
 */
export async function claim(
  event: Pick<OutboxEvent, 'id' | 'orderId' | 'orderSeq'>,
  nowMs = Date.now(),
): Promise<OutboxEvent | 'blocked' | undefined> {
  if (event.orderSeq !== undefined && event.orderSeq > 1) {
    const { Item } = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: keys.outboxOrderCursor(event.orderId), ConsistentRead: true }),
    );
    const cursor: OutboxCursor | undefined = Item ? outboxCursorCodec.decode(Item) : undefined;
    const delivered = cursor?.delivered ?? 0;
    // A replayed event (its sequence already passed) may go at any time.
    if (delivered < event.orderSeq - 1) return 'blocked';
  }
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({ ...claimUpdate(event.id, nowMs), ReturnValues: 'ALL_NEW' }),
    );
    return outboxEventCodec.decode(Attributes ?? {});
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** The order's next notification may go: this one is done or given up (never moves the cursor back). */
const cursorAdvance = (event: Pick<OutboxEvent, 'orderId'>, seq: number): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.outboxOrderCursor(event.orderId),
    UpdateExpression: 'SET delivered = :seq',
    ConditionExpression: 'attribute_not_exists(delivered) OR delivered < :seq',
    ExpressionAttributeValues: { ':seq': seq },
  },
});

interface LeasedChange {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** An update of the event that applies only while this consumer holds its lease. */
const leasedUpdateInput = (event: Pick<OutboxEvent, 'id' | 'leaseToken'>, update: LeasedChange) => ({
  TableName: tableName(),
  Key: keys.outboxEvent(event.id),
  UpdateExpression: update.expression,
  ConditionExpression: 'leaseToken = :leaseToken',
  ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
  ExpressionAttributeValues: { ...update.values, ':leaseToken': event.leaseToken ?? '-' },
});

/**
 * A leased write that, for an order's notification, also lets the next one go, in one
 * transaction (a crash between the two would stall the order's messages). A replayed event,
 * whose sequence has already passed, leaves the cursor alone.
 */
async function leasedFinish(
  event: Pick<OutboxEvent, 'id' | 'leaseToken' | 'orderId' | 'orderSeq'>,
  update: LeasedChange,
): Promise<void> {
  if (event.orderSeq === undefined) return leasedUpdate(event, update);
  const outcome = await transact([{ Update: leasedUpdateInput(event, update) }, cursorAdvance(event, event.orderSeq)]);
  if (outcome.ok) return;
  if (outcome.failedIndexes.includes(0)) throw new LeaseLost(`outbox event ${event.id}: lease lost`);
  await leasedUpdate(event, update);
}

/** A write of the consumer holding the lease; fails with LeaseLost if another one took over. */
async function leasedUpdate(event: Pick<OutboxEvent, 'id' | 'leaseToken'>, update: LeasedChange): Promise<void> {
  try {
    await ddb.send(new UpdateCommand(leasedUpdateInput(event, update)));
  } catch (error) {
    if (isConditionalCheckFailed(error)) throw new LeaseLost(`outbox event ${event.id}: lease lost`);
    throw error;
  }
}

/** What `deliveries` holds for a recipient while their message is being handed to the channel. */
export const SENDING = 'sending';

/**
 * Deliveries not yet noted on the event (recipient key to outcome), written with the event's next
 * write. Each has its message's own record already, which a retry finds for a recipient left
 * marked as being sent to (and a recipient never marked, only skipped, is simply skipped again).
 */
export type DeliveryNotes = Record<string, string>;

/** `SET` clauses noting deliveries (and any further ones), with their names and values. */
function notesChange(
  notes: DeliveryNotes,
  more: Record<string, string> = {},
): Required<Omit<LeasedChange, 'expression'>> & { sets: string[] } {
  const sets: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  for (const [i, [key, value]] of Object.entries({ ...notes, ...more }).entries()) {
    sets.push(`deliveries.#d${i} = :d${i}`);
    names[`#d${i}`] = key;
    values[`:d${i}`] = value;
  }
  return { sets, names, values };
}

/**
 * Notes, before a message goes out, that it is about to: if the consumer then stops before
 * recording the outcome, a retry finds this and does not send the message a second time. The
 * deliveries not noted yet go in the same write, so a message costs the event one write, not two.
 */
export async function markSending(
  event: Pick<OutboxEvent, 'id' | 'leaseToken'>,
  key: string,
  notes: DeliveryNotes = {},
): Promise<void> {
  const { sets, names, values } = notesChange(notes, { [key]: SENDING });
  await leasedUpdate(event, { expression: `SET ${sets.join(', ')}`, names, values });
}

/** Remembers one delivery at once, so a retry after a later failure does not repeat it. */
export async function recordDelivery(
  event: Pick<OutboxEvent, 'id' | 'leaseToken'>,
  key: string,
  value: string,
): Promise<void> {
  await leasedUpdate(event, { expression: 'SET deliveries.#k = :v', names: { '#k': key }, values: { ':v': value } });
}

/**
 * Marks the event done, noting the deliveries not noted yet. Every delivery is recorded by now,
 * so the order's next notification may go: the cursor moves first, then the event is marked, two
 * writes and no transaction. A stop between them leaves the event to a retry that finds
 * everything delivered and only marks it; the other way round, an event marked done with the
 * cursor behind it would hold the order's next messages back for good.
 */
export async function complete(
  event: Pick<OutboxEvent, 'id' | 'leaseToken' | 'orderId' | 'orderSeq'>,
  notes: DeliveryNotes = {},
): Promise<void> {
  if (event.orderSeq !== undefined) await advanceCursor(event, event.orderSeq);
  const noted = notesChange(notes);
  await leasedUpdate(event, {
    expression: `SET ${['#status = :done', 'updatedAt = :now', ...noted.sets].join(', ')} REMOVE gsi10pk, gsi10sk, gsi1pk, gsi1sk, leaseUntil, leaseToken`,
    names: { '#status': 'status', ...noted.names },
    values: { ':done': 'done', ':now': new Date().toISOString(), ...noted.values },
  });
}

/** Moves the order's cursor to `seq` (a cursor already there or past it stays). */
async function advanceCursor(event: Pick<OutboxEvent, 'orderId'>, seq: number): Promise<void> {
  try {
    await ddb.send(new UpdateCommand(cursorAdvance(event, seq).Update!));
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/**
 * After a failed attempt: try again later, or park it where staff can see and replay it.
 * `unsent`: a recipient marked as being sent to whose message the channel did not take, to be
 * sent on the retry after all.
 */
export async function fail(
  event: OutboxEvent,
  reason: string,
  permanent: boolean,
  nowMs = Date.now(),
  unsent?: string,
  notes: DeliveryNotes = {},
): Promise<'retry' | 'parked'> {
  const now = new Date(nowMs).toISOString();
  const park = permanent || event.attempts >= maxAttempts();
  const next = new Date(nowMs + retryDelayMs(event.attempts)).toISOString();
  // Parked: off the queue, onto the parked list (GSI1); else back on the queue (GSI10) at its next
  // attempt, off GSI1 (where an event from before the queue waited).
  const [pkName, skName, index, off] = park
    ? ['gsi1pk', 'gsi1sk', Object.values(keys.outboxParked(now, event.id)), 'gsi10pk, gsi10sk']
    : ['gsi10pk', 'gsi10sk', Object.values(keys.outboxDue(next, event.id)), 'gsi1pk, gsi1sk'];
  const noted = notesChange(notes);
  // A retry holds the order's later messages back; a parked event is given up, so they go on.
  await (park ? leasedFinish : leasedUpdate)(event, {
    expression: `SET ${['#status = :status', 'nextAttemptAt = :next', 'lastError = :reason', `${pkName} = :gpk`, `${skName} = :gsk`, 'updatedAt = :now', ...noted.sets].join(', ')} REMOVE ${off}, leaseUntil, leaseToken${unsent ? ', deliveries.#unsent' : ''}`,
    names: { '#status': 'status', ...(unsent ? { '#unsent': unsent } : {}), ...noted.names },
    values: {
      ...noted.values,
      ':status': park ? 'parked' : 'pending',
      ':next': park ? now : next,
      ':reason': reason.slice(0, 500),
      ':gpk': index[0],
      ':gsk': index[1],
      ':now': now,
    },
  });
  return park ? 'parked' : 'retry';
}

/** Staff replay: a parked event (or one whose consumer died holding it) is due again now, with a fresh attempt budget. */
export async function replay(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  const index = keys.outboxDue(now, id);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outboxEvent(id),
        UpdateExpression:
          'SET #status = :pending, attempts = :zero, nextAttemptAt = :now, gsi10pk = :gpk, gsi10sk = :gsk, updatedAt = :now REMOVE gsi1pk, gsi1sk, leaseUntil, leaseToken',
        // Never under a live consumer: only parked events, or pending ones whose lease ran out.
        ConditionExpression:
          'attribute_exists(pk) AND (#status = :parked OR (#status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':parked': 'parked',
          ':zero': 0,
          ':now': now,
          ':nowMs': Date.now(),
          ':gpk': index.gsi10pk,
          ':gsk': index.gsi10sk,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
