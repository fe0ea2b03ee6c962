import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { cursorRefused } from '../domain/errors.js';
import type { CursorMeta } from '../domain/paging.js';
import type { listNotifications as ListRoute } from '../schemas/notifications.js';
import { isCursorOfFailedMessages, queryFailedMessages, type ChatMessageRecord } from '../store/chat-messages.js';
import { orderLabels } from '../store/order-labels.js';
import { notificationView } from './orders/list-order-notifications.js';
import { decodeCursor, encodeCursor } from './shared/cursor.js';
import { owningTenant } from './shared/tenancy.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;
type FailedView = Static<NonNullable<(typeof ListRoute)['response']>>[number];

/** A message as GET /orders/{id}/notifications shows it, with its order's id and number. */
const failedView = (m: ChatMessageRecord, orderNumber: number | undefined): FailedView => ({
  orderId: m.orderId,
  ...(orderNumber !== undefined ? { orderNumber } : {}),
  ...notificationView(m),
});

/**
 * A page of the tenant's failed chat messages, newest first (one Query of the sparse list), each
 * with its order's number (one read of the page's orders' heads).
 */
export async function listFailedNotifications(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: FailedView[]; meta: CursorMeta }> {
  const tenantId = owningTenant(caller, query.tenantId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw cursorRefused('cursor', 'this is not one the API gave');
  if (after && !isCursorOfFailedMessages(tenantId, after))
    throw cursorRefused('cursor', "this one belongs to another tenant's listing");
  const page = await queryFailedMessages(tenantId, { limit: query.limit, after });
  const labels = page.messages.length > 0 ? await orderLabels(page.messages.map((m) => m.orderId)) : new Map();
  return {
    data: page.messages.map((m) => failedView(m, labels.get(m.orderId)?.orderNumber)),
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}
