import route from '../../lib/schemas/generated/getTrackingPage.js';
import { pageHandler } from '../../lib/http/page-handler.js';
import { refusedTrackingPage, servedTrackingPage, trackingPageHeaders } from '../../lib/http/tracking-page-reply.js';

export const handler = pageHandler(
  route,
  servedTrackingPage,
  (event) => refusedTrackingPage(event, 'unavailable', 5),
  trackingPageHeaders(),
);
