import { withPictureUrls } from '../../archive/picture-url.js';
import { laneOf, newIntegratorEvent, type EventType, type IntegratorEvent } from '../../domain/integrator-events.js';
import { eventPutItem } from '../../store/events.js';
import type { TransactItem } from '../../store/transact.js';

/**
 * The feed item telling integrators of a change, for the same transaction as the change: the
 * event exists if and only if the change does. `at` must be taken after the resource was read,
 * so a resource's events sort in the order its changes happened.
 */
export function eventItem(
  type: EventType,
  tenantId: string | undefined,
  resource: IntegratorEvent['resource'],
  object: object,
  at: string,
  facts: Record<string, unknown> = {},
): TransactItem {
  const event = newIntegratorEvent(type, tenantId, resource, object, facts, at);
  return eventPutItem(event, laneOf(event));
}

/**
 * A stored event body as integrators get it (webhook delivery, event feed, delivery log): the
 * car pictures of an order's or a contract's carDetails, kept as s3:// URIs, get their address
 * now. A body without such a URI is passed on byte for byte.
 */
export function eventBodyForIntegrators(body: string): string {
  if (!body.includes('"s3://')) return body;
  const event = JSON.parse(body) as IntegratorEvent;
  const carDetails = event.data.object.carDetails;
  if (typeof carDetails !== 'object' || carDetails === null) return body;
  return JSON.stringify({ ...event, data: { ...event.data, object: { ...event.data.object, carDetails: withPictureUrls(carDetails) } } });
}
