import httpJsonBodyParser from '@middy/http-json-body-parser';
import validator from '@middy/validator';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { rateLimitMode } from '../config.js';
import type { BodyOf, CompiledRoute, RouteSpec, ParamsOf, QueryOf } from '../schemas/route.js';
import type { Caller } from '../domain/caller.js';
import type { CurrencyMeta, CursorMeta, OrderListMeta, PageMeta } from '../domain/paging.js';
import { apiKeyAuth } from './auth.js';
import { idempotencyKeyFrom } from './idempotency-key.js';
import {
  defaultEmptyBody,
  limitBodyDepth,
  limitBodySize,
  limitRawBodyDepth,
  rejectPrototypeKeys,
  requireBody,
} from './json.js';
import { checkMediaType } from './media-type.js';
import { refuseRepeatedKey } from './single-key.js';
import { checkText } from './text.js';
import { basePipeline, callerOf, type Middleware, type PipelineContext } from './pipeline.js';
import { localRateLimit } from './rate-limit.js';
import { eventValidator } from './validation.js';
import { expectedVersionOf } from './if-match.js';
import { serverUrlOf } from './server-url.js';
import { etagOf, type ExpectedVersion } from '../domain/versioning.js';

export interface RequestInput<C extends RouteSpec> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  params: ParamsOf<C>;
  caller: Caller;
  /** The Idempotency-Key header, checked, on routes that accept one. */
  idempotencyKey: string | undefined;
  /** On routes of versioned records: the version the request means to change (body or If-Match). */
  expectedVersion: ExpectedVersion | undefined;
  /** The address the caller reached this API at (links the answer gives, e.g. a buyer's tracking page). */
  serverUrl: string;
}

export interface Reply {
  data: unknown;
  meta?: PageMeta | CursorMeta | OrderListMeta | { currency: CurrencyMeta };
  headers?: Record<string, string>;
}

/**
 * Wraps a route's implementation in the pipeline every API-key route shares. Order of the
 * `before` steps after the shared ones: body size -> API key and route check -> rate limit ->
 * body presence and JSON -> nesting depth -> schema validation. Errors of any step end in the same envelope.
 */
export function httpHandler<C extends RouteSpec>(
  route: CompiledRoute,
  implementation: (input: RequestInput<C>) => Promise<Reply>,
) {
  const base = async (event: APIGatewayProxyEvent, context: PipelineContext): Promise<APIGatewayProxyResult> => {
    // Body, query and params have passed the route's validators (the last step), so they are of its types.
    const {
      body,
      queryStringParameters,
      pathParameters,
    }: Record<'body' | 'queryStringParameters' | 'pathParameters', unknown> = event;
    const input: RequestInput<C> = {
      body: body as BodyOf<C>,
      query: (queryStringParameters ?? {}) as QueryOf<C>,
      params: (pathParameters ?? {}) as ParamsOf<C>,
      caller: callerOf(context),
      idempotencyKey: route.idempotent ? idempotencyKeyFrom(event.headers ?? {}) : undefined,
      expectedVersion: expectedVersionOf(route, event.headers ?? {}, event.body),
      serverUrl: serverUrlOf(event),
    };
    const reply = await implementation(input);
    const version = route.versioned ? (reply.data as { version?: unknown } | undefined)?.version : undefined;
    return {
      statusCode: route.status,
      // no-store: a tenant's records are not for a browser's or a proxy's cache, and an order's
      // detail changes (a receipt confirmed) without its version, which is its ETag.
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...(typeof version === 'number' ? { ETag: etagOf(version) } : {}),
        ...reply.headers,
      },
      body: JSON.stringify({ success: true, data: reply.data, ...(reply.meta ? { meta: reply.meta } : {}) }),
    };
  };
  const steps: Middleware[] = [];
  if (route.hasBody)
    steps.push({ before: async (request) => limitBodySize(request.event.body, request.event.isBase64Encoded) });
  steps.push({ before: async (request) => refuseRepeatedKey(request.event) });
  steps.push(apiKeyAuth(route));
  if (rateLimitMode() === 'dynamodb') steps.push(localRateLimit());
  if (route.hasBody) {
    if (route.bodyOptional) steps.push({ before: async (request) => defaultEmptyBody(request.event) });
    steps.push({ before: async (request) => requireBody(request.event.body) });
    steps.push({
      before: async (request) => (request.event.isBase64Encoded ? undefined : limitRawBodyDepth(request.event.body)),
    });
    steps.push({ before: async (request) => checkMediaType(request.event) });
    steps.push(httpJsonBodyParser({ reviver: rejectPrototypeKeys }) as Middleware);
    steps.push({ before: async (request) => limitBodyDepth(request.event.body) });
  }
  steps.push({
    before: async (request) =>
      checkText(route.hasBody ? request.event.body : undefined, request.event.queryStringParameters),
  });
  if (route.validateBody || route.validateQuery || route.validateParams) {
    steps.push(validator({ eventSchema: eventValidator(route) }) as Middleware);
  }
  return basePipeline(route, base, steps);
}
