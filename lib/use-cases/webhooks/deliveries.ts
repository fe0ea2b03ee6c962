import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../domain/caller.js';
import { invalidField, invalidState, notFound } from '../../domain/errors.js';
import type { CursorMeta } from '../../domain/paging.js';
import type { listWebhookDeliveries as ListRoute } from '../../schemas/webhook-endpoints.js';
import { getDelivery, listDeliveries, requeueDelivery } from '../../store/webhook-deliveries.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { deliveryView, type DeliveryView } from './delivery-view.js';
import { endpointInScope } from './endpoint-in-scope.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

/** How many failed deliveries one replay request queues again at most (call again for more). */
const REPLAY_MAX = 1_000;


export async function listWebhookDeliveries(caller: Caller, endpointId: string, query: ListQuery): Promise<{ data: DeliveryView[]; meta: CursorMeta }> {
  await endpointInScope(caller, endpointId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && (!after || !Object.values(after).some((v) => v.endsWith(endpointId)))) {
    throw invalidField('query.cursor', "is not a cursor of this endpoint's deliveries; pass meta.nextCursor of the previous page");
  }
  const page = await listDeliveries(endpointId, { failedOnly: query.status === 'failed', since: query.since, limit: query.limit, after });
  return { data: page.deliveries.map((d) => deliveryView(d)), meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) } };
}

export async function getWebhookDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  await endpointInScope(caller, endpointId);
  const delivery = await getDelivery(endpointId, deliveryId);
  if (!delivery) throw notFound('Delivery');
  return deliveryView(delivery, true);
}

/** One delivery again, due now, with the same webhook-id. */
export async function replayWebhookDelivery(caller: Caller, endpointId: string, deliveryId: string): Promise<DeliveryView> {
  await endpointInScope(caller, endpointId);
  const delivery = await getDelivery(endpointId, deliveryId);
  if (!delivery || delivery.lane.startsWith('test:')) throw notFound('Delivery');
  if (!(await requeueDelivery(delivery, new Date().toISOString()))) throw invalidState('This delivery is still pending: it is being tried, see nextAttemptAt', [{ field: 'path.deliveryId', message: 'is pending', status: 'pending' }]);
  return deliveryView((await getDelivery(endpointId, deliveryId))!);
}

/** Every delivery that failed for good since `since`, due again now. */
export async function replayFailedWebhooks(caller: Caller, endpointId: string, since: string): Promise<{ replayed: number }> {
  await endpointInScope(caller, endpointId);
  let replayed = 0;
  let after: Record<string, unknown> | undefined;
  const now = new Date().toISOString();
  do {
    const page = await listDeliveries(endpointId, { failedOnly: true, since, limit: 100, after });
    for (const delivery of page.deliveries) if (await requeueDelivery(delivery, now)) replayed += 1;
    after = page.next;
  } while (after && replayed < REPLAY_MAX);
  return { replayed };
}
