import * as Type from '@sinclair/typebox';

/**
 * A WhatsApp template message (lib/text/chat-templates.ts ChatTemplate), as the notification list
 * shows it (lib/schemas/notifications.ts; tests/unit/records-messaging.test.ts holds the two to one
 * shape, written here so that reading a message does not load the routes' schemas).
 */
export const ChatTemplateRecord = Type.Object({
  /** The template's name as approved in WhatsApp Business Manager. */
  name: Type.String(),
  /** Its language and locale code, e.g. "en" or "en_US". */
  language: Type.String(),
  /** Values for the body placeholders {{1}}, {{2}}, … in order. */
  parameters: Type.Array(Type.String()),
});

/**
 * One chat message the service sent (or meant to send) about an order, and what WhatsApp later
 * reported of it: the record `GET /orders/{id}/notifications` lists, and the one the status
 * webhook updates by WhatsApp's message id.
 */
export const ChatMessageRecord = Type.Object({
  messageId: Type.String(),
  orderId: Type.String(),
  tenantId: Type.Optional(Type.String()),
  /** The outbox event that caused it; absent for a contract sent by hand. */
  eventId: Type.Optional(Type.String()),
  /** The order event (e.g. "order.shipped") or "contract.ready" for the contract itself. */
  event: Type.String(),
  audience: Type.String(),
  recipientName: Type.Optional(Type.String()),
  to: Type.String(),
  template: Type.Optional(ChatTemplateRecord),
  /** The text the recipient reads (the template rendered). */
  text: Type.Optional(Type.String()),
  /** What happened when it was handed to the channel; statuses reported later are in `statuses`. */
  outcome: Type.Union([
    Type.Literal('accepted'),
    Type.Literal('failed'),
    Type.Literal('skipped'),
    Type.Literal('unknown'),
  ]),
  /** Why it was not sent (outcome failed, skipped or unknown). */
  reason: Type.Optional(Type.String()),
  /** When WhatsApp reported each status (lib/domain/message-status.ts DELIVERY_STATUSES). */
  statuses: Type.Object({
    sent: Type.Optional(Type.String()),
    delivered: Type.Optional(Type.String()),
    read: Type.Optional(Type.String()),
    failed: Type.Optional(Type.String()),
  }),
  /** Meta's error for a failed delivery (as the notification list shows it). */
  error: Type.Optional(Type.Object({ code: Type.Optional(Type.Number()), title: Type.Optional(Type.String()) })),
  createdAt: Type.String(),
});

/**
 * The statuses WhatsApp reported for a message that is ours by its callback data but whose id
 * was never recorded: `status_<status>` holds when each was first reported (expiresAt TTL).
 */
export const ChatCallbackRecord = Type.Object({
  /** WhatsApp's id of the message, as its status webhooks name it. */
  messageId: Type.String(),
  status_sent: Type.Optional(Type.String()),
  status_delivered: Type.Optional(Type.String()),
  status_read: Type.Optional(Type.String()),
  status_failed: Type.Optional(Type.String()),
});
