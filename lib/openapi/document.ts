import type { TSchema } from '@sinclair/typebox';
import { ROLES } from '../domain/caller.js';
import type { ErrorCode } from '../domain/errors.js';
import { ErrorEnvelope, successEnvelope } from '../schemas/common.js';
import { EVENT_PAYLOADS, TEST_EVENT_PAYLOAD } from '../schemas/events.js';
import { toJsonSchema } from '../schemas/json-schema.js';
import type { RouteSpec } from '../schemas/route.js';
import { STATUS_OF } from '../schemas/error-statuses.js';
import { ERROR_CATALOGUE } from './error-catalogue.js';
import { exampleOf } from './examples.js';
import { GUIDE, TAGS } from './guide.js';
import recorded from './generated/response-examples.json' with { type: 'json' };

type Json = Record<string, unknown>;
type DocumentedCode = keyof typeof ERROR_CATALOGUE;

/**
 * Answers recorded from a walk of the local stack (npm run docs:examples, scripts/docs-examples.ts):
 * one per operation and status. The reference shows them; a composed example (examples.ts) only
 * where none was recorded.
 */
const RECORDED = (recorded as { examples: Record<string, Record<string, { note?: string; value: unknown }>> }).examples;
/** Webhook bodies recorded by the same walk, by event type. */
const RECORDED_EVENTS = (recorded as { events?: Record<string, unknown> }).events ?? {};
export const recordedExample = (
  operationId: string,
  status: number | string,
): { note?: string; value: unknown } | undefined => RECORDED[operationId]?.[String(status)];

/** Replaced by the host that serves the document (functions/docs/get-open-api.ts). */
export const SERVER_URL_PLACEHOLDER = 'https://__SERVER_URL__';

/** The codes an operation can answer: what every route of its kind shares, then its own. */
function errorCodesOf(route: RouteSpec): DocumentedCode[] {
  const codes: ErrorCode[] = [];
  // A keyed route refuses a repeated X-API-Key with 400 (lib/http/single-key.ts).
  if (!route.public) codes.push('UNAUTHORIZED', 'FORBIDDEN', 'VALIDATION_ERROR');
  if (route.body && !route.public)
    codes.push('VALIDATION_ERROR', 'INVALID_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE');
  if ((route.query || route.params) && !route.raw) codes.push('VALIDATION_ERROR');
  if (route.idempotent) codes.push('VALIDATION_ERROR', 'IDEMPOTENCY_KEY_REUSED');
  if (route.versioned?.ifMatch) {
    codes.push('VALIDATION_ERROR', 'PRECONDITION_FAILED');
    // A version in the body that is not the record's answers 409 (If-Match's answers 412).
    const body = route.body as { properties?: Record<string, unknown> } | undefined;
    if (route.versioned.record === 'order' || body?.properties?.version !== undefined) codes.push('VERSION_CONFLICT');
  }
  codes.push(...(route.errors ?? []));
  if (!route.public) codes.push('RATE_LIMITED', 'SERVICE_UNAVAILABLE');
  return [...new Set(codes)]
    .filter((code): code is DocumentedCode => code in ERROR_CATALOGUE)
    .sort((a, b) => STATUS_OF[a] - STATUS_OF[b]);
}

/** Who may call it, in words: admin always; the route's roles, or every role. */
export function rolesOf(route: RouteSpec): string[] {
  if (route.public) return [];
  return route.roles ? ['admin', ...route.roles] : [...ROLES];
}

function errorResponses(route: RouteSpec): Json {
  const byStatus = new Map<number, DocumentedCode[]>();
  for (const code of errorCodesOf(route))
    byStatus.set(STATUS_OF[code], [...(byStatus.get(STATUS_OF[code]) ?? []), code]);
  const responses: Json = {};
  for (const [status, codes] of byStatus) {
    const real = recordedExample(route.id, status);
    const realCode = (real?.value as { code?: string } | undefined)?.code;
    const examples = Object.fromEntries(
      codes.map((code) => [
        code,
        code === realCode
          ? {
              summary: code,
              description: `${ERROR_CATALOGUE[code].when}${real!.note ? ` (here: ${real!.note})` : ''}`,
              value: real!.value,
            }
          : { $ref: `#/components/examples/${code}` },
      ]),
    );
    responses[String(status)] = {
      description: codes.map((code) => `**${code}**: ${ERROR_CATALOGUE[code].when}`).join('\n\n'),
      ...(status === 429 || status === 503
        ? {
            headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait before retrying' } },
          }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, examples } },
    };
  }
  return responses;
}

/** Query and path schemas become OpenAPI parameters, one per property, each with an example. */
function parameters(schema: TSchema | undefined, where: 'query' | 'path'): unknown[] {
  if (!schema) return [];
  const object = toJsonSchema(schema) as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || ((object.required ?? []).includes(name) && property.default === undefined),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    ...(where === 'path' ? { example: exampleOf(property) } : {}),
  }));
}

/** The version a request example names in its body, if any: If-Match then names the same one. */
function bodyVersionOf(route: RouteSpec): number | undefined {
  const example = route.body ? exampleOf(toJsonSchema(route.body)) : undefined;
  const version = (example as { version?: unknown } | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
}

function headerParameters(route: RouteSpec): unknown[] {
  const headers: unknown[] = [];
  if (route.idempotent) {
    headers.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 128 },
      description:
        'Retries with the same key and body return the original response; the same key with another body gets 409 IDEMPOTENCY_KEY_REUSED.',
      example: 'order-2026-03-14-0001',
    });
  }
  if (route.versioned?.ifMatch) {
    headers.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description: `The ${route.versioned.record}'s ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED.${route.versioned.ifMatch === 'required' ? ' Send it or body.version.' : ''} When both are sent they must name the same version.`,
      example: `"${bodyVersionOf(route) ?? 3}"`,
    });
  }
  return headers;
}

function describe(route: RouteSpec): string {
  const parts = [route.description ?? ''];
  const roles = rolesOf(route);
  parts.push(
    route.public
      ? '**Who may call:** anyone; no API key.'
      : `**Who may call:** ${roles.join(', ')}${route.roles ? '' : ' (every role)'}.`,
  );
  if (route.versioned) {
    parts.push(
      `**Version:** the answer carries the ${route.versioned.record}'s version as an \`ETag\` header.${route.versioned.ifMatch ? ' This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).' : ''}`,
    );
  }
  const codes = errorCodesOf(route);
  if (codes.length > 0) parts.push(`**Errors:** ${codes.map((code) => `${STATUS_OF[code]} ${code}`).join(', ')}.`);
  return parts.filter(Boolean).join('\n\n');
}

/**
 * Operations whose success answer has no recorded example, and why: the reference itself, its
 * page and its script (megabytes of HTML, JavaScript and JSON, not examples).
 */
export const UNRECORDED_SUCCESS: Readonly<Record<string, string>> = {
  getDocsPage: 'the reference page (HTML)',
  getDocsRenderer: "the reference's script (4 MB of JavaScript)",
  getOpenApi: 'this document',
  getTrackingPage: "a buyer's page (HTML about one order, for its buyer's eyes only)",
  giveTrackingConsignee: "a redirect back to the buyer's page (a browser follows it)",
};

/**
 * Documented refusals (operation and status) with no recorded example, and why: ones the walk of
 * the local stack cannot bring about on demand. A page's refusals are pages (HTML), not examples.
 */
export const UNRECORDED_ERRORS: Readonly<Record<string, string>> = {
  'deleteWebhookEndpoint 409': 'only when changes to the endpoint win the race against the delete three times in a row',
};

function successResponse(route: RouteSpec): Json {
  const real = recordedExample(route.id, route.status);
  const example = real ? { example: real.value } : {};
  if (route.status === 303) {
    const others = Object.entries(route.pageAnswers ?? {}).map(([status, description]) => [
      status,
      { description, content: { 'text/html': { schema: { type: 'string' } } } },
    ]);
    return {
      '303': {
        description: route.summary,
        headers: { Location: { schema: { type: 'string' }, description: 'the page to go back to' } },
      },
      ...Object.fromEntries(others),
    };
  }
  if (route.raw) {
    const content = route.response
      ? { 'application/json': { schema: toJsonSchema(route.response), ...example } }
      : { [route.rawContentType ?? 'text/html']: { schema: { type: 'string' }, ...example } };
    const others = Object.entries(route.pageAnswers ?? {}).map(([status, description]) => [
      status,
      { description, content: { 'text/html': { schema: { type: 'string' } } } },
    ]);
    return { [String(route.status)]: { description: route.summary, content }, ...Object.fromEntries(others) };
  }
  const schema = toJsonSchema(
    successEnvelope(route.response ?? ({} as TSchema), route.list, route.cursorList, route.currencyMeta),
  );
  return {
    [String(route.status)]: {
      description: `${route.status === 201 ? 'Created' : 'Success'}${real?.note ? `: ${real.note}` : ''}`,
      ...(route.versioned
        ? {
            headers: {
              ETag: {
                schema: { type: 'string' },
                description: `the ${route.versioned.record}'s version, quoted, e.g. "3"`,
              },
            },
          }
        : {}),
      content: { 'application/json': { schema, example: real ? real.value : exampleOf(schema) } },
    },
  };
}

/**
 * Named schemas (those with a `title`: Order, Customer...) are written once under
 * components.schemas and referenced, so the document stays small and the reference shows names.
 */
function hoistNamed(node: unknown, named: Record<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoistNamed(item, named));
  if (typeof node !== 'object' || node === null) return node;
  const object = node as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(object))
    out[key] = key === 'example' || key === 'examples' ? value : hoistNamed(value, named);
  if (typeof object.title === 'string' && (object.type === 'object' || 'properties' in object)) {
    named[object.title] ??= out;
    return { $ref: `#/components/schemas/${object.title}` };
  }
  return out;
}

const SIGNATURE_HEADERS = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The event id: the same on every attempt and replay. Drop one you have already handled.',
    example: 'evt_k3x9w2ab7c1d5e8f0g4h6j2m',
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      'Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).',
    example: '1795456603',
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      'Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.',
    example: 'v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=',
  },
];

/** The `webhooks` section: one POST this service makes to your endpoint per event type. */
function webhooksSection(named: Record<string, unknown>): Json {
  const entries: Array<[string, TSchema]> = [...Object.entries(EVENT_PAYLOADS), ['webhook.test', TEST_EVENT_PAYLOAD]];
  return Object.fromEntries(
    entries.map(([type, payload]) => {
      const schema = toJsonSchema(payload) as Json;
      const operation: Json = {
        operationId: `webhook.${type}`,
        summary: type,
        description: `${String(schema.description ?? '')}\n\nPOSTed to every enabled endpoint subscribed to \`${type}\` (see Webhooks). The body is exactly the JSON below; the same event is in \`GET /api/v1/events\`.`,
        tags: ['Webhooks'],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: { 'application/json': { schema, example: RECORDED_EVENTS[type] ?? exampleOf(schema) } },
        },
        responses: {
          '2XX': { description: 'Delivered. Answer within 10 seconds; the body is ignored.' },
          default: {
            description:
              'Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable).',
          },
        },
      };
      return [type, { post: hoistNamed(operation, named) }];
    }),
  );
}

export function buildOpenApi(contracts: readonly RouteSpec[], version: string): Json {
  const named: Record<string, unknown> = {};
  const paths: Record<string, Json> = {};
  for (const route of contracts) {
    const body = route.body ? toJsonSchema(route.body) : undefined;
    const operation: Json = {
      operationId: route.id,
      summary: route.summary,
      description: describe(route),
      tags: [route.tag],
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...headerParameters(route),
      ],
      ...(body
        ? {
            requestBody: {
              required: !route.bodyOptional,
              content: {
                [route.formBody ? 'application/x-www-form-urlencoded' : 'application/json']: {
                  schema: body,
                  example: exampleOf(body),
                },
              },
            },
          }
        : {}),
      responses: { ...successResponse(route), ...errorResponses(route) },
      ...(route.public ? { security: [] } : {}),
      ...(route.public ? {} : { 'x-roles': rolesOf(route) }),
    };
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method.toLowerCase()]: hoistNamed(operation, named) };
  }
  const webhooks = webhooksSection(named);
  return {
    openapi: '3.1.0',
    info: { title: 'Vehicle Purchase Order Service', version, description: GUIDE },
    servers: [{ url: SERVER_URL_PLACEHOLDER, description: 'this deployment' }],
    security: [{ apiKey: [] }],
    tags: TAGS,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            'Your API key. `npm start` prints demo keys; an admin issues real ones with POST /api/v1/api-keys.',
        },
      },
      schemas: { ...named, Error: toJsonSchema(ErrorEnvelope) },
      // One example body per error code, referenced by every operation that can answer it.
      examples: Object.fromEntries(
        (Object.keys(ERROR_CATALOGUE) as DocumentedCode[]).map((code) => {
          const entry = ERROR_CATALOGUE[code];
          const value = {
            success: false,
            error: entry.error,
            statusCode: STATUS_OF[code],
            code,
            ...(entry.details ? { details: entry.details } : {}),
          };
          return [code, { summary: code, description: entry.when, value }];
        }),
      ),
    },
    paths,
    webhooks,
  };
}
