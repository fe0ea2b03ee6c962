import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ArchiveError, archiveKey, copyImage } from '../../archive/images.js';
import { tableName } from '../../config.js';
import { describeError, log } from '../../logger.js';
import { ChannelError, chatChannel, type ChatChannel } from '../../notify/channel.js';
import { messageText, recipientsOf, type OrderEvent } from '../../domain/notifications.js';
import { ddb } from '../../store/client.js';
import { keys } from '../../store/keys.js';
import { readOrder } from '../../store/order-children.js';
import type { OrderRecord } from '../../store/orders.js';
import { listStaff } from '../../store/users.js';
import { claim, complete, dueEvents, fail, LeaseLost, recordDelivery, type OutboxEvent } from '../../store/outbox.js';

export interface ProcessorDeps {
  channel: ChatChannel;
  copy: (url: string, key: string) => Promise<string>;
}
const defaultDeps = (): ProcessorDeps => ({ channel: chatChannel(), copy: copyImage });

export type Outcome = 'done' | 'retry' | 'parked' | 'skipped';

const carName = (order: OrderRecord): string => {
  const car = order.carDetails;
  return typeof car.title === 'string' ? car.title : [car.makeEn, car.modelEn, car.year].filter((v) => v !== undefined).join(' ') || 'car';
};

async function deliverNotifications(event: OutboxEvent, order: OrderRecord, deps: ProcessorDeps): Promise<void> {
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
      result = (await deps.channel.send({ to: recipient.phone, text })).messageId;
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

export async function setArchiveState(orderId: string, state: Record<string, unknown>): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.order(orderId),
      UpdateExpression: 'SET imageArchive = :state',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':state': state },
    }),
  );
}

/** After a staff retry: the order shows the archival as pending again until the consumer finishes. */
export async function markArchivePending(orderId: string, eventId: string): Promise<void> {
  await setArchiveState(orderId, { status: 'pending', eventId, objectKeys: [] });
}

async function archiveImages(event: OutboxEvent, deps: ProcessorDeps): Promise<void> {
  const images = (event.payload.images as string[] | undefined) ?? [];
  const orderNumber = Number(event.payload.orderNumber);
  for (const [i, url] of images.entries()) {
    const deliveryKey = `image${String(i).padStart(3, '0')}`;
    if (event.deliveries[deliveryKey]) continue;
    const objectKey = await deps.copy(url, archiveKey(orderNumber, i, url));
    await recordDelivery(event, deliveryKey, objectKey);
    event.deliveries[deliveryKey] = objectKey;
  }
  const objectKeys = Object.keys(event.deliveries).sort().map((k) => event.deliveries[k]!);
  await setArchiveState(event.orderId, { status: 'done', eventId: event.id, objectKeys, completedAt: new Date().toISOString() });
}

/**
 * One attempt at one event: claim it, do what is not done yet, then mark it done — or record
 * the failure for a retry with back-off, parking it after the last attempt.
 */
export async function processEvent(id: string, deps: ProcessorDeps = defaultDeps()): Promise<Outcome> {
  const event = await claim(id);
  if (!event) return 'skipped';
  try {
    if (event.kind === 'archive') await archiveImages(event, deps);
    else {
      const order = (await readOrder(event.orderId)) as OrderRecord | undefined;
      if (order) await deliverNotifications(event, order, deps);
    }
    await complete(event);
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLost) return 'skipped';
    const permanent = error instanceof ArchiveError && error.permanent;
    const reason = error instanceof Error ? error.message : String(error);
    log.warn('outbox attempt failed', { eventId: id, kind: event.kind, attempt: event.attempts, permanent, ...describeError(error) });
    const outcome = await fail(event, reason, permanent);
    if (outcome === 'parked' && event.kind === 'archive') {
      const objectKeys = Object.keys(event.deliveries).sort().map((k) => event.deliveries[k]!);
      await setArchiveState(event.orderId, { status: 'failed', eventId: event.id, reason, objectKeys });
    }
    return outcome;
  }
}

/** Works through every event that is due now (the schedule in AWS, the local runner on npm start). */
export async function processDue(deps?: ProcessorDeps, limit = 50): Promise<Record<Outcome, number>> {
  const counts: Record<Outcome, number> = { done: 0, retry: 0, parked: 0, skipped: 0 };
  const due = await dueEvents(new Date().toISOString(), limit);
  await Promise.all(due.map(async (event) => (counts[await processEvent(event.id, deps)] += 1)));
  return counts;
}
