import { chatLocalFailNumbers } from '../config.js';
import { windowOpen } from '../domain/chat-contact.js';
import { newId } from '../domain/ids.js';
import { getChatContact } from '../store/chat-contacts.js';
import { appendChatLog, type ChatLogEntry } from '../store/chat-log.js';
import { ChannelError, checkMessage, type ChatChannel, type ChatMessage } from './message.js';
import { renderMessage } from './templates.js';

/**
 * The local stack's chat transport (CHAT_TRANSPORT=local): instead of reaching anyone, every
 * message is appended to the chat log in the table with the text the recipient would read, for
 * developers and tests to read back (`cli chat log`). It refuses what WhatsApp would, with Meta's
 * error codes: a malformed message (checkMessage), a template that is not in the catalogue or
 * does not get its parameters, and free-form text outside the recipient's 24-hour window.
 */

const refuse = (providerCode: number, message: string) =>
  new ChannelError('REJECTED', message, { retryable: false, providerCode, attempts: 1 });

/** The rendered text, or Meta's refusal of the message. */
async function readableText(message: ChatMessage): Promise<string> {
  const rendering = renderMessage(message);
  if ('problem' in rendering) {
    const { name, language, parameters } =
      'template' in message ? message.template : { name: '', language: '', parameters: [] };
    throw rendering.problem === 'unknown-template'
      ? refuse(132001, `(#132001) Template name does not exist in the translation: ${name} (${language})`)
      : refuse(
          132000,
          `(#132000) Number of parameters does not match the expected number of params: ${name} got ${parameters.length}`,
        );
  }
  if ('text' in message) {
    const contact = await getChatContact(message.to);
    if (!windowOpen(contact?.lastInboundAt, new Date())) {
      throw refuse(
        131047,
        `(#131047) Re-engagement message: more than 24 hours have passed since ${message.to} last wrote; send a template instead`,
      );
    }
  }
  return rendering.text;
}

/**
 * Local test aid: recipients listed in CHAT_LOCAL_FAIL_NUMBERS (comma-separated E.164) make send
 * throw ChannelError REJECTED, so tests and demos can walk the "channel refused" path on the
 * local stack. Read on every send, so a test can set it without restarting anything.
 */
function failListed(to: string): boolean {
  return chatLocalFailNumbers().includes(to);
}

export function createLocalChatLogChannel(): ChatChannel {
  return {
    async send(input) {
      const message = checkMessage(input);
      if (failListed(message.to)) {
        throw new ChannelError(
          'REJECTED',
          `The local chat log refuses ${message.to}: it is listed in CHAT_LOCAL_FAIL_NUMBERS`,
          {
            retryable: false,
            providerCode: 'LOCAL_FAIL_LISTED',
            attempts: 1,
          },
        );
      }
      const text = await readableText(message);
      const id = newId();
      const entry: ChatLogEntry = { messageId: `local.${id}`, ...message, text, createdAt: new Date().toISOString() };
      await appendChatLog(entry, id);
      return { messageId: entry.messageId };
    },
  };
}
