import { PLATFORM_SCOPE } from '../../domain/scope.js';
import { setImageArchive } from '../../store/order-writes.js';
import { getOrder } from '../../store/orders.js';
import { replay } from '../../store/outbox.js';

export type RetryArchiveOutcome =
  | { ok: true; eventId: string }
  | {
      ok: false;
      reason: 'no-order' | 'no-pictures' | 'done' | 'in-progress' | 'not-replayable';
      status?: string;
      eventId?: string;
    };

/**
 * A staff retry of a failed picture archive: the order shows it pending again and the event is
 * replayed; if the replay cannot happen the order's state is put back as it was.
 */
export async function retryArchive(orderId: string): Promise<RetryArchiveOutcome> {
  const order = await getOrder(PLATFORM_SCOPE, orderId);
  if (!order) return { ok: false, reason: 'no-order' };
  const archive = order.imageArchive;
  if (!archive) return { ok: false, reason: 'no-pictures' };
  if (archive.status === 'done') return { ok: false, reason: 'done' };
  if (archive.status !== 'failed') return { ok: false, reason: 'in-progress', status: archive.status };
  // Pending first: the consumer's "done" (after the replay) must be the last word.
  await setImageArchive(PLATFORM_SCOPE, order, { status: 'pending', eventId: archive.eventId, objectKeys: [] });
  if (!(await replay(archive.eventId))) {
    await setImageArchive(PLATFORM_SCOPE, order, archive);
    return { ok: false, reason: 'not-replayable', eventId: archive.eventId };
  }
  return { ok: true, eventId: archive.eventId };
}
