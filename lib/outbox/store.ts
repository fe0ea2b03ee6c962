import { GetCommand, QueryCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { envNumber, tableName } from '../config.js';
import type { OrderEvent } from '../notify/matrix.js';
import { ddb } from '../store/client.js';
import { isConditionalCheckFailed } from '../store/errors.js';
import { keys, withoutKeys } from '../store/keys.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A side effect recorded in the same transaction as the change that causes it (an outbox), so
 * it cannot be lost when a function crashes after committing. A consumer delivers it later.
 */
export interface OutboxEvent {
  id: string;
  kind: 'notify' | 'archive';
  event?: OrderEvent;
  orderId: string;
  tenantId?: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'done' | 'parked';
  attempts: number;
  nextAttemptAt: string;
  /** Epoch ms until which one consumer holds the event. */
  leaseUntil?: number;
  /** What was already delivered (recipient or image -> message id or object key): never redone. */
  deliveries: Record<string, string>;
  lastError?: string;
  createdAt: string;
  updatedAt: string;
}

export const maxAttempts = () => envNumber('OUTBOX_MAX_ATTEMPTS', 6);
/** Back-off before attempt n+1: base x 2^(n-1), capped at 15 minutes, with jitter. */
export function retryDelayMs(attempts: number): number {
  const base = envNumber('OUTBOX_RETRY_BASE_MS', 5_000);
  const delay = Math.min(15 * 60_000, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(delay * (0.75 + Math.random() * 0.5));
}
const LEASE_MS = 60_000;

export function newOutboxEvent(input: Pick<OutboxEvent, 'id' | 'kind' | 'orderId' | 'tenantId' | 'payload'> & { event?: OrderEvent }, now: string): OutboxEvent {
  return { ...input, status: 'pending', attempts: 0, nextAttemptAt: now, deliveries: {}, createdAt: now, updatedAt: now };
}

export function outboxPutItem(event: OutboxEvent): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.outboxEvent(event.id), ...keys.outboxDue(event.nextAttemptAt, event.id), entity: 'outboxEvent', ...event },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export async function getOutboxEvent(id: string): Promise<OutboxEvent | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.outboxEvent(id), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as OutboxEvent) : undefined;
}

async function byIndex(pk: string, upTo: string, limit: number): Promise<OutboxEvent[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :upTo',
      ExpressionAttributeValues: { ':pk': pk, ':upTo': upTo },
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => withoutKeys(item) as unknown as OutboxEvent);
}

/** Events whose next attempt is due, oldest first. */
export const dueEvents = (now: string, limit = 50) => byIndex('OUTBOX#DUE', `${now}~`, limit);
export const parkedEvents = (limit = 100) => byIndex('OUTBOX#PARKED', '~', limit);

/**
 * Takes the event for one attempt: only while pending and not leased to another consumer, so
 * two consumers (a stream trigger and the sweeper, say) never work on it at once.
 */
export async function claim(id: string, nowMs = Date.now()): Promise<OutboxEvent | undefined> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outboxEvent(id),
        UpdateExpression: 'SET leaseUntil = :until, attempts = attempts + :one, updatedAt = :now',
        ConditionExpression: '#status = :pending AND (attribute_not_exists(leaseUntil) OR leaseUntil < :nowMs)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':until': nowMs + LEASE_MS, ':one': 1, ':now': new Date(nowMs).toISOString(), ':pending': 'pending', ':nowMs': nowMs },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys(Attributes ?? {}) as unknown as OutboxEvent;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** Remembers one delivery at once, so a retry after a later failure does not repeat it. */
export async function recordDelivery(id: string, key: string, value: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.outboxEvent(id),
      UpdateExpression: 'SET deliveries.#k = :v',
      ExpressionAttributeNames: { '#k': key },
      ExpressionAttributeValues: { ':v': value },
    }),
  );
}

export async function complete(id: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.outboxEvent(id),
      UpdateExpression: 'SET #status = :done, updatedAt = :now REMOVE gsi1pk, gsi1sk, leaseUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':done': 'done', ':now': new Date().toISOString() },
    }),
  );
}

/** After a failed attempt: try again later, or park it where staff can see and replay it. */
export async function fail(event: OutboxEvent, reason: string, permanent: boolean, nowMs = Date.now()): Promise<'retry' | 'parked'> {
  const now = new Date(nowMs).toISOString();
  const park = permanent || event.attempts >= maxAttempts();
  const next = new Date(nowMs + retryDelayMs(event.attempts)).toISOString();
  const index = park ? keys.outboxParked(now, event.id) : keys.outboxDue(next, event.id);
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.outboxEvent(event.id),
      UpdateExpression: 'SET #status = :status, nextAttemptAt = :next, lastError = :reason, gsi1pk = :gpk, gsi1sk = :gsk, updatedAt = :now REMOVE leaseUntil',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': park ? 'parked' : 'pending', ':next': park ? now : next, ':reason': reason.slice(0, 500), ':gpk': index.gsi1pk, ':gsk': index.gsi1sk, ':now': now },
    }),
  );
  return park ? 'parked' : 'retry';
}

/** Staff replay: a parked (or stuck) event is due again now, with a fresh attempt budget. */
export async function replay(id: string): Promise<boolean> {
  const now = new Date().toISOString();
  const index = keys.outboxDue(now, id);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.outboxEvent(id),
        UpdateExpression: 'SET #status = :pending, attempts = :zero, nextAttemptAt = :now, gsi1pk = :gpk, gsi1sk = :gsk, updatedAt = :now REMOVE leaseUntil',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :done',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':zero': 0, ':now': now, ':gpk': index.gsi1pk, ':gsk': index.gsi1sk, ':done': 'done' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
