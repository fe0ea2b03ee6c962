import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { DELIVERY_STATUSES, type DeliveryStatus, type MessageOutcome } from '../domain/message-status.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';
import { queryAll } from './query-all.js';
import { transact, type TransactItem } from './transact.js';

/**
 * One chat message the service sent (or meant to send) about an order, and what WhatsApp later
 * reported of it: the record `GET /orders/{id}/notifications` lists, and the one the status
 * webhook updates by WhatsApp's message id.
 */
export interface ChatMessageRecord {
  messageId: string;
  orderId: string;
  tenantId?: string;
  /** The outbox event that caused it; absent for a contract sent by hand. */
  eventId?: string;
  /** The order event (e.g. "order.shipped") or "contract.ready" for the contract itself. */
  event: string;
  audience: string;
  recipientName?: string;
  to: string;
  template?: { name: string; language: string; parameters: string[] };
  /** The text the recipient reads (the template rendered). */
  text?: string;
  /** What happened when it was handed to the channel; statuses reported later are in `statuses`. */
  outcome: MessageOutcome;
  /** Why it was not sent (outcome failed, skipped or unknown). */
  reason?: string;
  /** When WhatsApp reported each status. */
  statuses: Partial<Record<DeliveryStatus, string>>;
  /** Meta's error for a failed delivery. */
  error?: { code?: number; title?: string };
  createdAt: string;
}

export function chatMessagePutItem(record: ChatMessageRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.chatMessage(record.messageId),
        ...keys.chatMessageOfOrder(record.orderId, record.createdAt, record.messageId),
        entity: 'chatMessage',
        ...record,
      },
    },
  };
}

/**
 * Notes a status WhatsApp reported, keeping the first time each status was seen (webhooks repeat
 * and arrive out of order). False when no message of ours has this id.
 */
export async function recordDeliveryStatus(messageId: string, status: DeliveryStatus, at: string, error?: { code?: number; title?: string }): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatMessage(messageId),
        UpdateExpression: `SET statuses.#status = if_not_exists(statuses.#status, :at)${error ? ', #error = :error' : ''}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': status, ...(error ? { '#error': 'error' } : {}) },
        ExpressionAttributeValues: { ':at': at, ...(error ? { ':error': error } : {}) },
      }),
    );
    return true;
  } catch (failure) {
    if (isConditionalCheckFailed(failure)) return false;
    throw failure;
  }
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
  return items.map((item) => withoutKeys(item) as unknown as ChatMessageRecord).filter((message) => tenantInScope(message.tenantId, scope));
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
      UpdateExpression: 'SET entity = :entity, messageId = :id, #status = if_not_exists(#status, :at), expiresAt = :ttl',
      ExpressionAttributeNames: { '#status': `status_${status}` },
      ExpressionAttributeValues: { ':entity': 'chatCallback', ':id': messageId, ':at': at, ':ttl': Math.floor(Date.now() / 1000) + CALLBACK_MEMORY_SECONDS },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const reported = callbackStatusesOf(Attributes);
  if (reported) await resolveUnknownMessage(callbackData, reported, error);
}

/** The statuses kept for a callback, if WhatsApp reported any. */
export async function getCallbackStatuses(callbackData: string): Promise<CallbackStatuses | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.chatCallback(callbackData), ConsistentRead: true }));
  return callbackStatusesOf(Item);
}

function callbackStatusesOf(item: Record<string, unknown> | undefined): CallbackStatuses | undefined {
  if (!item || typeof item.messageId !== 'string') return undefined;
  const statuses: CallbackStatuses['statuses'] = {};
  for (const status of DELIVERY_STATUSES) if (typeof item[`status_${status}`] === 'string') statuses[status] = item[`status_${status}`] as string;
  return { messageId: item.messageId, statuses };
}

/** Replaces a message listed as unknown by the message WhatsApp reported, under its real id. */
async function resolveUnknownMessage(callbackData: string, reported: CallbackStatuses, error?: { code?: number; title?: string }): Promise<void> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.chatMessage(unknownMessageId(callbackData)), ConsistentRead: true }));
  if (Item?.outcome !== 'unknown') return;
  const { reason: _reason, ...unknown } = withoutKeys(Item) as unknown as ChatMessageRecord;
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
