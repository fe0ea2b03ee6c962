/**
 * A chat message's life: what happened when the service handed it to the channel, then what
 * WhatsApp reported (sent, delivered, read, failed), which can arrive late, twice or out of order.
 */
export const DELIVERY_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * accepted: the channel took it; failed: the channel refused it; skipped: not sent (the person
 * opted out); unknown: the consumer stopped between sending and recording, and it is not sent
 * again (a message twice is worse than a message whose fate is unknown).
 */
export type MessageOutcome = 'accepted' | 'failed' | 'skipped' | 'unknown';

export type MessageStatus = DeliveryStatus | MessageOutcome;

export const isDeliveryStatus = (value: unknown): value is DeliveryStatus =>
  typeof value === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(value);

/**
 * The furthest the message got. Read implies delivered; a delivery to one of the person's devices
 * outweighs a failure reported for another.
 */
export function messageStatus(
  outcome: MessageOutcome,
  statuses: Partial<Record<DeliveryStatus, string>>,
): MessageStatus {
  if (outcome !== 'accepted') return outcome;
  for (const status of ['read', 'delivered', 'failed', 'sent'] as const)
    if (statuses[status] !== undefined) return status;
  return 'accepted';
}
