import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpErrorHandler from '@middy/http-error-handler';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpSecurityHeaders from '@middy/http-security-headers';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Caller } from '../domain/caller.js';
import type { CompiledRoute } from '../schemas/route.js';
import { roundTrips } from '../store/round-trips.js';
import { errorEnvelope, type RenderedError } from './error-envelope.js';
import { log, setLogContext } from '../logger.js';
import { recordRequest } from '../metrics.js';

/** The `code` the error envelope step put on the error it rendered, for the log line and the per-code error metric. */
const errorCodeOf = (error: Error | null | undefined): string | undefined =>
  (error as Partial<RenderedError> | null | undefined)?.code;

/** The Lambda context as the pipeline carries it: the API-key step sets the caller it resolved. */
export type PipelineContext = Context & { caller?: Caller };

export type Middleware = middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>;
type PipelineRequest = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>;
const CORS_HEADERS = 'Content-Type,X-API-Key,Idempotency-Key,If-Match';

/** The caller the API-key step resolved: every step after it, and the route, can count on one. */
export function callerOf(context: PipelineContext): Caller {
  if (!context.caller) throw new Error('No caller on the context: the API-key step runs before this one');
  return context.caller;
}

/** A route that may answer other than JSON (a page, the documentation, the console's files). */
export interface PageOptions {
  /** Sets Permissions-Policy on HTML answers (lib/http/permissions-policy.ts): a JSON route has none, nor carries its code. */
  permissionsPolicy: Middleware;
  /** Options of @middy/http-security-headers in place of its strict defaults. */
  securityHeaders?: Record<string, unknown>;
  /** False for a page no other origin's script has any business reading (the buyer's page): no CORS headers. */
  cors?: boolean;
}

/**
 * The part of the pipeline every route shares, public or not: logging, header and event
 * normalisation, security headers, CORS, and errors rendered as the envelope. Routes add their
 * own steps (auth, rate limit, body parsing, validation) after these. `page` for a route that may
 * answer other than JSON.
 */
export function basePipeline(
  route: CompiledRoute,
  base: (event: APIGatewayProxyEvent, context: PipelineContext) => Promise<APIGatewayProxyResult>,
  steps: Middleware[],
  page?: PageOptions,
) {
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, PipelineContext>()
    .use(requestLogging(route))
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer());
  if (page) pipeline.use(page.permissionsPolicy);
  pipeline.use(httpSecurityHeaders({ ...page?.securityHeaders, permissionsPolicy: false }));
  if (page?.cors ?? true)
    pipeline.use(
      httpCors({
        origin: '*',
        headers: CORS_HEADERS,
        methods: 'GET,POST,PATCH,DELETE,OPTIONS',
        exposeHeaders: 'Retry-After,ETag',
      }),
    );
  pipeline.use(httpErrorHandler({ logger: false })).use(errorEnvelope(route));
  for (const step of steps) pipeline.use(step);
  return pipeline.handler(base);
}

/**
 * One structured line per request (request id, route, status, error code, latency, key, tenant,
 * DynamoDB round trips), and the route's metrics (lib/metrics.ts).
 */
function requestLogging(route: CompiledRoute): Middleware {
  let started = 0;
  const done = (request: PipelineRequest) => {
    const { caller } = request.context;
    const statusCode = request.response?.statusCode ?? 500;
    const durationMs = Date.now() - started;
    const code = statusCode >= 400 ? errorCodeOf(request.error) : undefined;
    log.info('request completed', {
      statusCode,
      ...(code ? { code } : {}),
      durationMs,
      dynamoRoundTrips: roundTrips.reset(),
      keyId: caller?.keyId,
      tenantId: caller?.tenantId,
    });
    recordRequest(route.route, statusCode, durationMs, code);
  };
  return {
    before: async (request) => {
      started = Date.now();
      roundTrips.reset();
      setLogContext({ requestId: request.context.awsRequestId, route: route.route });
    },
    // Registered first, so it runs last after success and last after errors.
    after: async (request) => done(request),
    onError: async (request) => {
      if (request.response !== undefined) done(request);
    },
  };
}
