import { archiveKey } from '../../archive/images.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { recordDelivery, type OutboxEvent } from '../../store/outbox.js';
import { setImageArchive } from '../../store/order-writes.js';
import { getOrder, type ImageArchiveState } from '../../store/orders.js';
import { orderEventItem } from '../orders/order-events.js';

export type CopyImage = (url: string, key: string) => Promise<string>;

export const archivedKeys = (event: Pick<OutboxEvent, 'deliveries'>): string[] =>
  Object.keys(event.deliveries)
    .sort()
    .map((k) => event.deliveries[k]!);

/**
 * Copies an order's car pictures into the bucket, each at most once (a copy is recorded the
 * moment it is made), then shows the archive as done on the order.
 */
export async function archiveImages(event: OutboxEvent, copy: CopyImage): Promise<void> {
  const images = (event.payload.images as string[] | undefined) ?? [];
  const orderNumber = Number(event.payload.orderNumber);
  for (const [i, url] of images.entries()) {
    const deliveryKey = `image${String(i).padStart(3, '0')}`;
    if (event.deliveries[deliveryKey]) continue;
    const objectKey = await copy(url, archiveKey(orderNumber, i, url));
    await recordDelivery(event, deliveryKey, objectKey);
    event.deliveries[deliveryKey] = objectKey;
  }
  await recordImageArchive(event.orderId, {
    status: 'done',
    eventId: event.id,
    objectKeys: archivedKeys(event),
    completedAt: new Date().toISOString(),
  });
}

/** The archive's outcome on the order, with the event that tells integrators of it. */
export async function recordImageArchive(
  orderId: string,
  state: ImageArchiveState & { status: 'done' | 'failed' },
): Promise<void> {
  const order = await getOrder(PLATFORM_SCOPE, orderId);
  if (!order) return;
  const type = state.status === 'done' ? 'order.pictures_archived' : 'order.pictures_archive_failed';
  await setImageArchive(PLATFORM_SCOPE, order, state, [
    orderEventItem(type, { ...order, imageArchive: state }, new Date().toISOString()),
  ]);
}
