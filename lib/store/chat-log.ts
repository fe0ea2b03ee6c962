import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { type ChatLogEntry, chatLogEntryCodec } from './records/chat-log-entry.js';

export type { ChatLogEntry } from './records/chat-log-entry.js';

export async function appendChatLog(entry: ChatLogEntry, id: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.chatLogEntry(entry.createdAt, id), entity: 'chatLog', ...entry },
    }),
  );
}

/**
 * One page of messages, newest first: the newest `limit` (after `cursor`, the `next` of the page
 * before). One Query, or, for one recipient (`to`), pages read until `limit` of theirs are found
 * (the local log is a developer's tool, not a hot path). `next` is given while older messages may
 * follow.
 */
export async function chatLogPage(options: {
  limit: number;
  to?: string;
  cursor?: string;
}): Promise<{ messages: ChatLogEntry[]; next?: string }> {
  const { limit, to } = options;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive whole number, got ${limit}`);
  const items: Array<Record<string, unknown>> = [];
  let start = options.cursor === undefined ? undefined : decodeCursor(options.cursor);
  let more = false;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.chatLogPartition, ...(to === undefined ? {} : { ':to': to }) },
        // One more than asked, to know whether older messages follow.
        ...(to === undefined
          ? { Limit: limit + 1 }
          : { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } }),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    more = items.length > limit || (to !== undefined && start !== undefined);
  } while (to !== undefined && start !== undefined && items.length <= limit);
  const kept = items.slice(0, limit);
  const last = kept.at(-1);
  // A page shows what the recipient got, as it always has: the callback data stays in the table.
  const messages = kept.map((item) => {
    const { messageId, to: recipient, text, template, createdAt } = chatLogEntryCodec.decode(item);
    return {
      messageId,
      to: recipient,
      ...(text === undefined ? {} : { text }),
      ...(template === undefined ? {} : { template }),
      createdAt,
    };
  });
  return { messages, ...(more && last ? { next: encodeCursor({ pk: last.pk, sk: last.sk }) } : {}) };
}

/** The newest `limit` messages (of one recipient when `to` is given), newest first. */
export async function listChatLog(limit: number, to?: string): Promise<ChatLogEntry[]> {
  return (await chatLogPage({ limit, ...(to === undefined ? {} : { to }) })).messages;
}

const encodeCursor = (key: Record<string, unknown>): string => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): Record<string, unknown> {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key.pk === keys.chatLogPartition && typeof key.sk === 'string') return key;
  } catch {
    /* refused below */
  }
  throw new RangeError('the cursor is not one a chat log page gave');
}
