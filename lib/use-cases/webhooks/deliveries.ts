import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { cursorRefused, invalidState, notFound } from '../../domain/errors.js';
import type { CursorMeta } from '../../domain/paging.js';
import type { listWebhookDeliveries as ListRoute } from '../../schemas/webhook-endpoints.js';
import { getDelivery, listDeliveries, requeueDelivery, retryNow } from '../../store/webhook-deliveries.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { deliveryStatusOf, deliveryView, type DeliveryView } from './delivery-view.js';
import { endpointInScope } from './endpoint-in-scope.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

/** How many failed deliveries one replay request queues again at most (call again for more). */
const REPLAY_MAX = 1_000;

/** A deleted endpoint's delivery log stays readable (until its deliveries expire); nothing else of it answers. */
export async function listWebhookDeliveries(
  caller: Caller,
  endpointId: string,
  query: ListQuery,
): Promise<{ data: DeliveryView[]; meta: CursorMeta }> {
  const endpoint = await endpointInScope(caller, endpointId, { deleted: true });
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && (!after || !Object.values(after).some((v) => v.endsWith(endpointId)))) {
    throw cursorRefused('cursor', "this is not one of this endpoint's deliveries");
  }
  // A deleted endpoint retries nothing: what it had queued is cancelled.
  if (query.status === 'retrying' && endpoint.deletedAt !== undefined)
    return { data: [], meta: { limit: query.limit } };
  const page = await listDeliveries(endpointId, { only: query.status, since: query.since, limit: query.limit, after });
  return {
    data: page.deliveries.map((d) => deliveryView(d, endpoint)),
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}

export async function getWebhookDelivery(
  caller: Caller,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const endpoint = await endpointInScope(caller, endpointId, { deleted: true });
  const delivery = await getDelivery(endpointId, deliveryId);
  if (!delivery) throw notFound('Delivery');
  return deliveryView(delivery, endpoint, true);
}

/**
 * One delivery again, due now, with the same webhook-id: a delivered or failed one on its own, a
 * retrying one in its turn with a fresh round of attempts (its receiver was fixed: no waiting for
 * the next attempt, hours away). One not tried yet goes in its turn anyway.
 */
export async function replayWebhookDelivery(
  caller: Caller,
  endpointId: string,
  deliveryId: string,
): Promise<DeliveryView> {
  const endpoint = await endpointInScope(caller, endpointId);
  const delivery = await getDelivery(endpointId, deliveryId);
  if (!delivery || delivery.lane.startsWith('test:')) throw notFound('Delivery');
  const now = new Date().toISOString();
  if (!(await requeueDelivery(delivery, now)) && !(await retryNow(delivery, now))) {
    const status = deliveryStatusOf(delivery, endpoint);
    throw invalidState(
      `This delivery is ${status}: it has not been tried yet and goes out in its turn, after the earlier events of its record`,
      [{ field: 'deliveryId', message: `is ${status}, not tried yet`, status }],
    );
  }
  return deliveryView((await getDelivery(endpointId, deliveryId))!, endpoint);
}

/** Every delivery that failed for good since `since`, due again now. */
export async function replayFailedWebhooks(
  caller: Caller,
  endpointId: string,
  since: string,
): Promise<{ replayed: number }> {
  await endpointInScope(caller, endpointId);
  let replayed = 0;
  let after: Record<string, unknown> | undefined;
  const now = new Date().toISOString();
  do {
    const page = await listDeliveries(endpointId, { only: 'failed', since, limit: 100, after });
    for (const delivery of page.deliveries) if (await requeueDelivery(delivery, now)) replayed += 1;
    after = page.next;
  } while (after && replayed < REPLAY_MAX);
  return { replayed };
}
