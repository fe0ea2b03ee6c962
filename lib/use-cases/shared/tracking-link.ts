import { trackingLinkSecret } from '../../config.js';
import {
  closesOrder,
  linkExpiry,
  newTrackingSeed,
  tokenHash,
  trackingToken,
  trackingUrl,
} from '../../domain/tracking-link.js';
import type { HistoryEntry, OrderRecord } from '../../store/orders.js';
import type { OrderTracking, TrackingLink } from '../../store/tracking-links.js';

/** The token of the order's current link (made from its seed and the service's secret). */
export const tokenOf = (tracking: OrderTracking): string => trackingToken(trackingLinkSecret(), tracking.seed);

export const hashOf = (tracking: OrderTracking): string => tokenHash(tokenOf(tracking));

/** A new link for an order: the seed the order keeps, and the item its token's hash keys. */
export function newLink(order: Pick<OrderRecord, 'id' | 'tenantId'>, issuedAt: string, endsAt?: string) {
  const tracking: OrderTracking = { seed: newTrackingSeed(), issuedAt };
  const link: TrackingLink = {
    orderId: order.id,
    ...(order.tenantId ? { tenantId: order.tenantId } : {}),
    issuedAt,
    ...(endsAt ? { endsAt } : {}),
  };
  return { tracking, hash: hashOf(tracking), link };
}

/** When the order's link stops working: 90 days after it was delivered or cancelled; undefined while it is open. */
export function linkEndOf(
  order: Pick<OrderRecord, 'status'>,
  history: readonly Pick<HistoryEntry, 'to' | 'at'>[],
): string | undefined {
  if (!closesOrder(order.status)) return undefined;
  const closedAt = history
    .filter((entry) => entry.to === order.status)
    .reduce((last, entry) => (entry.at > last ? entry.at : last), '');
  return linkExpiry(closedAt || new Date().toISOString());
}

export interface TrackingLinkView {
  url: string;
  issuedAt: string;
  endsAt: string | null;
}

/** The link as staff see it (the order detail, a replacement's answer); null for an order from before the links. */
export function trackingLinkView(
  order: Pick<OrderRecord, 'status' | 'tracking'>,
  history: readonly Pick<HistoryEntry, 'to' | 'at'>[],
  baseUrl: string,
): TrackingLinkView | null {
  if (!order.tracking) return null;
  return {
    url: trackingUrl(baseUrl, tokenOf(order.tracking)),
    issuedAt: order.tracking.issuedAt,
    endsAt: linkEndOf(order, history) ?? null,
  };
}
