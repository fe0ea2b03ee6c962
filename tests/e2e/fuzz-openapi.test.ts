/**
 * Schema-driven fuzz test: walks every operation of the OpenAPI document the API serves and sends
 * generated path parameters, query strings and bodies (fast-check arbitraries built from the JSON
 * schemas, tests/support/schema-arbitrary.ts), valid and hostile, with the admin key of a tenant
 * (and the platform staff key for some). Every answer must
 *   - have a status below 500, and
 *   - be the envelope: success `{success: true, data, meta?}`, error `{success: false, error,
 *     statusCode (= the HTTP status), code, details?}`, sent as JSON.
 * The three documentation routes (openapi.json, docs and its renderer script) are not enveloped and are skipped; the
 * buyer's page answers as the document says, an HTML page for each status it gives as one.
 *
 * Per operation, fc.assert runs with a fixed seed:
 *   - every hostile variant once (as `examples`: one per place and kind, e.g.
 *     `body.photos[].priority: huge number (1e300)`), against real records, each in an otherwise
 *     minimal request (required properties only, so nothing else decides the answer); places with
 *     identical scalar schemas (the dozen text filters of GET /cars) are tried once; then
 *   - FUZZ_RUNS (default 40) random runs: a third valid, two thirds hostile; real ids of records
 *     created in beforeAll for half of them, random ids for the rest.
 * A request gets 10 s; a connection error is retried once (a kept-alive socket the server closed).
 * FUZZ_VERBOSE=1 prints requests and time per operation.
 *
 * By default every failure is recorded and the run goes on, so one run lists all distinct failures
 * (operation, input kind, status, code), each with a request and response to reproduce it; the
 * operation's test then fails with that list. FUZZ_STOP_AT_FIRST=1 lets the property throw instead,
 * so fast-check stops at the first failure per operation (FUZZ_SHRINK=1 to shrink it too).
 * FUZZ_SEED changes the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey } from '../support/http.js';
import { newApiKey } from '../support/staff.js';
import { DEMO_INSPECTOR, DEMO_MARKETER, GULF } from '../support/order-children.js';
import { newCustomer, placeOrder } from '../support/orders.js';
import { invalidVariants, nested, validArbitrary, type JsonSchema } from '../support/schema-arbitrary.js';

// ---------------------------------------------------------------------------------------------
// Settings

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_601);
const STOP_AT_FIRST = process.env.FUZZ_STOP_AT_FIRST === '1';
const SHRINK = process.env.FUZZ_SHRINK === '1';
/** The documentation routes answer HTML and the bare document: not enveloped. */
const SKIPPED = new Set(['GET /api/v1/openapi.json', 'GET /api/v1/docs', 'GET /api/v1/docs/renderer.js']);
const TRUNCATE = 500;
/**
 * Longer than API Gateway's 29-second limit counts as no answer. A document request renders a PDF
 * in the renderer function, which on a machine busy with other test files can take over 10 s.
 */
const REQUEST_TIMEOUT_MS = 30_000;
const VERBOSE = process.env.FUZZ_VERBOSE === '1';

// ---------------------------------------------------------------------------------------------
// The document

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** The statuses the document gives as an HTML page (the buyer's page answers its refusals as pages, not the envelope). */
  pages: Set<number>;
}

const baseUrl = inject('baseUrl');
const document = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
};

const allOperations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    pages: new Set(
      Object.entries(operation.responses ?? {})
        .filter(([, response]) => response.content?.['text/html'] !== undefined)
        .map(([status]) => Number(status)),
    ),
    ...(operation.requestBody ? { body: operation.requestBody.content['application/json']?.schema ?? {} } : {}),
  })),
);
const operations = allOperations.filter((op) => !SKIPPED.has(`${op.method} ${op.path}`));

// ---------------------------------------------------------------------------------------------
// Requests and answers

interface FuzzRequest {
  kind: string;
  /** The platform staff key instead of the tenant admin key. */
  platform: boolean;
  pathParams: Record<string, string>;
  query: Record<string, unknown>;
  body?: unknown;
  idempotencyKey?: string;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
  json?: unknown;
  error?: string;
}

interface Failure {
  operation: string;
  kind: string;
  status: number;
  code: string;
  problems: string[];
  request: string;
  response: string;
  count: number;
}

const stats = { requests: 0, over500: 0, operations: new Set<string>() };
const failures = new Map<string, Failure>();

const truncate = (text: string, max = TRUNCATE) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes U+FFFD first. (Sent
 * as raw invalid UTF-8 instead, serverless-offline's HTTP server answers its own 400 before any
 * route, which the service cannot change locally.)
 */
const encodePathSegment = (value: string): string =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

function urlOf(op: Operation, request: Pick<FuzzRequest, 'pathParams' | 'query'>): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePathSegment(request.pathParams[name] ?? ''));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const one of Array.isArray(value) ? value : [value])
      if (one !== undefined) query.append(name, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const search = query.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

async function send(
  method: string,
  url: string,
  options: { key: string; body?: string; contentType?: string; headers?: Record<string, string> },
): Promise<Answer> {
  const headers: Record<string, string> = { 'X-API-Key': options.key, ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  for (let attempt = 1; ; attempt += 1) {
    stats.requests += 1;
    try {
      const response = await fetch(`${baseUrl}${url}`, {
        method,
        headers,
        body: options.body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      if (response.status >= 500) stats.over500 += 1;
      return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json };
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      const description = `${String(error)}${cause ? ` (${String(cause)})` : ''}`;
      // A kept-alive connection the server closed just as it was reused: once more on a fresh one.
      if (attempt === 1 && !(error instanceof Error && error.name === 'TimeoutError')) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      return { status: 0, contentType: '', text: '', error: description };
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with an answer the document gives as an HTML page: a status >= 500, or anything but HTML. */
function pageProblemsOf(answer: Answer): string[] {
  if (answer.error) return [`no answer: ${answer.error}`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status} >= 500`);
  if (!/^text\/html\b/i.test(answer.contentType))
    problems.push(`content-type is "${answer.contentType}", not the documented HTML page`);
  if (!/^<!doctype html>/i.test(answer.text)) problems.push('body is not an HTML page');
  return problems;
}

/** What is wrong with an answer: a status >= 500, or anything but the envelope. */
function problemsOf(answer: Answer): string[] {
  if (answer.error) return [`no answer: ${answer.error}`];
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status} >= 500`);
  if (!/^application\/json\b/i.test(answer.contentType))
    problems.push(`content-type is "${answer.contentType}", not JSON`);
  const body = answer.json;
  if (!isObject(body)) return [...problems, 'body is not a JSON object'];
  const extra = (allowed: string[]) => Object.keys(body).filter((key) => !allowed.includes(key));
  if (answer.status >= 200 && answer.status < 300) {
    if (body.success !== true) problems.push('success is not true on a 2xx');
    if (!('data' in body)) problems.push('no data on a 2xx');
    if (extra(['success', 'data', 'meta']).length > 0)
      problems.push(`unexpected keys ${extra(['success', 'data', 'meta']).join(', ')}`);
  } else {
    if (body.success !== false) problems.push('success is not false on an error');
    if (typeof body.error !== 'string') problems.push('error is not a string');
    if (body.statusCode !== answer.status)
      problems.push(`statusCode ${String(body.statusCode)} differs from the HTTP status ${answer.status}`);
    if (typeof body.code !== 'string') problems.push('code is not a string');
    const unexpected = extra(['success', 'error', 'statusCode', 'code', 'details']);
    if (unexpected.length > 0) problems.push(`unexpected keys ${unexpected.join(', ')}`);
    // The one documented shape of details, on every code: a list of {field?, message, ...facts}.
    if (
      'details' in body &&
      !(
        Array.isArray(body.details) &&
        body.details.length > 0 &&
        body.details.every((d) => isObject(d) && typeof d.message === 'string')
      )
    ) {
      problems.push(`details is not a non-empty list of problems: ${truncate(JSON.stringify(body.details), 120)}`);
    }
  }
  return problems;
}

const codeOf = (answer: Answer): string =>
  isObject(answer.json) && typeof answer.json.code === 'string' ? answer.json.code : '(no code)';

function describeExchange(
  method: string,
  url: string,
  keyName: string,
  body: string | undefined,
  answer: Answer,
  headers: Record<string, string> = {},
): { request: string; response: string } {
  const extra = Object.entries(headers)
    .map(([name, value]) => `, ${name}: ${truncate(JSON.stringify(value), 140)}`)
    .join('');
  const request = `${method} ${url} (key: ${keyName}${extra})${body === undefined ? '' : `\n      body: ${truncate(body)}`}`;
  const response = answer.error
    ? `(no answer: ${answer.error})`
    : `${answer.status} ${answer.contentType}\n      ${truncate(answer.text)}`;
  return { request, response };
}

function formatFailure(failure: Failure): string {
  return [
    `${failure.operation} — input: ${failure.kind} — ${failure.status} ${failure.code}${failure.count > 1 ? ` (×${failure.count})` : ''}`,
    `    problems: ${failure.problems.join('; ')}`,
    `    request:  ${failure.request}`,
    `    response: ${failure.response}`,
  ].join('\n');
}

/** Records a failure (once per operation, input kind, status and code); in stop mode throws it. */
function record(failure: Omit<Failure, 'count'>): void {
  if (STOP_AT_FIRST) throw new Error(`\n${formatFailure({ ...failure, count: 1 })}`);
  const key = [failure.operation, failure.kind, failure.status, failure.code, failure.problems.join('; ')].join(' | ');
  const seen = failures.get(key);
  if (seen) seen.count += 1;
  else failures.set(key, { ...failure, count: 1 });
}

function failuresOf(operation: string): Failure[] {
  return [...failures.values()].filter((failure) => failure.operation === operation);
}

function assertNoFailures(operation: string): void {
  const found = failuresOf(operation);
  if (found.length > 0) {
    throw new Error(
      `${found.length} distinct failing input(s) for ${operation}:\n\n${found.map(formatFailure).join('\n\n')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Records to aim at, and keys

interface RealRecords {
  customerId: string;
  walletId: string;
  orderId: string;
  contractId: string;
  billingId: string;
  inspectionId: string;
  carIds: string[];
}

let real: RealRecords;
let tenantKey: string;
let platformKey: string | undefined;
/** An admin of a tenant of the fuzz's own: random valid profiles and image removals must not strip the demo seller other tests' documents name. */
let profileKey: string;

/** The real record a path `/…/{collection}/{id}` points at. */
function realIdFor(path: string): fc.Arbitrary<string> | undefined {
  const collection = /\/([a-z-]+)\/\{id\}/.exec(path)?.[1];
  switch (collection) {
    case 'customers':
      return fc.constant(real.customerId);
    case 'wallets':
      return fc.constant(real.walletId);
    case 'orders':
      return fc.constant(real.orderId);
    case 'contracts':
      return fc.constant(real.contractId);
    case 'billing':
      return fc.constant(real.billingId);
    case 'inspections':
      return fc.constant(real.inspectionId);
    case 'cars':
      return real.carIds.length > 0 ? fc.constantFrom(...real.carIds) : undefined;
    default:
      return undefined;
  }
}

/** Real ids for id-valued properties of bodies and queries, so requests get past "not found". */
function overrides(): Record<string, fc.Arbitrary<unknown>> {
  return {
    customerId: fc.constant(real.customerId),
    orderId: fc.constant(real.orderId),
    inspectorId: fc.constant(DEMO_INSPECTOR),
    marketerId: fc.constant(DEMO_MARKETER),
    tenantId: fc.constant(GULF),
    ...(real.carIds.length > 0 ? { carId: fc.constantFrom(...real.carIds.map(Number)) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries of whole requests

type Parts = Omit<FuzzRequest, 'platform'>;

const objectOf = (parameters: Parameter[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
  required: parameters.filter((p) => p.required).map((p) => p.name),
  additionalProperties: false,
});

const idempotencyKeys = fc.oneof(
  fc.constant(undefined),
  fc.stringMatching(/^[A-Za-z0-9-]{8,40}$/),
  fc.constantFrom('fuzz-reused-key-1', 'fuzz-reused-key-2'),
);

interface Hostile {
  kind: string;
  arbitrary: fc.Arbitrary<Parts>;
  /**
   * Same for the same kind of input at places with the same schema (e.g. the dozen text filters of
   * GET /cars): the systematic pass tries only the first of those, random runs try them all.
   */
  signature?: string;
}

/** Scalar places without a format behave alike when their schemas are the same. */
const signatureOf = (part: string, variant: { variant: string; schema: JsonSchema }): string | undefined =>
  variant.schema.format ||
  variant.schema.properties ||
  variant.schema.items ||
  variant.schema.patternProperties ||
  variant.schema.type === 'object'
    ? undefined
    : `${part}|${JSON.stringify(variant.schema)}|${variant.variant}`;

function requestArbitraries(
  op: Operation,
  realIds: boolean,
  minimal = false,
): { valid: fc.Arbitrary<Parts>; hostile: Hostile[] } {
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  const queryParameters = op.parameters.filter((p) => p.in === 'query');
  const idempotent = op.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key');
  const options = { ...(realIds ? { overrides: overrides() } : {}), minimal };
  const textOptions = { ...options, mode: 'text' as const };

  const pathParam = (parameter: Parameter): fc.Arbitrary<string> => {
    const id = realIds ? realIdFor(op.path) : undefined;
    return id ?? (validArbitrary(parameter.schema, { mode: 'text' }) as fc.Arbitrary<string>);
  };
  const validPath = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, pathParam(p)]))) as fc.Arbitrary<
    Record<string, string>
  >;
  const querySchema = objectOf(queryParameters);
  const validQuery = validArbitrary(querySchema, textOptions) as fc.Arbitrary<Record<string, unknown>>;
  const validBody = op.body ? validArbitrary(op.body, options) : fc.constant(undefined);
  const validKey = idempotent && !minimal ? idempotencyKeys : fc.constant(undefined);

  const assemble = (
    kind: string,
    parts: {
      path?: fc.Arbitrary<Record<string, string>>;
      query?: fc.Arbitrary<unknown>;
      body?: fc.Arbitrary<unknown>;
      key?: fc.Arbitrary<string | undefined>;
    },
  ): fc.Arbitrary<Parts> =>
    fc
      .record({
        pathParams: parts.path ?? validPath,
        query: parts.query ?? validQuery,
        body: parts.body ?? validBody,
        key: parts.key ?? validKey,
      })
      .map((p) => ({
        kind,
        pathParams: p.pathParams,
        query: (p.query ?? {}) as Record<string, unknown>,
        ...(op.body ? { body: p.body } : {}),
        ...(p.key === undefined ? {} : { idempotencyKey: p.key }),
      }));

  const hostile: Hostile[] = [];
  for (const parameter of pathParameters) {
    const others = (value: fc.Arbitrary<string>) =>
      fc.tuple(validPath, value).map(([path, v]) => ({ ...path, [parameter.name]: v }));
    hostile.push({
      kind: `path.${parameter.name}: random (unknown) id`,
      arbitrary: assemble(`path.${parameter.name}: random (unknown) id`, {
        path: others(validArbitrary(parameter.schema, { mode: 'text' }) as fc.Arbitrary<string>),
      }),
    });
    // (With minLength 1, the schema's own "too short" variant is the empty segment.)
    if (parameter.schema.minLength !== 1)
      hostile.push({
        kind: `path.${parameter.name}: empty`,
        arbitrary: assemble(`path.${parameter.name}: empty`, { path: others(fc.constant('')) }),
      });
    for (const variant of invalidVariants(parameter.schema, `path.${parameter.name}`, { mode: 'text' })) {
      hostile.push({
        kind: variant.kind,
        arbitrary: assemble(variant.kind, { path: others(variant.arbitrary.map(String)) }),
      });
    }
  }
  if (queryParameters.length > 0) {
    for (const variant of invalidVariants(querySchema, 'query', textOptions)) {
      hostile.push({
        kind: variant.kind,
        arbitrary: assemble(variant.kind, { query: variant.arbitrary }),
        signature: signatureOf('query', variant),
      });
    }
    // The same parameter twice (API Gateway passes multi-value query strings).
    for (const parameter of queryParameters) {
      const kind = `query.${parameter.name}: repeated`;
      const twice = fc
        .tuple(validQuery, validArbitrary(parameter.schema, textOptions), validArbitrary(parameter.schema, textOptions))
        .map(([q, a, b]) => ({ ...q, [parameter.name]: [a, b] }));
      hostile.push({
        kind,
        arbitrary: assemble(kind, { query: twice }),
        signature: `query repeated|${JSON.stringify(parameter.schema)}`,
      });
    }
  }
  if (op.body) {
    for (const variant of invalidVariants(op.body, 'body', options)) {
      hostile.push({
        kind: variant.kind,
        arbitrary: assemble(variant.kind, { body: variant.arbitrary }),
        signature: signatureOf('body', variant),
      });
    }
  }
  if (idempotent) {
    const variants: Array<[string, fc.Arbitrary<string | undefined>]> = [
      ['header.Idempotency-Key: too long', fc.constant('k'.repeat(129))],
      ['header.Idempotency-Key: empty', fc.constant('')],
      ['header.Idempotency-Key: reused with another body', fc.constant('fuzz-reused-key-1')],
      ['header.Idempotency-Key: odd characters', fc.constantFrom('../../x', ' spaced key ', '#:$%', 'null')],
    ];
    for (const [kind, key] of variants) hostile.push({ kind, arbitrary: assemble(kind, { key }) });
  }
  return { valid: assemble('valid', {}), hostile };
}

/** Random runs: a third valid, two thirds hostile; real ids half the time; the platform key one time in five. */
function randomRequests(op: Operation): fc.Arbitrary<FuzzRequest> {
  const withRealIds = requestArbitraries(op, true);
  const withRandomIds = requestArbitraries(op, false);
  const of = (set: typeof withRealIds): fc.Arbitrary<Parts> =>
    fc.oneof(
      { weight: 1, arbitrary: set.valid },
      { weight: 2, arbitrary: set.hostile.length > 0 ? fc.oneof(...set.hostile.map((h) => h.arbitrary)) : set.valid },
    );
  return fc
    .tuple(fc.oneof(of(withRealIds), of(withRandomIds)), fc.integer({ min: 0, max: 4 }))
    .map(([parts, n]) => ({ ...parts, platform: platformKey !== undefined && n === 0 }));
}

/**
 * Every hostile variant once, against real records, each in an otherwise minimal request (required
 * properties only), one value each drawn with a fixed seed; then one full valid request.
 */
function systematicRequests(op: Operation, seed: number): FuzzRequest[] {
  const { hostile } = requestArbitraries(op, true, true);
  const { valid } = requestArbitraries(op, true);
  const seen = new Set<string>();
  const distinct = hostile.filter((h) => {
    if (h.signature === undefined) return true;
    if (seen.has(h.signature)) return false;
    seen.add(h.signature);
    return true;
  });
  const all = [...distinct, { kind: 'valid', arbitrary: valid }];
  return all.map((variant, i) => {
    const [parts] = fc.sample(variant.arbitrary, { numRuns: 1, seed: seed + i });
    return { ...parts!, platform: platformKey !== undefined && i % 5 === 4 };
  });
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (Math.imul(h, 31) + char.charCodeAt(0)) | 0;
  return h;
}

async function exchange(op: Operation, request: FuzzRequest): Promise<void> {
  const url = urlOf(op, request);
  const body = op.body && request.body !== undefined ? JSON.stringify(request.body) : undefined;
  // The profile and import-rule routes always as the fuzz's own tenant: platform staff would name the demo
  // tenant (?tenantId=) and strip its seller, or change every tenant's default import rules under other tests.
  const key =
    op.path.startsWith('/api/v1/tenant-profile') || op.path.startsWith('/api/v1/import-rules')
      ? profileKey
      : request.platform && platformKey
        ? platformKey
        : tenantKey;
  const headers: Record<string, string> =
    request.idempotencyKey === undefined ? {} : { 'Idempotency-Key': request.idempotencyKey };
  const answer = await send(op.method, url, { key, body, headers });
  // An empty token (`/track/`) matches no route at all: the router's ROUTE_NOT_FOUND, in the envelope.
  const asPage = op.pages.has(answer.status) && !/^application\/json\b/i.test(answer.contentType);
  const problems = asPage ? pageProblemsOf(answer) : problemsOf(answer);
  if (problems.length === 0) return;
  record({
    operation: `${op.id} (${op.method} ${op.path})`,
    kind: request.kind,
    status: answer.status,
    code: codeOf(answer),
    problems,
    ...describeExchange(op.method, url, key === platformKey ? 'platform staff' : 'tenant admin', body, answer, headers),
  });
}

// ---------------------------------------------------------------------------------------------
// The tests

beforeAll(async () => {
  tenantKey = demoKey('admin');
  platformKey = inject('demoKeys').find((k) => k.tenantId === undefined)?.key;
  const subdomain = `fuzzprofile${Date.now().toString(36)}`;
  const own = await createTenant({
    name: `Fuzz ${subdomain}`,
    subdomain,
    markup: '1',
    visibleProviders: ['sk'],
    publishedOnly: false,
  });
  profileKey = (await newApiKey({ role: 'admin', tenantId: own.id })).key;
  const ops = demoKey('operations');
  const customer = await newCustomer({ key: tenantKey });
  const order = await placeOrder(tenantKey, {
    customerId: customer.id,
    totalAmount: 18_500,
    currency: 'AED',
    carDetails: {
      makeEn: 'Kia',
      modelEn: 'Sorento',
      year: 2022,
      vin: 'KNAPU81BDN7123456',
      color: 'White',
      kilometers: 42_000,
    },
  });
  const contract = await api('POST', '/api/v1/contracts', {
    key: ops,
    body: { orderId: order.id, customerName: 'Fuzz Customer' },
  });
  expect(contract.status, contract.text).toBe(201);
  const billing = await api('POST', '/api/v1/billing', {
    key: ops,
    body: { orderId: order.id, type: 'invoice', amount: 1000, currency: 'USD', description: 'fuzz invoice' },
  });
  expect(billing.status, billing.text).toBe(201);
  const inspection = await api('POST', '/api/v1/inspections', {
    key: ops,
    body: { orderId: order.id, inspectorId: DEMO_INSPECTOR },
  });
  expect(inspection.status, inspection.text).toBe(201);
  const cars = await api('GET', '/api/v1/cars?limit=5', { key: tenantKey });
  expect(cars.status, cars.text).toBe(200);
  real = {
    customerId: customer.id,
    walletId: customer.walletId,
    orderId: order.id,
    contractId: contract.body.data.id,
    billingId: billing.body.data.id,
    inspectionId: inspection.body.data.id,
    carIds: (cars.body.data as Array<{ id: number | string }>).map((car) => String(car.id)),
  };
});

afterAll(() => {
  const distinct = [...failures.values()];
  if (distinct.length > 0) {
    console.log(
      `fuzz: ${distinct.length} distinct failing inputs (operation | input | status | code | problems):\n` +
        distinct
          .map(
            (f) =>
              `  ${f.operation} | ${f.kind} | ${f.status} | ${f.code} | ${f.problems.join('; ')}${f.count > 1 ? ` (×${f.count})` : ''}`,
          )
          .join('\n'),
    );
  }
  console.log(
    `fuzz: ${stats.operations.size} operations (${allOperations.length - operations.length} documentation routes skipped), ${stats.requests} requests, ${stats.over500} answers >= 500`,
  );
});

describe('fuzz: every operation of the OpenAPI document', () => {
  it('the document lists the operations', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  for (const op of operations) {
    const name = `${op.id} (${op.method} ${op.path})`;
    it(`${name} answers every input below 500, in the envelope`, async () => {
      stats.operations.add(op.id);
      const seed = SEED ^ hash(op.id);
      const started = Date.now();
      const requestsBefore = stats.requests;
      const examples = systematicRequests(op, seed).map((request) => [request] as [FuzzRequest]);
      const generated = Date.now();
      await fc.assert(
        fc.asyncProperty(randomRequests(op), async (request) => {
          await exchange(op, request);
        }),
        // fast-check counts examples within numRuns.
        { numRuns: examples.length + RUNS, seed, examples, endOnFailure: !SHRINK },
      );
      if (VERBOSE) {
        console.log(
          `fuzz: ${op.id}: ${examples.length} systematic + ${RUNS} random, ${stats.requests - requestsBefore} requests, examples built in ${generated - started} ms, sent in ${Date.now() - generated} ms`,
        );
      }
      assertNoFailures(name);
    }, 300_000);
  }
});

describe('fuzz: what other tests rely on', () => {
  it("leaves the demo seller's profile whole: random profiles went to the fuzz's own tenant", async () => {
    const profile = await api('GET', '/api/v1/tenant-profile', { key: tenantKey });
    expect(profile.body.data.missing).toEqual({ 'customs-invoice': [], 'proforma-invoice': [], contract: [] });
  });
});

describe('fuzz: raw requests', () => {
  // A page's form (the buyer's consignee form) answers pages, not the envelope: its refusals are the page's (tests/e2e/consignee.test.ts).
  const bodyOperations = () => operations.filter((op) => op.body && op.pages.size === 0);
  const realPath = (op: Operation) =>
    urlOf(op, {
      pathParams: Object.fromEntries(
        op.parameters
          .filter((p) => p.in === 'path')
          .map((p) => [p.name, fc.sample(realIdFor(op.path) ?? fc.constant('x'), { numRuns: 1, seed: 1 })[0]!]),
      ),
      query: {},
    });

  async function raw(label: string, op: Operation, body: string, contentType = 'application/json'): Promise<Answer> {
    const url = realPath(op);
    const answer = await send(op.method, url, { key: tenantKey, body, contentType });
    const problems = problemsOf(answer);
    if (answer.status < 400 || answer.status >= 500) problems.push(`expected a 4xx, got ${answer.status}`);
    if (problems.length > 0) {
      record({
        operation: `raw: ${label}`,
        kind: `${op.method} ${op.path}`,
        status: answer.status,
        code: codeOf(answer),
        problems,
        ...describeExchange(op.method, url, 'tenant admin', body, answer),
      });
    }
    return answer;
  }

  const run = async (label: string, each: (op: Operation) => Promise<unknown>) => {
    for (const op of bodyOperations()) await each(op);
    assertNoFailures(`raw: ${label}`);
  };

  it('a body that is not JSON is refused in the envelope', () =>
    run('not JSON', async (op) => {
      await raw('not JSON', op, 'this is not json');
      await raw('not JSON', op, '{"truncated": ');
    }));

  it('a JSON body nested 100 levels deep is refused in the envelope', () =>
    run('nested 100 levels', async (op) => {
      await raw('nested 100 levels', op, JSON.stringify(nested(100, 'object')));
      await raw(
        'nested 100 levels',
        op,
        JSON.stringify({
          carDetails: nested(100, 'array'),
          signedDocument: nested(100, 'object'),
          documents: [nested(100, 'object')],
        }),
      );
    }));

  it('a body that is not sent as JSON, or is over 256 KB, is refused in the envelope', () =>
    run('content type or size', async (op) => {
      await raw('content type or size', op, '{"notes": "x"}', 'text/plain');
      await raw('content type or size', op, JSON.stringify({ notes: 'x'.repeat(300 * 1024) }));
    }));

  it('an unknown route answers 404 ROUTE_NOT_FOUND in the envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['DELETE', '/api/v1/orders'],
    ] as const) {
      const answer = await send(method, path, { key: tenantKey });
      const problems = problemsOf(answer);
      if (answer.status !== 404) problems.push(`expected 404, got ${answer.status}`);
      if (codeOf(answer) !== 'ROUTE_NOT_FOUND') problems.push(`expected code ROUTE_NOT_FOUND, got ${codeOf(answer)}`);
      if (problems.length > 0) {
        record({
          operation: 'raw: unknown route',
          kind: `${method} ${path}`,
          status: answer.status,
          code: codeOf(answer),
          problems,
          ...describeExchange(method, path, 'tenant admin', undefined, answer),
        });
      }
    }
    assertNoFailures('raw: unknown route');
  });
});
