import type { ChatTemplate } from '../text/chat-template.js';
import { normalizePhone } from '../domain/phone.js';

/**
 * The chat channel's messages, its interface and its one error type, whatever the transport
 * (WhatsApp in AWS, the local chat log on the local stack).
 */

/** A free-form text (only inside WhatsApp's 24-hour customer window) or an approved template. */
export type ChatMessage = ({ to: string; text: string } | { to: string; template: ChatTemplate }) & {
  /**
   * Ours to name the message by, echoed in WhatsApp's status webhooks (biz_opaque_callback_data):
   * a status still finds its message when the id the send answered was never recorded.
   */
  callbackData?: string;
};

export interface ChatChannel {
  send(message: ChatMessage): Promise<{ messageId: string }>;
}

export type ChannelErrorCode = 'RECIPIENT_INVALID' | 'AUTH_FAILED' | 'RATE_LIMITED' | 'UNAVAILABLE' | 'REJECTED';

export interface ChannelErrorDetails {
  /** Whether sending the same message again later may succeed (the transport has already retried). */
  retryable: boolean;
  /** The provider's own error code, e.g. Meta's 131026; absent when the provider gave none. */
  providerCode?: number | string;
  /** The HTTP status the provider answered with, when it answered. */
  httpStatus?: number;
  /** How many requests were made before giving up (0: refused before any request). */
  attempts?: number;
  cause?: unknown;
}

export class ChannelError extends Error {
  readonly retryable: boolean;
  readonly providerCode: number | string | undefined;
  readonly httpStatus: number | undefined;
  readonly attempts: number;

  constructor(
    readonly code: ChannelErrorCode,
    message: string,
    details: ChannelErrorDetails,
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ChannelError';
    this.retryable = details.retryable;
    this.providerCode = details.providerCode;
    this.httpStatus = details.httpStatus;
    this.attempts = details.attempts ?? 0;
  }
}

/** WhatsApp's limit for a text body. */
const MAX_TEXT_LENGTH = 4096;

const refused = (code: ChannelErrorCode, message: string) =>
  new ChannelError(code, message, { retryable: false, attempts: 0 });

/**
 * Checks a message before any transport spends a request on it, so the local outbox refuses
 * exactly what WhatsApp would. Returns it with the recipient in canonical E.164.
 */
/** Meta keeps at most 512 characters of callback data. */
const MAX_CALLBACK_LENGTH = 512;
function callbackOf(message: ChatMessage): Pick<ChatMessage, 'callbackData'> {
  if (message.callbackData === undefined) return {};
  if (message.callbackData.length > MAX_CALLBACK_LENGTH)
    throw refused('REJECTED', `Callback data may have at most ${MAX_CALLBACK_LENGTH} characters`);
  return { callbackData: message.callbackData };
}

export function checkMessage(message: ChatMessage): ChatMessage {
  const to = normalizePhone(message.to);
  if (to === undefined)
    throw refused('RECIPIENT_INVALID', `"${message.to}" is not a phone number in E.164 form such as +971501234567`);
  if ('text' in message) {
    if (message.text.trim() === '') throw refused('REJECTED', 'A chat message needs a non-empty text');
    if (message.text.length > MAX_TEXT_LENGTH)
      throw refused('REJECTED', `A chat text may have at most ${MAX_TEXT_LENGTH} characters`);
    return { to, text: message.text, ...callbackOf(message) };
  }
  const { name, language, parameters } = message.template;
  if (name.trim() === '' || language.trim() === '')
    throw refused('REJECTED', 'A chat template needs a name and a language');
  return { to, template: { name, language, parameters: [...parameters] }, ...callbackOf(message) };
}
