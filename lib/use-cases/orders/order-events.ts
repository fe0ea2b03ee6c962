import { STAFF_TOOL } from '../../domain/caller.js';
import type { EventType } from '../../domain/integrator-events.js';
import type { OrderRecord } from '../../store/orders.js';
import type { ChangeSet } from '../../store/change-set.js';
import type { TransactItem } from '../../store/transact.js';
import { eventItem } from '../shared/event-items.js';
import { storedOrderView } from './order-view.js';

/** An order as `GET /orders/{id}` shows it to an admin of its tenant (its car pictures as stored: see eventBodyForIntegrators in shared/event-items.ts). */
const orderEventObject = (order: OrderRecord) => storedOrderView(order, STAFF_TOOL);

export const orderEventItem = (
  type: EventType,
  order: OrderRecord,
  at: string,
  facts: Record<string, unknown> = {},
): TransactItem => eventItem(type, order.tenantId, { type: 'order', id: order.id }, orderEventObject(order), at, facts);

/** The order's event on its change set (the order as it is after the change). */
export const emitOrderEvent = (
  changes: ChangeSet,
  type: EventType,
  order: OrderRecord,
  facts: Record<string, unknown> = {},
): void => changes.emit(type, order.tenantId, { type: 'order', id: order.id }, orderEventObject(order), facts);
