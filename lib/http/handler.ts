import middy from '@middy/core';
import httpCors from '@middy/http-cors';
import httpErrorHandler from '@middy/http-error-handler';
import httpEventNormalizer from '@middy/http-event-normalizer';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import validator from '@middy/validator';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { rateLimitMode } from '../config.js';
import type { BodyOf, CompiledContract, Contract, ParamsOf, QueryOf } from '../contracts/contract.js';
import type { Caller } from '../domain/caller.js';
import { roundTrips } from '../store/client.js';
import { apiKeyAuth, type CallerContext } from './auth.js';
import { errorEnvelope } from './error-envelope.js';
import { guardBody, rejectPrototypeKeys } from './json.js';
import { log, setLogContext } from './logger.js';
import { localRateLimit } from './rate-limit.js';
import { eventValidator } from './validation.js';

export interface Meta {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface RequestInput<C extends Contract> {
  body: BodyOf<C>;
  query: QueryOf<C>;
  params: ParamsOf<C>;
  caller: Caller;
  headers: Record<string, string | undefined>;
}

export interface Reply {
  data: unknown;
  meta?: Meta;
  headers?: Record<string, string>;
}

export interface RawReply {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

export const CORS_HEADERS = 'Content-Type,X-API-Key,Idempotency-Key';

/**
 * Wraps a route's implementation in the one pipeline every endpoint shares. Order of the
 * `before` steps: normalise headers and event -> size guard -> API key and route check -> rate
 * limit -> JSON body -> schema validation. Errors of any step end in the same envelope.
 */
export function httpHandler<C extends Contract>(
  contract: CompiledContract,
  implementation: (input: RequestInput<C>) => Promise<Reply>,
) {
  const base = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const input = {
      body: event.body as unknown,
      query: event.queryStringParameters ?? {},
      params: event.pathParameters ?? {},
      caller: (context as unknown as CallerContext).caller,
      headers: event.headers ?? {},
    } as unknown as RequestInput<C>;
    const reply = await implementation(input);
    return {
      statusCode: contract.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
      body: JSON.stringify({ success: true, data: reply.data, ...(reply.meta ? { meta: reply.meta } : {}) }),
    };
  };
  return withPipeline(contract, base);
}

/** For the few routes that are not JSON envelopes (the documentation). */
export function rawHttpHandler(contract: CompiledContract, implementation: () => Promise<RawReply>, contentSecurityPolicy?: Record<string, string>) {
  const base = async (): Promise<APIGatewayProxyResult> => {
    const reply = await implementation();
    return { statusCode: contract.status, headers: { 'Content-Type': reply.contentType, ...reply.headers }, body: reply.body };
  };
  return withPipeline(contract, base, contentSecurityPolicy);
}

function withPipeline(
  contract: CompiledContract,
  base: (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>,
  contentSecurityPolicy?: Record<string, string>,
) {
  const pipeline = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error>()
    .use(requestLogging(contract))
    .use(httpHeaderNormalizer())
    .use(httpEventNormalizer())
    .use(httpSecurityHeaders(contentSecurityPolicy ? { contentSecurityPolicy } : {}))
    .use(httpCors({ origin: '*', headers: CORS_HEADERS, methods: 'GET,POST,PATCH,OPTIONS' }))
    .use(httpErrorHandler({ logger: false }))
    .use(errorEnvelope());
  if (contract.hasBody) pipeline.use({ before: async (request) => guardBody(request.event.body, request.event.isBase64Encoded) });
  if (!contract.public) {
    pipeline.use(apiKeyAuth(contract));
    if (rateLimitMode() === 'dynamodb') pipeline.use(localRateLimit());
  }
  if (contract.hasBody) pipeline.use(httpJsonBodyParser({ reviver: rejectPrototypeKeys }));
  if (contract.validateBody || contract.validateQuery || contract.validateParams) {
    pipeline.use(validator({ eventSchema: eventValidator(contract) }));
  }
  return pipeline.handler(base);
}

/** One structured line per request: route, status, duration and DynamoDB round trips. */
function requestLogging(contract: CompiledContract): middy.MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error> {
  let started = 0;
  const done = (request: middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error>) => {
    const caller = (request.context as unknown as Partial<CallerContext>).caller;
    log.info('request completed', {
      statusCode: request.response?.statusCode,
      durationMs: Date.now() - started,
      dynamoRoundTrips: roundTrips.reset(),
      keyId: caller?.keyId,
      tenantId: caller?.tenantId,
    });
  };
  return {
    before: async (request) => {
      started = Date.now();
      roundTrips.reset();
      setLogContext({ requestId: request.context.awsRequestId, route: contract.route });
    },
    // Registered first, so it runs last after success and last after errors.
    after: async (request) => done(request),
    onError: async (request) => {
      if (request.response !== undefined) done(request);
    },
  };
}
