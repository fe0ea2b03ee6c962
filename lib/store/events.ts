import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { envNumber, tableName } from '../config.js';
import { laneOf, newIntegratorEvent, type EventType, type IntegratorEvent } from '../domain/integrator-events.js';
import { ddb } from './client.js';
import { packBody, unpackBody } from './deflated.js';
import * as keys from './keys.js';
import { integratorEventCodec, type IntegratorEventRecord } from './records/integrator-event.js';
import type { TransactItem } from './transact.js';

/** Events stay readable for 30 days; DynamoDB's TTL removes them some days after that. */
const RETENTION_SECONDS = 35 * 86_400;

/** An event as the feed stores it, with its sort key (what a reader's cursor counts by). */
export type StoredEvent = IntegratorEventRecord & { sk: string };

const eventSortKey = (event: Pick<IntegratorEvent, 'timestamp' | 'id'>): string => `${event.timestamp}#${event.id}`;

/**
 * The longest a write can take to commit after the instant it stamps on its event: the
 * DynamoDB client's 3 attempts of at most 5 s each, their back-off, and a margin. Readers of the
 * feed never step past an instant younger than this (lib/domain/event-feed.ts).
 */
export const settleMs = (): number => envNumber('EVENT_SETTLE_MS', 30_000);

/**
 * The feed item telling integrators of a change, for the same transaction as the change: the
 * event exists if and only if the change does. `at` must be taken after the resource was read,
 * so a resource's events sort in the order its changes happened.
 */
export function changeEventItem(
  type: EventType,
  tenantId: string | undefined,
  resource: IntegratorEvent['resource'],
  object: object,
  at: string,
  facts: Record<string, unknown> = {},
): TransactItem {
  const event = newIntegratorEvent(type, tenantId, resource, object, facts, at);
  return eventPutItem(event, laneOf(event));
}

/** The event's item, for the same transaction as the change it tells of: both or neither. */
export function eventPutItem(event: IntegratorEvent, lane: string): TransactItem {
  const sk = eventSortKey(event);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.event(event.tenantId, sk),
        entity: 'integratorEvent',
        id: event.id,
        type: event.type,
        timestamp: event.timestamp,
        ...(event.tenantId === undefined ? {} : { tenantId: event.tenantId }),
        lane,
        ...packBody(JSON.stringify(event)),
        expiresAt: Math.floor(Date.parse(event.timestamp) / 1000) + RETENTION_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A feed item as read back: its body the exact JSON that was stored, deflated or not. */
export const decodeStoredEvent = (item: Record<string, unknown>): StoredEvent => ({
  sk: String(item.sk),
  ...integratorEventCodec.decode(unpackBody(item)),
});

/**
 * Up to `max` of a tenant's events after `afterSk`, oldest first, read strongly consistent so a
 * committed event is never missed; `exhausted` when there are no more right now.
 */
export async function readEventsAfter(
  tenantId: string | undefined,
  afterSk: string,
  max: number,
): Promise<{ events: StoredEvent[]; exhausted: boolean }> {
  const events: StoredEvent[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk > :after',
        ExpressionAttributeValues: { ':pk': keys.eventFeed(tenantId), ':after': afterSk },
        ConsistentRead: true,
        Limit: Math.min(max - events.length, 500),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    events.push(...(page.Items ?? []).map(decodeStoredEvent));
    start = page.LastEvaluatedKey;
  } while (start && events.length < max);
  return { events, exhausted: start === undefined };
}
