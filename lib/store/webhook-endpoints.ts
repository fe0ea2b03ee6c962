import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { FeedCursor } from '../domain/event-feed.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import {
  type WebhookCursorRecord,
  webhookCursorCodec,
  webhookEndpointCodec,
  type WebhookEndpointRecord,
} from './records/webhook-endpoint.js';
import { transact, type TransactItem } from './transact.js';

export type { WebhookEndpointRecord } from './records/webhook-endpoint.js';

export function putEndpointItem(endpoint: WebhookEndpointRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.webhookEndpoint(endpoint.id),
        ...keys.webhookEndpointIndexes(endpoint.tenantId, endpoint.createdAt, endpoint.id),
        entity: 'webhookEndpoint',
        ...endpoint,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The endpoint, or undefined when there is none in scope (another tenant's is simply not found). */
export async function getEndpoint(scope: Scope, id: string): Promise<WebhookEndpointRecord | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.webhookEndpoint(id), ConsistentRead: true }),
  );
  const endpoint = Item ? webhookEndpointCodec.decode(Item) : undefined;
  return endpoint && tenantInScope(endpoint.tenantId, scope) ? endpoint : undefined;
}

/** A tenant's endpoints, oldest first (a tenant has at most a few dozen). */
export async function listEndpoints(tenantId: string | undefined): Promise<WebhookEndpointRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.webhookEndpointsOf(tenantId) },
  });
  return items.map(webhookEndpointCodec.decode);
}

/** Every endpoint of every tenant, for the sweeper. */
export async function listAllEndpoints(): Promise<WebhookEndpointRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.allWebhookEndpoints },
  });
  return items.map(webhookEndpointCodec.decode);
}

/** Replaces the endpoint if it is still at the version read; false when it changed meanwhile. */
export async function replaceEndpoint(
  before: Pick<WebhookEndpointRecord, 'id' | 'version'>,
  after: WebhookEndpointRecord,
  alongside: TransactItem[] = [],
): Promise<boolean> {
  const put: TransactItem = {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.webhookEndpoint(after.id),
        ...keys.webhookEndpointIndexes(after.tenantId, after.createdAt, after.id),
        entity: 'webhookEndpoint',
        ...after,
      },
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': before.version },
    },
  };
  if (alongside.length === 0) {
    try {
      await ddb.send(new PutCommand(put.Put!));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
  return (await transact([put, ...alongside])).ok;
}

/** A deleted endpoint's record stays as long as its deliveries (lib/store/webhook-deliveries.ts), for its delivery log. */
const DELETED_KEPT_SECONDS = 35 * 86_400;

/**
 * Deletes the endpoint if it is still at the version read and not deleted: its record becomes a
 * tombstone out of the tenant's list and the sweeper's round (so it no longer counts towards the
 * limit and no worker takes it up), and its reading position and lease go. False when it changed meanwhile.
 */
export async function deleteEndpoint(
  before: Pick<WebhookEndpointRecord, 'id' | 'version'>,
  tombstone: WebhookEndpointRecord,
  alongside: TransactItem[] = [],
): Promise<boolean> {
  const expiresAt = Math.floor(Date.parse(tombstone.deletedAt ?? tombstone.updatedAt) / 1000) + DELETED_KEPT_SECONDS;
  const outcome = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.webhookEndpoint(tombstone.id), entity: 'webhookEndpoint', ...tombstone, expiresAt },
        ConditionExpression: 'version = :version AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':version': before.version },
      },
    },
    { Delete: { TableName: tableName(), Key: keys.webhookCursor(tombstone.id) } },
    ...alongside,
  ]);
  return outcome.ok;
}

/** A delivered attempt: the endpoint is healthy again. */
export async function recordEndpointSuccess(id: string, at: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(id),
        UpdateExpression: 'SET lastSuccessAt = :at, consecutiveFailures = :zero REMOVE failingSince',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':at': at, ':zero': 0 },
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionalCheckFailed(error)) throw error;
    });
}

/** A failed attempt; answers the endpoint as it now is (when it still exists and is not deleted). */
export async function recordEndpointFailure(id: string, at: string): Promise<WebhookEndpointRecord | undefined> {
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookEndpoint(id),
        UpdateExpression:
          'SET lastFailureAt = :at, failingSince = if_not_exists(failingSince, :at), consecutiveFailures = if_not_exists(consecutiveFailures, :zero) + :one',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
        ExpressionAttributeValues: { ':at': at, ':zero': 0, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? webhookEndpointCodec.decode(Attributes) : undefined;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** The service disables a failing endpoint (once: only while it is still enabled), with the alert to its owner. */
export async function disableFailingEndpoint(id: string, at: string, alongside: TransactItem[]): Promise<boolean> {
  const outcome = await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.webhookEndpoint(id),
        UpdateExpression:
          'SET enabled = :false, disabledAt = :at, disabledReason = :failing, updatedAt = :at, version = version + :one',
        ConditionExpression: 'enabled = :true',
        ExpressionAttributeValues: { ':false': false, ':true': true, ':at': at, ':failing': 'failing', ':one': 1 },
      },
    },
    ...alongside,
  ]);
  return outcome.ok;
}

// --- The endpoint's reading position in the feed, and the lease on its deliveries ---

export interface EndpointCursor extends FeedCursor {
  leaseToken?: string;
}

/**
 * Renewed at every pass, whose attempts stop starting after a minute (lib/use-cases/webhooks/
 * deliver.ts), so a lease never lapses under a live worker; a worker that died holds it at most this long.
 */
const LEASE_MS = 2 * 60_000;

/**
 * Takes the endpoint for one worker (the stream trigger, the sweeper or the local runner), so
 * its deliveries go out one worker at a time and in order. Undefined when another worker holds
 * it; that worker is asked to look again before it lets go, so nothing waits for the next sweep.
 */
export async function leaseEndpoint(
  endpointId: string,
  startAt: string,
  nowMs = Date.now(),
): Promise<EndpointCursor | undefined> {
  const token = randomUUID();
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookCursor(endpointId),
        UpdateExpression:
          'SET leaseUntil = :until, leaseToken = :token, safe = if_not_exists(safe, :start), seen = if_not_exists(seen, :none) REMOVE rerun',
        ConditionExpression: 'attribute_not_exists(leaseUntil) OR leaseUntil < :now',
        ExpressionAttributeValues: {
          ':until': nowMs + LEASE_MS,
          ':token': token,
          ':start': startAt,
          ':none': [],
          ':now': nowMs,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const cursor: WebhookCursorRecord | undefined = Attributes ? webhookCursorCodec.decode(Attributes) : undefined;
    return { safe: cursor?.safe ?? startAt, seen: cursor?.seen ?? [], leaseToken: token };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    await ddb
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.webhookCursor(endpointId),
          UpdateExpression: 'SET rerun = :yes',
          ExpressionAttributeValues: { ':yes': true },
        }),
      )
      .catch(() => undefined);
    return undefined;
  }
}

/** Saves how far the endpoint has read and renews the lease (only by the worker holding it); false once the lease is lost. */
export async function saveEndpointCursor(
  endpointId: string,
  cursor: EndpointCursor,
  nowMs = Date.now(),
): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookCursor(endpointId),
        UpdateExpression: 'SET safe = :safe, seen = :seen, leaseUntil = :until',
        ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeValues: {
          ':safe': cursor.safe,
          ':seen': cursor.seen,
          ':token': cursor.leaseToken ?? '-',
          ':until': nowMs + LEASE_MS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Lets the endpoint go, unless another worker asked for a look meanwhile: then `'again'`, and
 * this worker (still holding it) makes another pass.
 */
export async function releaseEndpoint(endpointId: string, leaseToken: string): Promise<'released' | 'again' | 'lost'> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookCursor(endpointId),
        UpdateExpression: 'REMOVE leaseUntil, leaseToken',
        ConditionExpression: 'leaseToken = :token AND attribute_not_exists(rerun)',
        ExpressionAttributeValues: { ':token': leaseToken },
      }),
    );
    return 'released';
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.webhookCursor(endpointId),
        UpdateExpression: 'REMOVE rerun',
        ConditionExpression: 'leaseToken = :token',
        ExpressionAttributeValues: { ':token': leaseToken },
      }),
    );
    return 'again';
  } catch (error) {
    if (isConditionalCheckFailed(error)) return 'lost';
    throw error;
  }
}
