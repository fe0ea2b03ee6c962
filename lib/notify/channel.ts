import { normalizePhone } from '../domain/phone.js';
import { AppError } from '../domain/errors.js';

/**
 * The chat channel: how the service reaches customers and staff (WhatsApp in AWS, a DynamoDB
 * outbox on the local stack). Callers see one interface and one error type, whatever the transport.
 */

/** A free-form text (only inside WhatsApp's 24-hour customer window) or an approved template. */
export type ChatMessage =
  | { to: string; text: string }
  | { to: string; template: ChatTemplate };

export interface ChatTemplate {
  /** The template's name as approved in WhatsApp Business Manager. */
  name: string;
  /** Its language and locale code, e.g. "en" or "en_US". */
  language: string;
  /** Values for the body placeholders {{1}}, {{2}}, … in order. */
  parameters: string[];
}

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

/**
 * The API's answer when a message could not be sent: 502 CHANNEL_DISPATCH_FAILED. Only the
 * channel code and retryability go out; the provider's message can name the recipient or our account.
 */
export function channelDispatchFailed(error: ChannelError): AppError {
  return new AppError(502, 'CHANNEL_DISPATCH_FAILED', 'The chat message could not be sent', {
    reason: error.code,
    retryable: error.retryable,
  });
}

/** WhatsApp's limit for a text body. */
const MAX_TEXT_LENGTH = 4096;

const refused = (code: ChannelErrorCode, message: string) => new ChannelError(code, message, { retryable: false, attempts: 0 });

/**
 * Checks a message before any transport spends a request on it, so the local outbox refuses
 * exactly what WhatsApp would. Returns it with the recipient in canonical E.164.
 */
export function checkMessage(message: ChatMessage): ChatMessage {
  const to = normalizePhone(message.to);
  if (to === undefined) throw refused('RECIPIENT_INVALID', `"${message.to}" is not a phone number in E.164 form such as +971501234567`);
  if ('text' in message) {
    if (message.text.trim() === '') throw refused('REJECTED', 'A chat message needs a non-empty text');
    if (message.text.length > MAX_TEXT_LENGTH) throw refused('REJECTED', `A chat text may have at most ${MAX_TEXT_LENGTH} characters`);
    return { to, text: message.text };
  }
  const { name, language, parameters } = message.template;
  if (name.trim() === '' || language.trim() === '') throw refused('REJECTED', 'A chat template needs a name and a language');
  return { to, template: { name, language, parameters: [...parameters] } };
}

// ---------------------------------------------------------------------------------------------
// The configured transport
// ---------------------------------------------------------------------------------------------

export type ChatTransport = 'whatsapp' | 'local';

/** CHAT_TRANSPORT: `whatsapp` (AWS) or `local` (default: the local stack's DynamoDB outbox). */
export function chatTransport(): ChatTransport {
  const value = process.env.CHAT_TRANSPORT || 'local';
  if (value !== 'whatsapp' && value !== 'local') throw new Error(`Environment variable CHAT_TRANSPORT must be whatsapp or local, got "${value}"`);
  return value;
}

let configured: ChatChannel | undefined;

/**
 * The transport chosen by CHAT_TRANSPORT, created once per container so warm invocations reuse
 * it. The transport module is imported on the first send: a WhatsApp Lambda never loads the
 * outbox's DynamoDB code, and the transports can import ChannelError from here without a cycle.
 */
export function chatChannel(): ChatChannel {
  if (configured) return configured;
  const transport = chatTransport();
  let loaded: Promise<ChatChannel> | undefined;
  const load = async (): Promise<ChatChannel> =>
    transport === 'whatsapp'
      ? (await import('./whatsapp.js')).createWhatsAppChannel()
      : (await import('./local-outbox.js')).createLocalOutboxChannel();
  configured = {
    async send(message) {
      loaded ??= load();
      return (await loaded).send(message);
    },
  };
  return configured;
}
