import type { Caller } from '../../domain/caller.js';
import { notFound } from '../../domain/errors.js';
import { scopeOf } from '../../domain/scope.js';
import { readOrderCollection } from '../../store/orders.js';
import { transact } from '../../store/transact.js';
import { replaceTrackingLinkItems } from '../../store/tracking-links.js';
import { RETRY, RETRY_NOW, withRetries } from '../shared/retry.js';
import { hashOf, linkEndOf, newLink, type TrackingLinkView, trackingLinkView } from '../shared/tracking-link.js';

/**
 * POST /orders/{id}/tracking-link: a new link for the order's buyer; the old one answers 404 from
 * now on (shared by mistake, or the phone changed hands). An order from before the links gets its
 * first. A closed order's new link ends when the old one would have.
 */
export async function replaceTrackingLink(caller: Caller, orderId: string, baseUrl: string): Promise<TrackingLinkView> {
  return withRetries(async () => {
    const collection = await readOrderCollection(scopeOf(caller), orderId);
    if (!collection) throw notFound('Order');
    const { order, history } = collection;
    const issuedAt = new Date().toISOString();
    const { tracking, hash, link } = newLink(order, issuedAt, linkEndOf(order, history));
    const outcome = await transact(
      replaceTrackingLinkItems(order, order.tracking ? hashOf(order.tracking) : undefined, tracking, hash, link),
    );
    if (outcome.ok) return trackingLinkView({ ...order, tracking }, history, baseUrl)!;
    // The order moved or its link was replaced meanwhile: read it again.
    return outcome.failedIndexes.includes(0) ? RETRY_NOW : RETRY;
  });
}
