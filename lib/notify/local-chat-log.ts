import { newId } from '../domain/ids.js';
import { appendChatLog, type ChatLogEntry } from '../store/chat-log.js';
import { ChannelError, checkMessage, type ChatChannel } from './message.js';

/**
 * The local stack's chat transport (CHAT_TRANSPORT=local): instead of reaching anyone, every
 * message is appended to the chat log in the table, for developers and tests to read back
 * (`cli chat log`). It refuses exactly what WhatsApp would (checkMessage).
 */

/**
 * Local test aid: recipients listed in CHAT_LOCAL_FAIL_NUMBERS (comma-separated E.164) make send
 * throw ChannelError REJECTED, so tests and demos can walk the "channel refused" path on the
 * local stack. Read on every send, so a test can set it without restarting anything.
 */
function failListed(to: string): boolean {
  const listed = (process.env.CHAT_LOCAL_FAIL_NUMBERS ?? '').split(',').map((number) => number.trim());
  return listed.includes(to);
}

export function createLocalChatLogChannel(): ChatChannel {
  return {
    async send(input) {
      const message = checkMessage(input);
      if (failListed(message.to)) {
        throw new ChannelError('REJECTED', `The local chat log refuses ${message.to}: it is listed in CHAT_LOCAL_FAIL_NUMBERS`, {
          retryable: false,
          providerCode: 'LOCAL_FAIL_LISTED',
          attempts: 1,
        });
      }
      const id = newId();
      const entry: ChatLogEntry = { messageId: `local.${id}`, ...message, createdAt: new Date().toISOString() };
      await appendChatLog(entry, id);
      return { messageId: entry.messageId };
    },
  };
}
