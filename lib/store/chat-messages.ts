import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { DeliveryStatus, MessageOutcome } from '../domain/message-status.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';
import { queryAll } from './query-all.js';
import type { TransactItem } from './transact.js';

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
      Item: { ...keys.chatMessage(record.messageId), ...keys.chatMessageOfOrder(record.orderId, record.createdAt, record.messageId), entity: 'chatMessage', ...record },
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
