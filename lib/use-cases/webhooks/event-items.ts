import { STAFF_TOOL } from '../../domain/caller.js';
import { laneOf, newIntegratorEvent, type EventType, type IntegratorEvent } from '../../domain/integrator-events.js';
import { eventPutItem } from '../../store/events.js';
import type { OrderRecord } from '../../store/orders.js';
import type { TransactItem } from '../../store/transact.js';
import { orderView } from '../orders/order-view.js';

/**
 * The feed item telling integrators of a change, for the same transaction as the change: the
 * event exists if and only if the change does. `at` must be taken after the resource was read,
 * so a resource's events sort in the order its changes happened.
 */
export function eventItem(type: EventType, tenantId: string | undefined, resource: IntegratorEvent['resource'], object: object, at: string, facts: Record<string, unknown> = {}): TransactItem {
  const event = newIntegratorEvent(type, tenantId, resource, object, facts, at);
  return eventPutItem(event, laneOf(event));
}

/** An order as `GET /orders/{id}` shows it to an admin of its tenant. */
const orderEventObject = (order: OrderRecord) => orderView(order, STAFF_TOOL);

export const orderEventItem = (type: EventType, order: OrderRecord, at: string, facts: Record<string, unknown> = {}): TransactItem =>
  eventItem(type, order.tenantId, { type: 'order', id: order.id }, orderEventObject(order), at, facts);
