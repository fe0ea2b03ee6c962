import { withPictureUrls } from '../../archive/picture-url.js';
import type { IntegratorEvent } from '../../domain/integrator-events.js';
import { changeEventItem } from '../../store/events.js';

/** The feed item telling integrators of a change, in its transaction (a ChangeSet's `emit` does this for its use cases). */
export const eventItem = changeEventItem;

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
  return JSON.stringify({
    ...event,
    data: { ...event.data, object: { ...event.data.object, carDetails: withPictureUrls(carDetails) } },
  });
}
