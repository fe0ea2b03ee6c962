import route from '../../lib/schemas/generated/replaceTrackingLink.js';
import type { replaceTrackingLink as Route } from '../../lib/schemas/tracking.js';
import { httpHandler } from '../../lib/http/handler.js';
import { replaceTrackingLink } from '../../lib/use-cases/tracking/replace-tracking-link.js';

export const handler = httpHandler<typeof Route>(route, async ({ caller, params, serverUrl }) => ({
  data: await replaceTrackingLink(caller, params.id, serverUrl),
}));
