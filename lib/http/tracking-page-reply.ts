import type { APIGatewayProxyEvent } from 'aws-lambda';
import { s3Endpoint } from '../config.js';
import {
  isPageLanguage,
  renderRefusalPage,
  renderTrackingPage,
  TRACKING_PAGE_HEADERS,
  trackingPageSecurity,
} from '../pages/tracking-page.js';
import type { ConsigneeField } from '../domain/consignee.js';
import type { PageLanguage } from '../text/tracking-page-words.js';
import { admitPageRequest } from '../use-cases/tracking/admit-page-request.js';
import { type ConsigneeOutcome, giveConsignee } from '../use-cases/tracking/give-consignee.js';
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
  const admission = await admitPageRequest(clientAddress(event));
  if (!admission.admitted) return refusedTrackingPage(event, 'tooMany', admission.retryAfterSeconds);
  const token = tokenOf(event);
  const page = await readTrackingPage(token);
  if (!page) return refusedTrackingPage(event, 'notFound');
  const language = askedLanguage(event) ?? page.language;
  return {
    statusCode: 200,
    headers: TRACKING_PAGE_HEADERS,
    body: renderTrackingPage(page.view, {
      language,
      timeZone: page.timeZone,
      brand: page.brand,
      // Relative to /track/{token}: the form posts to /track/{token}/consignee.
      form: { proof: page.formProof, action: `${encodeURIComponent(token)}/consignee` },
    }),
  };
}

const clientAddress = (event: APIGatewayProxyEvent): string => event.requestContext?.identity?.sourceIp ?? 'unknown';
const tokenOf = (event: APIGatewayProxyEvent): string => (event.pathParameters?.token ?? '').slice(0, TOKEN_MAX);

/** A form is a few hundred bytes; anything far larger is not the page's form and is not read. */
const FORM_MAX_BYTES = 16 * 1024;
const CONSIGNEE_INPUTS: readonly ConsigneeField[] = [
  'name',
  'address',
  'city',
  'country',
  'phone',
  'email',
  'idNumber',
  'notifyParty',
];

/** The fields of an HTML form's body (application/x-www-form-urlencoded), the first of each name; nothing for any other body. */
function formFields(event: APIGatewayProxyEvent): Record<string, string> {
  const type = event.headers?.['content-type'] ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type) || !event.body) return {};
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(text) > FORM_MAX_BYTES) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) fields[name] ??= value;
  return fields;
}

const REFUSAL_STATUS: Record<Exclude<ConsigneeOutcome['kind'], 'stored' | 'notFound'>, number> = {
  invalid: 400,
  expired: 403,
  locked: 409,
};

/**
 * POST /track/{token}/consignee: counted like the page, then given to the use case. Stored: 303
 * back to the page (a reload then does not post again). Refused: the page again, answered at the
 * form's address, so its links and its form are relative to that.
 */
export async function postedConsignee(event: APIGatewayProxyEvent): Promise<PageReply> {
  const admission = await admitPageRequest(clientAddress(event));
  if (!admission.admitted) return refusedTrackingPage(event, 'tooMany', admission.retryAfterSeconds);
  const token = tokenOf(event);
  const fields = formFields(event);
  const chosen = isPageLanguage(fields.lang) ? fields.lang : undefined;
  const outcome = await giveConsignee(token, fields);
  if (outcome.kind === 'notFound') return refusedTrackingPage(event, 'notFound');
  const back = `../${encodeURIComponent(token)}`;
  if (outcome.kind === 'stored')
    return {
      statusCode: 303,
      headers: { ...TRACKING_PAGE_HEADERS, Location: `${back}${chosen ? `?lang=${chosen}` : ''}` },
      body: '',
    };
  const page = await readTrackingPage(token);
  if (!page) return refusedTrackingPage(event, 'notFound');
  const values = Object.fromEntries(
    CONSIGNEE_INPUTS.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]!]),
  );
  return {
    statusCode: REFUSAL_STATUS[outcome.kind],
    headers: TRACKING_PAGE_HEADERS,
    body: renderTrackingPage(page.view, {
      language: chosen ?? page.language,
      timeZone: page.timeZone,
      brand: page.brand,
      page: back,
      form: {
        proof: page.formProof,
        action: 'consignee',
        values,
        ...(outcome.kind === 'invalid' ? { problems: outcome.problems } : {}),
        ...(outcome.kind === 'expired' ? { notice: 'expired' as const } : {}),
      },
    }),
  };
}

/** The page's security headers: pictures from https addresses and, on the local stack, the S3 emulator. */
export function trackingPageHeaders(): Record<string, unknown> {
  const endpoint = s3Endpoint();
  return trackingPageSecurity(endpoint ? [new URL(endpoint).origin] : []);
}
