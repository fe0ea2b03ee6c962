import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { type ChatContact, chatContactCodec } from './records/chat-contact.js';
import { transact } from './transact.js';

export type { ChatContact } from './records/chat-contact.js';

/** Inbound message ids are kept a week: Meta re-sends a webhook it could not deliver for up to 7 days. */
const INBOUND_MEMORY_SECONDS = 7 * 24 * 3600;

export async function getChatContact(phone: string): Promise<ChatContact | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.chatContact(phone), ConsistentRead: true }),
  );
  return Item ? chatContactCodec.decode(Item) : undefined;
}

export async function getChatContacts(phones: string[]): Promise<Map<string, ChatContact>> {
  const unique = [...new Set(phones)];
  const found = new Map<string, ChatContact>();
  if (unique.length === 0) return found;
  const table = tableName();
  // A delivery addresses a handful of people, far below BatchGet's 100 keys.
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: unique.map(keys.chatContact), ConsistentRead: true } } }),
  );
  for (const item of Responses?.[table] ?? []) {
    const contact = chatContactCodec.decode(item);
    found.set(contact.phone, contact);
  }
  return found;
}

/**
 * Records a message a person sent us, once per WhatsApp message id (webhooks can arrive more
 * than once): it opens their window and, when it is an opt-out or opt-in, sets that. Returns
 * false for a message already recorded.
 */
export async function recordInbound(
  phone: string,
  messageId: string,
  at: string,
  optOut: boolean | undefined,
): Promise<boolean> {
  const now = new Date().toISOString();
  const outcome = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.chatInbound(messageId),
          entity: 'chatInbound',
          phone,
          at,
          expiresAt: Math.floor(Date.now() / 1000) + INBOUND_MEMORY_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.chatContact(phone),
        UpdateExpression: `SET entity = :entity, phone = :phone, lastInboundAt = :at, updatedAt = :now${optOut === undefined ? '' : ', optedOut = :optOut, optOutChangedAt = :at'}`,
        ExpressionAttributeValues: {
          ':entity': 'chatContact',
          ':phone': phone,
          ':at': at,
          ':now': now,
          ...(optOut === undefined ? {} : { ':optOut': optOut }),
        },
      },
    },
  ]);
  if (outcome.ok) return true;
  if (outcome.failedIndexes.includes(0)) return false;
  throw new Error(`recording the inbound message ${messageId} failed: ${JSON.stringify(outcome)}`);
}
