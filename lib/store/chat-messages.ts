import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { DELIVERY_STATUSES, messageStatus, type DeliveryStatus } from '../domain/message-status.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { chatCallbackCodec, chatMessageCodec, type ChatMessageRecord } from './records/chat-message.js';
import { transact, type TransactItem } from './transact.js';
import { scanEach } from './scan-each.js';

export type { ChatMessageRecord } from './records/chat-message.js';

/** Whether a message belongs on its tenant's list of failed messages (its status is failed). */
const hasFailed = (record: Pick<ChatMessageRecord, 'outcome' | 'statuses'>): boolean =>
  messageStatus(record.outcome, record.statuses) === 'failed';

export function chatMessagePutItem(record: ChatMessageRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.chatMessage(record.messageId),
        ...keys.chatMessageOfOrder(record.orderId, record.createdAt, record.messageId),
        ...(hasFailed(record) ? keys.failedChatMessageIndex(record) : {}),
        entity: 'chatMessage',
        ...record,
      },
    },
  };
}

/**
 * Writes a message's record once: a repeat of the write (its answer lost in an outage, say)
 * leaves the first, and the statuses WhatsApp may have reported on it since, as they are.
 */
export async function putChatMessage(record: ChatMessageRecord): Promise<void> {
  try {
    await ddb.send(
      new PutCommand({ ...chatMessagePutItem(record).Put!, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/**
 * The message an outbox event's earlier attempt recorded for one recipient (by audience and
 * phone), if it got that far: a retry that finds the recipient marked as being sent to looks here
 * first (its id was recorded with the message, not yet with the event).
 */
export async function findEventMessage(
  orderId: string,
  eventId: string,
  audience: string,
  to: string,
): Promise<ChatMessageRecord | undefined> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'eventId = :event AND audience = :audience AND #to = :to',
    ExpressionAttributeNames: { '#to': 'to' },
    ExpressionAttributeValues: {
      ':pk': keys.chatMessagesOfOrder(orderId),
      ':event': eventId,
      ':audience': audience,
      ':to': to,
    },
  });
  return items.map(chatMessageCodec.decode).find((message) => message.outcome !== 'unknown');
}

/**
 * Notes a status WhatsApp reported, keeping the first time each status was seen (webhooks repeat
 * and arrive out of order). False when no message of ours has this id. A delivery (or a read)
 * takes the message off its tenant's failed list in the same write, for good: a delivery to one
 * of the person's devices outweighs a failure reported for another. A failure puts it on the
 * list, unless it was delivered meanwhile.
 */
export async function recordDeliveryStatus(
  messageId: string,
  status: DeliveryStatus,
  at: string,
  error?: { code?: number; title?: string },
): Promise<boolean> {
  const delivered = status === 'delivered' || status === 'read';
  let stored: Record<string, unknown> | undefined;
  try {
    ({ Attributes: stored } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatMessage(messageId),
        UpdateExpression: `SET statuses.#status = if_not_exists(statuses.#status, :at)${error ? ', #error = :error' : ''}${delivered ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': status, ...(error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: { ':at': at, ...(error ? { ':error': error } : {}) },
        ...(status === 'failed' ? { ReturnValues: 'ALL_NEW' as const } : {}),
      }),
    ));
  } catch (failure) {
    if (isConditionalCheckFailed(failure)) return false;
    throw failure;
  }
  if (stored && stored.gsi2pk === undefined) {
    const message = chatMessageCodec.decode(stored);
    if (hasFailed(message)) await listAsFailed(message);
  }
  return true;
}

/** Puts a failed message on its tenant's failed list, unless it has been delivered or read meanwhile. */
async function listAsFailed(message: ChatMessageRecord): Promise<void> {
  const index = keys.failedChatMessageIndex(message);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatMessage(message.messageId),
        UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(statuses.delivered) AND attribute_not_exists(statuses.#read)',
        ExpressionAttributeNames: { '#read': 'read' },
        ExpressionAttributeValues: { ':pk': index.gsi2pk, ':sk': index.gsi2sk },
      }),
    );
  } catch (failure) {
    if (!isConditionalCheckFailed(failure)) throw failure;
  }
}

/**
 * A page of a tenant's failed messages, newest first: one Query of the sparse list on GSI2
 * (lib/store/records/chat-message.ts), whatever the tenant's history.
 */
export async function queryFailedMessages(
  tenantId: string | undefined,
  options: { limit: number; after?: Record<string, unknown> },
): Promise<{ messages: ChatMessageRecord[]; next?: Record<string, unknown> }> {
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.failedChatMessages(tenantId) },
      ScanIndexForward: false,
      Limit: options.limit,
      ...(options.after ? { ExclusiveStartKey: options.after } : {}),
    }),
  );
  return {
    messages: (page.Items ?? []).map(chatMessageCodec.decode),
    ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}),
  };
}

/** Whether a page cursor points into this tenant's failed messages (a cursor cannot cross tenants). */
export const isCursorOfFailedMessages = (tenantId: string | undefined, after: Record<string, unknown>): boolean =>
  after.gsi2pk === keys.failedChatMessages(tenantId) &&
  typeof after.gsi2sk === 'string' &&
  typeof after.pk === 'string' &&
  after.sk === 'MESSAGE';

/**
 * Puts the failed messages recorded before the failed list existed on it (GSI2 keys). An offline
 * staff tool (a Scan): the local stack runs it once on a table kept from an older version;
 * docs/deploying.md runs it in AWS. Returns how many messages it listed.
 */
export async function keyFailedMessages(): Promise<number> {
  return scanEach(
    {
      TableName: tableName(),
      FilterExpression: 'entity = :message AND attribute_not_exists(gsi2pk)',
      ExpressionAttributeValues: { ':message': 'chatMessage' },
    },
    async (item) => {
      const message = chatMessageCodec.decode(item);
      if (!hasFailed(message)) return false;
      await listAsFailed(message);
      return true;
    },
  );
}

/**
 * An order's messages in the caller's tenant, oldest first (a few dozen at most: events times
 * recipients). The caller checks the order itself is theirs to see (a marketer's own, say).
 */
export async function listOrderMessages(scope: Scope, orderId: string): Promise<ChatMessageRecord[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.chatMessagesOfOrder(orderId) },
  });
  return items.map(chatMessageCodec.decode).filter((message) => tenantInScope(message.tenantId, scope));
}

/** How long statuses waiting for their message are kept (the consumer's lease is 5 minutes). */
const CALLBACK_MEMORY_SECONDS = 7 * 24 * 3600;

/** The id under which a message whose fate was not recorded is listed (outcome unknown). */
export const unknownMessageId = (callbackData: string) => `unknown.${callbackData}`;

/** What WhatsApp reported of a message known only by its callback data: its id and statuses. */
export interface CallbackStatuses {
  messageId: string;
  statuses: Partial<Record<DeliveryStatus, string>>;
}

/**
 * Keeps a status of a message that is ours by its callback data but whose WhatsApp id was never
 * recorded (the table was away when the send answered), for the consumer that takes the event
 * up again; then puts right the message already listed as unknown, if there is one.
 */
export async function recordCallbackStatus(
  callbackData: string,
  messageId: string,
  status: DeliveryStatus,
  at: string,
  error?: { code?: number; title?: string },
): Promise<void> {
  const { Attributes } = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.chatCallback(callbackData),
      UpdateExpression:
        'SET entity = :entity, messageId = :id, #status = if_not_exists(#status, :at), expiresAt = :ttl',
      ExpressionAttributeNames: { '#status': `status_${status}` },
      ExpressionAttributeValues: {
        ':entity': 'chatCallback',
        ':id': messageId,
        ':at': at,
        ':ttl': Math.floor(Date.now() / 1000) + CALLBACK_MEMORY_SECONDS,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const reported = callbackStatusesOf(Attributes);
  if (reported) await resolveUnknownMessage(callbackData, reported, error);
}

/** The statuses kept for a callback, if WhatsApp reported any. */
export async function getCallbackStatuses(callbackData: string): Promise<CallbackStatuses | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.chatCallback(callbackData), ConsistentRead: true }),
  );
  return callbackStatusesOf(Item);
}

function callbackStatusesOf(item: Record<string, unknown> | undefined): CallbackStatuses | undefined {
  if (!item) return undefined;
  const callback = chatCallbackCodec.decode(item);
  const statuses: CallbackStatuses['statuses'] = {};
  for (const status of DELIVERY_STATUSES) {
    const at = callback[`status_${status}`];
    if (at !== undefined) statuses[status] = at;
  }
  return { messageId: callback.messageId, statuses };
}

/** Replaces a message listed as unknown by the message WhatsApp reported, under its real id. */
async function resolveUnknownMessage(
  callbackData: string,
  reported: CallbackStatuses,
  error?: { code?: number; title?: string },
): Promise<void> {
  const { Item } = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.chatMessage(unknownMessageId(callbackData)),
      ConsistentRead: true,
    }),
  );
  if (Item?.outcome !== 'unknown') return;
  const { reason: _reason, ...unknown } = chatMessageCodec.decode(Item);
  const resolved: ChatMessageRecord = {
    ...unknown,
    messageId: reported.messageId,
    outcome: 'accepted',
    statuses: reported.statuses,
    ...(error ? { error } : {}),
  };
  const put = chatMessagePutItem(resolved).Put!;
  // A cancellation means another status put it right first.
  await transact([
    {
      Delete: {
        TableName: tableName(),
        Key: keys.chatMessage(unknownMessageId(callbackData)),
        ConditionExpression: 'outcome = :unknown',
        ExpressionAttributeValues: { ':unknown': 'unknown' },
      },
    },
    { Put: { ...put, ConditionExpression: 'attribute_not_exists(pk)' } },
  ]);
}
