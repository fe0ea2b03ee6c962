import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { newId } from '../domain/ids.js';
import { ddb } from '../store/client.js';
import { ChannelError, checkMessage, type ChatChannel, type ChatTemplate } from './channel.js';

/**
 * The local stack's chat transport (CHAT_TRANSPORT=local): instead of reaching anyone, every
 * message becomes an item of the table, for developers and tests to read back (`cli chat outbox`).
 *
 * | entity      | pk          | sk                   |
 * |-------------|-------------|----------------------|
 * | chat outbox | CHAT#OUTBOX | <createdAt ISO>#<id> |
 *
 * One partition, sorted by time: "newest first" is one Query. That partition would be hot in
 * production, which is why only the local stack writes it.
 */
export const outboxKeys = {
  partition: 'CHAT#OUTBOX',
  message: (createdAt: string, id: string) => ({ pk: 'CHAT#OUTBOX', sk: `${createdAt}#${id}` }),
} as const;

export interface OutboxMessage {
  messageId: string;
  to: string;
  text?: string;
  template?: ChatTemplate;
  createdAt: string;
}

/**
 * Local test aid: recipients listed in CHAT_LOCAL_FAIL_NUMBERS (comma-separated E.164) make send
 * throw ChannelError REJECTED, so tests and demos can walk the "channel refused" path on the
 * local stack. Read on every send, so a test can set it without restarting anything.
 */
function failListed(to: string): boolean {
  const listed = (process.env.CHAT_LOCAL_FAIL_NUMBERS ?? '').split(',').map((number) => number.trim());
  return listed.includes(to);
}

export function createLocalOutboxChannel(): ChatChannel {
  return {
    async send(input) {
      const message = checkMessage(input);
      if (failListed(message.to)) {
        throw new ChannelError('REJECTED', `The local outbox refuses ${message.to}: it is listed in CHAT_LOCAL_FAIL_NUMBERS`, {
          retryable: false,
          providerCode: 'LOCAL_FAIL_LISTED',
          attempts: 1,
        });
      }
      const id = newId();
      const record: OutboxMessage = { messageId: `local.${id}`, ...message, createdAt: new Date().toISOString() };
      await ddb.send(new PutCommand({ TableName: tableName(), Item: { ...outboxKeys.message(record.createdAt, id), entity: 'chatOutbox', ...record } }));
      return { messageId: record.messageId };
    },
  };
}

/** The newest `limit` messages of the outbox, newest first, in one Query. */
export async function listOutbox(limit: number): Promise<OutboxMessage[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive whole number, got ${limit}`);
  const page = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': outboxKeys.partition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (page.Items ?? []).map(({ messageId, to, text, template, createdAt }) => ({
    messageId: String(messageId),
    to: String(to),
    ...(typeof text === 'string' ? { text } : {}),
    ...(template === undefined ? {} : { template: template as ChatTemplate }),
    createdAt: String(createdAt),
  }));
}
