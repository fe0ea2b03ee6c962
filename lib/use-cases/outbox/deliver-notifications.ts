import { messageText, recipientsOf, type OrderEvent } from '../../domain/notifications.js';
import { log } from '../../logger.js';
import { ChannelError, type ChatChannel } from '../../notify/message.js';
import { recordDelivery, type OutboxEvent } from '../../store/outbox.js';
import type { OrderRecord } from '../../store/orders.js';
import { listStaff, type StaffUser } from '../../store/users.js';

const carName = (order: OrderRecord): string => {
  const car = order.carDetails;
  return typeof car.title === 'string' ? car.title : [car.makeEn, car.modelEn, car.year].filter((v) => v !== undefined).join(' ') || 'car';
};

/** Staff as they were when the event happened: registered by then, and not deactivated before it. */
const staffAt = (at: string) => (user: StaffUser) => (user.createdAt ?? '') <= at && (user.active !== false || (user.deactivatedAt !== undefined && user.deactivatedAt > at));

/**
 * Sends one notification event's messages, each recipient at most once: a delivery is recorded
 * the moment it is made, so a retry after a later failure skips it. Who hears of it is what it
 * was when the change committed: the customer flag recorded with the event, and the staff of
 * that moment, however late the delivery.
 */
export async function deliverNotifications(event: OutboxEvent, order: OrderRecord, channel: ChatChannel): Promise<void> {
  const [accountants, operations] = (await Promise.all([listStaff(order.tenantId, 'accountant'), listStaff(order.tenantId, 'operations')])).map((staff) =>
    staff.filter(staffAt(event.createdAt)),
  ) as [StaffUser[], StaffUser[]];
  const flagAtEvent = event.payload.customerNotificationsEnabled;
  const recipients = recipientsOf({
    event: event.event as OrderEvent,
    // Events recorded before the flag travelled with them fall back to the order's current flag.
    customerNotificationsEnabled: typeof flagAtEvent === 'boolean' ? flagAtEvent : order.carDetails.customerNotificationsEnabled !== false,
    customer: order.customer,
    marketer: order.marketer,
    staff: [...accountants.map((u) => ({ ...u, role: 'accountant' as const })), ...operations.map((u) => ({ ...u, role: 'operations' as const }))],
  });
  for (const recipient of recipients) {
    if (event.deliveries[recipient.key]) continue;
    const text = messageText(event.event as OrderEvent, recipient.audience, { orderNumber: order.orderNumber, car: carName(order), paidFromWallet: order.paidFromWallet }, recipient.name);
    let result: string;
    try {
      result = (await channel.send({ to: recipient.phone, text })).messageId;
    } catch (error) {
      // A recipient the channel refuses for good must not hold up everyone else's messages;
      // anything retryable (rate limits, outages, credentials) fails the attempt instead.
      if (!(error instanceof ChannelError) || !(error.code === 'RECIPIENT_INVALID' || error.code === 'REJECTED')) throw error;
      result = `failed:${error.code}`;
      log.warn('notification refused for one recipient', { eventId: event.id, recipient: recipient.key, reason: error.message });
    }
    await recordDelivery(event, recipient.key, result);
    event.deliveries[recipient.key] = result;
  }
}
