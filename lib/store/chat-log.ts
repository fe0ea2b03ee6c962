import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { ChatTemplate } from '../notify/message.js';
import { ddb } from './client.js';
import * as keys from './keys.js';

/** A message the local chat transport "sent": kept for developers and tests to read back. */
export interface ChatLogEntry {
  messageId: string;
  to: string;
  text?: string;
  template?: ChatTemplate;
  createdAt: string;
}

export async function appendChatLog(entry: ChatLogEntry, id: string): Promise<void> {
  await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...keys.chatLogEntry(entry.createdAt, id), entity: 'chatLog', ...entry } }));
}

/**
 * The newest `limit` messages, newest first: one Query, or, for one recipient (`to`), pages read
 * until `limit` of theirs are found (the local log is a developer's tool, not a hot path).
 */
export async function listChatLog(limit: number, to?: string): Promise<ChatLogEntry[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive whole number, got ${limit}`);
  const items: Array<Record<string, unknown>> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.chatLogPartition, ...(to === undefined ? {} : { ':to': to }) },
        ...(to === undefined ? { Limit: limit } : { FilterExpression: '#to = :to', ExpressionAttributeNames: { '#to': 'to' } }),
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = to === undefined ? undefined : page.LastEvaluatedKey;
  } while (start !== undefined && items.length < limit);
  return items.slice(0, limit).map(({ messageId, to, text, template, createdAt }) => ({
    messageId: String(messageId),
    to: String(to),
    ...(typeof text === 'string' ? { text } : {}),
    ...(template === undefined ? {} : { template: template as ChatTemplate }),
    createdAt: String(createdAt),
  }));
}
