import route from '../../lib/schemas/generated/giveTrackingConsignee.js';
import { pageHandler } from '../../lib/http/page-handler.js';
import { postedConsignee, refusedTrackingPage, trackingPageHeaders } from '../../lib/http/tracking-page-reply.js';

export const handler = pageHandler(
  route,
  postedConsignee,
  (event) => refusedTrackingPage(event, 'unavailable', 5),
  trackingPageHeaders(),
);
