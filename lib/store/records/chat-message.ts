import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { tenantPart } from '../no-tenant.js';
import { recordCodec } from '../record.js';
import type {
  ChatCallbackRecord as ChatCallbackSchema,
  ChatMessageRecord as ChatMessageSchema,
} from './chat-message.schema.js';

/** One chat message the service sent (or meant to send) about an order, and what WhatsApp later reported of it. */
export type ChatMessageRecord = Static<typeof ChatMessageSchema>;
export const chatMessageCodec = /* @__PURE__ */ recordCodec('chat message', stored.ChatMessageRecord);

/** The statuses WhatsApp reported for a message that is ours by its callback data but whose id was never recorded. */
export type ChatCallbackRecord = Static<typeof ChatCallbackSchema>;
export const chatCallbackCodec = /* @__PURE__ */ recordCodec('chat callback', stored.ChatCallbackRecord);

/** A message sent about an order, found by WhatsApp's id (status webhooks); GSI1 lists an order's messages. */
export const chatMessage = (messageId: string) => ({ pk: `CHATMSG#${messageId}`, sk: 'MESSAGE' });
export const chatMessageOfOrder = (orderId: string, createdAt: string, messageId: string) => ({
  gsi1pk: chatMessagesOfOrder(orderId),
  gsi1sk: `${createdAt}#${messageId}`,
});
export const chatMessagesOfOrder = (orderId: string) => `CHATMSGS#${orderId}`;
/**
 * A tenant's failed messages, newest first (GET /notifications?status=failed): a message carries
 * these GSI2 keys while its status is failed (refused by the channel, or reported failed by
 * WhatsApp and delivered nowhere), so the index holds only those (sparse: one Query a page).
 */
export const failedChatMessages = (tenantId: string | undefined) => `CHATMSGS#FAILED#T#${tenantPart(tenantId)}`;
export const failedChatMessageIndex = (message: { tenantId?: string; createdAt: string; messageId: string }) => ({
  gsi2pk: failedChatMessages(message.tenantId),
  gsi2sk: `${message.createdAt}#${message.messageId}`,
});
/** Statuses WhatsApp reported for a message ours by its callback data but unknown by its id. */
export const chatCallback = (callbackData: string) => ({ pk: `CHATCB#${callbackData}`, sk: 'STATUS' });
