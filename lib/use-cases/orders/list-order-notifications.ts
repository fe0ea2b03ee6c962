import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { messageStatus } from '../../domain/message-status.js';
import { scopeOf } from '../../domain/scope.js';
import type { OrderNotification } from '../../schemas/notifications.js';
import { listOrderMessages, type ChatMessageRecord } from '../../store/chat-messages.js';
import { orderInScopeOrNotFound } from '../shared/order-children.js';

type NotificationView = Static<typeof OrderNotification>;

/** The order's chat messages with where each got to; 404 for an order outside the caller's scope. */
export async function listOrderNotifications(caller: Caller, orderId: string): Promise<NotificationView[]> {
  const scope = scopeOf(caller);
  await orderInScopeOrNotFound(scope, orderId, 'params.id');
  const messages = await listOrderMessages(scope, orderId);
  return messages.map(notificationView);
}

/** A chat message as the API shows it: where it got to (its latest status and when), and why not further. */
export function notificationView(m: ChatMessageRecord): NotificationView {
  const status = messageStatus(m.outcome, m.statuses);
  const statusAt = status in m.statuses ? m.statuses[status as keyof typeof m.statuses] : undefined;
  return {
    messageId: m.messageId,
    event: m.event,
    audience: m.audience,
    ...(m.recipientName ? { recipientName: m.recipientName } : {}),
    to: m.to,
    ...(m.template ? { template: m.template } : {}),
    ...(m.text ? { text: m.text } : {}),
    status,
    ...(statusAt ? { statusAt } : {}),
    statuses: m.statuses,
    ...(m.reason ? { reason: m.reason } : {}),
    ...(m.error ? { error: m.error } : {}),
    createdAt: m.createdAt,
  };
}
