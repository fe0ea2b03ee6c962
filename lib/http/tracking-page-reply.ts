import type { APIGatewayProxyEvent } from 'aws-lambda';
import { s3Endpoint } from '../config.js';
import {
  isPageLanguage,
  renderRefusalPage,
  renderTrackingPage,
  TRACKING_PAGE_HEADERS,
  trackingPageSecurity,
} from '../pages/tracking-page.js';
import type { PageLanguage } from '../text/tracking-page-words.js';
import { admitPageRequest } from '../use-cases/tracking/admit-page-request.js';
import { readTrackingPage } from '../use-cases/tracking/read-tracking-page.js';
import type { PageReply } from './page-handler.js';

/** A token is 32 characters; anything much longer is not one, and is not worth hashing. */
const TOKEN_MAX = 200;

/** The language a visit asks for: ?lang=, else the browser's first choice when it is Arabic. */
function askedLanguage(event: APIGatewayProxyEvent): PageLanguage | undefined {
  const asked = event.queryStringParameters?.lang;
  if (isPageLanguage(asked)) return asked;
  return undefined;
}
const browserLanguage = (event: APIGatewayProxyEvent): PageLanguage =>
  /^\s*ar\b/i.test(event.headers?.['accept-language'] ?? '') ? 'ar' : 'en';

/** A refusal: the same page for every link that does not work, whatever the reason. */
export function refusedTrackingPage(
  event: APIGatewayProxyEvent,
  kind: 'notFound' | 'tooMany' | 'unavailable',
  retryAfterSeconds?: number,
): PageReply {
  const statusCode = kind === 'notFound' ? 404 : kind === 'tooMany' ? 429 : 503;
  return {
    statusCode,
    headers: {
      ...TRACKING_PAGE_HEADERS,
      ...(retryAfterSeconds === undefined ? {} : { 'Retry-After': String(retryAfterSeconds) }),
    },
    body: renderRefusalPage(kind, askedLanguage(event) ?? browserLanguage(event)),
  };
}

/** GET /track/{token}: counted by client address first, then one read decides whether the link works. */
export async function servedTrackingPage(event: APIGatewayProxyEvent): Promise<PageReply> {
  const address = event.requestContext?.identity?.sourceIp ?? 'unknown';
  const admission = await admitPageRequest(address);
  if (!admission.admitted) return refusedTrackingPage(event, 'tooMany', admission.retryAfterSeconds);
  const token = (event.pathParameters?.token ?? '').slice(0, TOKEN_MAX);
  const page = await readTrackingPage(token);
  if (!page) return refusedTrackingPage(event, 'notFound');
  const language = askedLanguage(event) ?? page.language;
  return {
    statusCode: 200,
    headers: TRACKING_PAGE_HEADERS,
    body: renderTrackingPage(page.view, { language, timeZone: page.timeZone, brand: page.brand }),
  };
}

/** The page's security headers: pictures from https addresses and, on the local stack, the S3 emulator. */
export function trackingPageHeaders(): Record<string, unknown> {
  const endpoint = s3Endpoint();
  return trackingPageSecurity(endpoint ? [new URL(endpoint).origin] : []);
}
