import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { packBody, unpackBody } from './deflated.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { type DeliveryAttempt, type DeliveryRecord, webhookDeliveryCodec } from './records/webhook-delivery.js';

export type { DeliveryAttempt, DeliveryRecord } from './records/webhook-delivery.js';

const KEPT_ATTEMPTS = 50;
/** Delivery records go with their events, some days after the 30 they stay readable. */
const RETENTION_SECONDS = 35 * 86_400;

/** A delivery as read back, its body the exact JSON it sends and signs (lib/store/deflated.ts). */
const decodeDelivery = (item: Record<string, unknown>): DeliveryRecord => webhookDeliveryCodec.decode(unpackBody(item));

const pendingIndex = (d: Pick<DeliveryRecord, 'endpointId' | 'eventSk'>) => ({
  gsi1pk: keys.webhookPending(d.endpointId),
  gsi1sk: d.eventSk,
});
const listIndex = (d: Pick<DeliveryRecord, 'endpointId' | 'eventSk'>) => ({
  gsi2pk: keys.webhookDeliveries(d.endpointId),
  gsi2sk: d.eventSk,
});

/** Queues a delivery; false when it is already queued (a worker that stopped before saving its cursor). */
export async function queueDelivery(delivery: DeliveryRecord): Promise<boolean> {
  const { body, ...rest } = delivery;
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.webhookDelivery(delivery.endpointId, delivery.eventId),
          ...(delivery.status === 'pending' ? pendingIndex(delivery) : {}),
          ...listIndex(delivery),
          entity: 'webhookDelivery',
          ...rest,
          ...packBody(body),
          expiresAt: Math.floor(Date.parse(delivery.createdAt) / 1000) + RETENTION_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

export async function getDelivery(endpointId: string, eventId: string): Promise<DeliveryRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.webhookDelivery(endpointId, eventId), ConsistentRead: true }),
  );
  return Item ? decodeDelivery(Item) : undefined;
}

/** The endpoint's deliveries still to make, in event order (the worker's queue). */
export async function pendingDeliveries(endpointId: string, limit = 500): Promise<DeliveryRecord[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.webhookPending(endpointId) },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(decodeDelivery);
}

export interface DeliveryPage {
  deliveries: DeliveryRecord[];
  next?: Record<string, unknown>;
}

/**
 * A page of the endpoint's deliveries, newest first; or only its failed ones (newest failure
 * first); or only those still queued after a failed attempt (`retrying`: newest event first; a
 * page may hold fewer than `limit`). Since an instant.
 */
export async function listDeliveries(
  endpointId: string,
  options: { only?: 'failed' | 'retrying'; since?: string; limit: number; after?: Record<string, unknown> },
): Promise<DeliveryPage> {
  const [index, pk, pkName, skName] =
    options.only === 'failed'
      ? ['GSI3', keys.webhookFailed(endpointId), 'gsi3pk', 'gsi3sk']
      : options.only === 'retrying'
        ? ['GSI1', keys.webhookPending(endpointId), 'gsi1pk', 'gsi1sk']
        : ['GSI2', keys.webhookDeliveries(endpointId), 'gsi2pk', 'gsi2sk'];
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} >= :since`,
      ...(options.only === 'retrying' ? { FilterExpression: 'attempts > :zero' } : {}),
      ExpressionAttributeValues: {
        ':pk': pk,
        ':since': options.since ?? '0',
        ...(options.only === 'retrying' ? { ':zero': 0 } : {}),
      },
      ScanIndexForward: false,
      Limit: options.limit,
      ...(options.after ? { ExclusiveStartKey: options.after } : {}),
    }),
  );
  return {
    deliveries: (page.Items ?? []).map(decodeDelivery),
    ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
  };
}

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; nextAttemptAt: string } | { kind: 'failed' };

/**
 * Records one attempt and what follows from it: delivered (out of the queue), retried later
 * (still queued, with its next instant), or failed for good (out of the queue, into the failed
 * list). Only while the delivery is still pending: a replay or a second worker cannot be undone.
 */
export async function recordAttempt(
  delivery: DeliveryRecord,
  attempt: DeliveryAttempt,
  outcome: AttemptOutcome,
): Promise<void> {
  const now = attempt.at;
  const values: Record<string, unknown> = {
    ':attempt': [attempt],
    ':none': [],
    ':now': now,
    ':pending': 'pending',
    ':one': 1,
  };
  let set =
    'attemptLog = list_append(if_not_exists(attemptLog, :none), :attempt), attempts = attempts + :one, updatedAt = :now';
  let remove = '';
  if (outcome.kind === 'delivered') {
    set += ', #status = :status, deliveredAt = :now';
    values[':status'] = 'delivered';
    remove = ' REMOVE gsi1pk, gsi1sk';
  } else if (outcome.kind === 'retry') {
    set += ', nextAttemptAt = :next';
    values[':next'] = outcome.nextAttemptAt;
  } else {
    set += ', #status = :status, failedAt = :now, gsi3pk = :fpk, gsi3sk = :fsk';
    values[':status'] = 'failed';
    values[':fpk'] = keys.webhookFailed(delivery.endpointId);
    values[':fsk'] = `${now}#${delivery.eventId}`;
    remove = ' REMOVE gsi1pk, gsi1sk';
  }
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(delivery.endpointId, delivery.eventId),
        UpdateExpression: `SET ${set}${remove}`,
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: values,
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  if ((delivery.attemptLog?.length ?? 0) + 1 > KEPT_ATTEMPTS) await trimAttempts(delivery);
}

async function trimAttempts(delivery: DeliveryRecord): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.webhookDelivery(delivery.endpointId, delivery.eventId),
      UpdateExpression: 'REMOVE attemptLog[0]',
    }),
  );
}

/**
 * A delivery being retried, due now with a fresh round of attempts (its receiver was fixed):
 * it stays at the head of its resource's queue, so the events after it still follow it.
 * False when it is not being retried (delivered, failed, or not tried yet).
 */
export async function retryNow(
  delivery: Pick<DeliveryRecord, 'endpointId' | 'eventId'>,
  now: string,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(delivery.endpointId, delivery.eventId),
        UpdateExpression: 'SET attempts = :zero, nextAttemptAt = :now, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #status = :pending AND attempts > :zero',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':pending': 'pending', ':zero': 0, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Queues a delivered or failed delivery again, due now, on its own (not behind its resource's
 * queue: later events may already have gone). A pending one is left as it is.
 */
export async function requeueDelivery(
  delivery: Pick<DeliveryRecord, 'endpointId' | 'eventId' | 'eventSk'>,
  now: string,
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookDelivery(delivery.endpointId, delivery.eventId),
        UpdateExpression:
          'SET #status = :pending, attempts = :zero, nextAttemptAt = :now, replayed = :yes, updatedAt = :now, gsi1pk = :gpk, gsi1sk = :gsk REMOVE gsi3pk, gsi3sk',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pending': 'pending',
          ':zero': 0,
          ':now': now,
          ':yes': true,
          ':gpk': keys.webhookPending(delivery.endpointId),
          ':gsk': delivery.eventSk,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
