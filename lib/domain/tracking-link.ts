import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { OrderStatus } from './order-lifecycle.js';

/**
 * A buyer's tracking link (/track/{token}): the token is derived from a random seed kept on the
 * order and the service's secret (HMAC-SHA-256, 192 bits shown as 32 base64url characters), so
 * the service can put the link in every message it sends the buyer while the table holds only
 * the seed and the token's hash: whoever reads the table cannot make a link. A new seed makes a
 * new token and ends the old one. The link stops working this many days after the order closes.
 */
const DAYS_AFTER_CLOSE = 90;
const TOKEN_BYTES = 24;
const SEED_BYTES = 16;

/** The statuses after which nothing more happens to an order: the link's last 90 days start. */
const CLOSED: ReadonlySet<OrderStatus> = new Set(['Delivered', 'Cancelled']);
export const closesOrder = (status: OrderStatus): boolean => CLOSED.has(status);

export const newTrackingSeed = (): string => randomBytes(SEED_BYTES).toString('base64url');

export const trackingToken = (secret: string, seed: string): string =>
  createHmac('sha256', secret).update(`tracking-link:${seed}`).digest().subarray(0, TOKEN_BYTES).toString('base64url');

/** What the table keys a link by. Any text hashes (a malformed token is looked up like any other, in the same time). */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** When a link of an order closed at `closedAt` stops working. */
export const linkExpiry = (closedAt: string): string =>
  new Date(Date.parse(closedAt) + DAYS_AFTER_CLOSE * 86_400_000).toISOString();

export const isLinkLive = (link: { endsAt?: string }, now: Date): boolean =>
  link.endsAt === undefined || Date.parse(link.endsAt) > now.getTime();

/** The page's address on the API's host. */
export const trackingUrl = (baseUrl: string, token: string): string => `${baseUrl.replace(/\/+$/, '')}/track/${token}`;
