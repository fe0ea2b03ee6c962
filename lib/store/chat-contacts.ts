import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';
import { transact } from './transact.js';

/**
 * A phone number as the business number knows it: when the person last wrote to us (their
 * 24-hour window) and whether they opted out. It belongs to the channel, not to a tenant: one
 * WhatsApp number serves every tenant, and a "STOP" to it stops what it sends.
 */
export interface ChatContact {
  phone: string;
  lastInboundAt?: string;
  optedOut?: boolean;
  /** When the person last opted out or back in. */
  optOutChangedAt?: string;
  updatedAt: string;
}

/** Inbound message ids are kept a week: Meta re-sends a webhook it could not deliver for up to 7 days. */
const INBOUND_MEMORY_SECONDS = 7 * 24 * 3600;

export async function getChatContact(phone: string): Promise<ChatContact | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.chatContact(phone), ConsistentRead: true }));
  return Item ? (withoutKeys(Item) as unknown as ChatContact) : undefined;
}

export async function getChatContacts(phones: string[]): Promise<Map<string, ChatContact>> {
  const unique = [...new Set(phones)];
  const found = new Map<string, ChatContact>();
  if (unique.length === 0) return found;
  const table = tableName();
  // A delivery addresses a handful of people, far below BatchGet's 100 keys.
  const { Responses } = await ddb.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: unique.map(keys.chatContact), ConsistentRead: true } } }));
  for (const item of Responses?.[table] ?? []) found.set(String(item.phone), withoutKeys(item) as unknown as ChatContact);
  return found;
}

/**
 * Records a message a person sent us, once per WhatsApp message id (webhooks can arrive more
 * than once): it opens their window and, when it is an opt-out or opt-in, sets that. Returns
 * false for a message already recorded.
 */
export async function recordInbound(phone: string, messageId: string, at: string, optOut: boolean | undefined): Promise<boolean> {
  const now = new Date().toISOString();
  const outcome = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.chatInbound(messageId), entity: 'chatInbound', phone, at, expiresAt: Math.floor(Date.now() / 1000) + INBOUND_MEMORY_SECONDS },
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
