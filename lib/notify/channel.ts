import type { ChatChannel } from './message.js';

/**
 * The configured chat transport: how the service reaches customers and staff. Callers see one
 * interface (ChatChannel) and one error type (ChannelError, in message.ts), whatever the transport.
 */
type ChatTransport = 'whatsapp' | 'local';

/** @public (read by the tests through a fresh module) CHAT_TRANSPORT: `whatsapp` (AWS) or `local` (default: the local stack's chat log). */
export function chatTransport(): ChatTransport {
  const value = process.env.CHAT_TRANSPORT || 'local';
  if (value !== 'whatsapp' && value !== 'local') throw new Error(`Environment variable CHAT_TRANSPORT must be whatsapp or local, got "${value}"`);
  return value;
}

let configured: ChatChannel | undefined;

/**
 * The transport chosen by CHAT_TRANSPORT, created once per container so warm invocations reuse
 * it. The transport module is imported on the first send: a WhatsApp Lambda never loads the
 * chat log's DynamoDB code.
 */
export function chatChannel(): ChatChannel {
  if (configured) return configured;
  const transport = chatTransport();
  let loaded: Promise<ChatChannel> | undefined;
  const load = async (): Promise<ChatChannel> =>
    transport === 'whatsapp'
      ? (await import('./whatsapp.js')).createWhatsAppChannel()
      : (await import('./local-chat-log.js')).createLocalChatLogChannel();
  configured = {
    async send(message) {
      loaded ??= load();
      return (await loaded).send(message);
    },
  };
  return configured;
}
