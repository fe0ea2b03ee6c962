import { newId } from './ids.js';

/**
 * What integrators can hear about, by webhook or from the event feed. Each event names the
 * resource it is about; an endpoint receives one resource's events in the order they happened.
 */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.updated',
  'order.pictures_archived',
  'order.pictures_archive_failed',
  'contract.sent',
  'contract.signed',
  'billing_entry.created',
  'billing_entry.confirmed',
  'inspection.created',
  'inspection.status_changed',
  'wallet.transaction_created',
  'car.removed',
  'car.repriced',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Sent only by `POST /webhook-endpoints/{id}/test`: never in the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export const RESOURCE_TYPES = [
  'order',
  'contract',
  'billing_entry',
  'inspection',
  'wallet',
  'webhook_endpoint',
  'car',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** The payload every delivery and feed page carries (the webhook body is exactly this JSON). */
export interface IntegratorEvent {
  /** Also the delivery's `webhook-id`: the same on every attempt and replay, so receivers can drop duplicates. */
  id: string;
  type: EventType | typeof TEST_EVENT_TYPE;
  timestamp: string;
  tenantId?: string;
  resource: { type: ResourceType; id: string };
  /** `object`: the resource as its GET returns it; some types add facts (from, to, version, fields). */
  data: { object: Record<string, unknown> } & Record<string, unknown>;
}

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

export function newIntegratorEvent(
  type: IntegratorEvent['type'],
  tenantId: string | undefined,
  resource: IntegratorEvent['resource'],
  object: object,
  facts: Record<string, unknown>,
  at: string,
): IntegratorEvent {
  return {
    id: `evt_${newId()}`,
    type,
    timestamp: at,
    ...(tenantId === undefined ? {} : { tenantId }),
    resource,
    data: { object: object as Record<string, unknown>, ...facts },
  };
}

/** What one resource's deliveries queue behind: its earlier events go first. */
export const laneOf = (event: Pick<IntegratorEvent, 'resource'>): string =>
  `${event.resource.type}:${event.resource.id}`;
