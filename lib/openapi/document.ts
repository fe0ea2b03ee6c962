import type { TSchema } from '@sinclair/typebox';
import { ErrorEnvelope, successEnvelope } from '../schemas/common.js';
import type { RouteSpec } from '../schemas/route.js';

const errorCodes: Array<[number, string, string]> = [
  [400, 'Bad request', 'VALIDATION_ERROR (details lists each field) or INVALID_JSON'],
  [401, 'API key missing, unknown, revoked, expired, or of a deactivated user', 'UNAUTHORIZED'],
  [403, 'Route not allowed for this key, or role may not do this', 'FORBIDDEN, SECOND_APPROVER_REQUIRED'],
  [404, 'Unknown id or route, or a record of another tenant', 'NOT_FOUND, ROUTE_NOT_FOUND'],
  [409, 'Conflict', 'DUPLICATE, VERSION_CONFLICT, INVALID_STATE, IDEMPOTENCY_KEY_REUSED'],
  [413, 'Body larger than 256 KB', 'PAYLOAD_TOO_LARGE'],
  [415, 'Body is not sent as application/json', 'UNSUPPORTED_MEDIA_TYPE'],
  [422, 'Business rule refused', 'WALLET_INSUFFICIENT_BALANCE, INVALID_TRANSITION, ...'],
  [429, 'Rate limit or quota exceeded; see Retry-After', 'RATE_LIMITED'],
  [503, 'Temporarily unavailable; see Retry-After', 'SERVICE_UNAVAILABLE'],
];

const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema));

/** Query and path schemas become OpenAPI parameters, one per property. */
function parameters(schema: TSchema | undefined, where: 'query' | 'path'): unknown[] {
  if (!schema) return [];
  const object = plain(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || ((object.required ?? []).includes(name) && (property as { default?: unknown }).default === undefined),
    schema: property,
    ...((property as { description?: string }).description ? { description: (property as { description: string }).description } : {}),
  }));
}

export function buildOpenApi(contracts: readonly RouteSpec[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of contracts) {
    const responses: Record<string, unknown> = {};
    if (route.raw) {
      responses[String(route.status)] = {
        description: route.summary,
        content: route.response ? { 'application/json': { schema: plain(route.response) } } : { [route.rawContentType ?? 'text/html']: {} },
      };
    } else {
      responses[String(route.status)] = {
        description: 'Success',
        content: { 'application/json': { schema: plain(successEnvelope(route.response ?? ({} as TSchema), route.list, route.cursorList)) } },
      };
      for (const [status, description, codes] of errorCodes) {
        if (route.public && (status === 401 || status === 403)) continue;
        responses[String(status)] = {
          description: `${description} (code: ${codes})`,
          ...(status === 429 || status === 503
            ? { headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'seconds to wait before retrying' } } }
            : {}),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
      }
    }
    const operation: Record<string, unknown> = {
      operationId: route.id,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      parameters: [
        ...parameters(route.params, 'path'),
        ...parameters(route.query, 'query'),
        ...(route.idempotent
          ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 }, description: 'retries with the same key and body return the original response' }]
          : []),
      ],
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(route.body) } } } } : {}),
      responses,
      ...(route.public ? { security: [] } : {}),
      // Admin keys may call every route; the list names everyone who may call this one.
      ...(route.roles ? { 'x-roles': ['admin', ...route.roles] } : {}),
    };
    paths[route.path] = { ...(paths[route.path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vehicle Purchase Order Service',
      version,
      description:
        'Buy used cars from Korean auction providers for customers abroad: customers and wallets, orders, contracts, billing, inspections, customs data and a tenant-priced car catalogue. Every response uses the envelope {success, data, meta?} or {success:false, error, statusCode, code, details?}.',
    },
    servers: [{ url: 'http://localhost:3000', description: 'local stack (npm start)' }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: plain(ErrorEnvelope) },
    },
    paths,
  };
}
