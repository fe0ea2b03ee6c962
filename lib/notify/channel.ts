import { chatTransportSetting } from '../config.js';
import { createLocalChatLogChannel } from './local-chat-log.js';
import type { ChatChannel } from './message.js';
import { createWhatsAppChannel } from './whatsapp.js';

/**
 * The configured chat transport: how the service reaches customers and staff. Callers see one
 * interface (ChatChannel) and one error type (ChannelError, in message.ts), whatever the transport.
 */
type ChatTransport = 'whatsapp' | 'local';

/** @public (read by the tests through a fresh module) CHAT_TRANSPORT: `whatsapp` (AWS) or `local` (default: the local stack's chat log). */
export function chatTransport(): ChatTransport {
  return chatTransportSetting();
}

let configured: ChatChannel | undefined;

/**
 * The transport chosen by CHAT_TRANSPORT, created once per container so warm invocations reuse
 * it. Both are imported statically: a dynamic import kept the bundler from dropping the parts
 * of the AWS SDK nobody uses (about 35 KB in every function that sends a message).
 */
export function chatChannel(): ChatChannel {
  configured ??= chatTransport() === 'whatsapp' ? createWhatsAppChannel() : createLocalChatLogChannel();
  return configured;
}
