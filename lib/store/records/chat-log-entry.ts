import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { ChatTemplateRecord } from './chat-message.js';
import { recordCodec } from '../record.js';

/** A message the local chat transport "sent": kept for developers and tests to read back. */
export const ChatLogEntryRecord = Type.Object({
  messageId: Type.String(),
  to: Type.String(),
  text: Type.Optional(Type.String()),
  template: Type.Optional(ChatTemplateRecord),
  /** What WhatsApp would echo in the message's status webhooks (biz_opaque_callback_data). */
  callbackData: Type.Optional(Type.String()),
  createdAt: Type.String(),
});
export type ChatLogEntry = Static<typeof ChatLogEntryRecord>;
export const chatLogEntryCodec = recordCodec('chat log entry', ChatLogEntryRecord);

/** The local chat transport's log of sent messages, newest first by sort key. */
export const chatLogPartition = 'CHAT#LOG';
export const chatLogEntry = (createdAt: string, id: string) => ({ pk: chatLogPartition, sk: `${createdAt}#${id}` });
