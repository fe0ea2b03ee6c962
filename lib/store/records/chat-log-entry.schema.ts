import * as Type from '@sinclair/typebox';
import { ChatTemplateRecord } from './chat-message.schema.js';

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
