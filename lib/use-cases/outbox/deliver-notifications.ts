import { messageText, recipientsOf, type OrderEvent } from '../../domain/notifications.js';
import { log } from '../../logger.js';
import { ChannelError, type ChatChannel } from '../../notify/message.js';
import { recordDelivery, type OutboxEvent } from '../../store/outbox.js';
import type { OrderRecord } from '../../store/orders.js';
import { listStaff } from '../../store/users.js';

const carName = (order: OrderRecord): string => {
  const car = order.carDetails;
  return typeof car.title === 'string' ? car.title : [car.makeEn, car.modelEn, car.year].filter((v) => v !== undefined).join(' ') || 'car';
};

/**
 * Sends one notification event's messages, each recipient at most once: a delivery is recorded
 * the moment it is made, so a retry after a later failure skips it.
 */
export async function deliverNotifications(event: OutboxEvent, order: OrderRecord, channel: ChatChannel): Promise<void> {
  const [accountants, operations] = await Promise.all([listStaff(order.tenantId, 'accountant'), listStaff(order.tenantId, 'operations')]);
  const recipients = recipientsOf({
    event: event.event as OrderEvent,
    customerNotificationsEnabled: order.carDetails.customerNotificationsEnabled !== false,
    customer: order.customer,
    marketer: order.marketer,
    staff: [...accountants.map((u) => ({ ...u, role: 'accountant' as const })), ...operations.map((u) => ({ ...u, role: 'operations' as const }))],
  });
  for (const recipient of recipients) {
    if (event.deliveries[recipient.key]) continue;
    const text = messageText(event.event as OrderEvent, recipient.audience, { orderNumber: order.orderNumber, car: carName(order) }, recipient.name);
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
