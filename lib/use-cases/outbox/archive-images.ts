import { archiveKey } from '../../archive/images.js';
import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { recordDelivery, type OutboxEvent } from '../../store/outbox.js';
import { setImageArchive } from '../../store/orders.js';

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
  await setImageArchive(PLATFORM_SCOPE, event.orderId, { status: 'done', eventId: event.id, objectKeys: archivedKeys(event), completedAt: new Date().toISOString() });
}
