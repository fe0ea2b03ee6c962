import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../lib/domain/integrator-events.js';
import { ORDER_STATUSES } from '../../lib/domain/order-lifecycle.js';
import { buildOpenApi } from '../../lib/openapi/document.js';
import { serverUrlOf } from '../../lib/http/server-url.js';
import { formats } from '../../lib/schemas/formats.js';
import { allRoutes } from '../../lib/schemas/index.js';

type Json = Record<string, any>;
const doc = buildOpenApi(allRoutes, '0.0.0-test') as Json;
const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
  Object.entries(methods as Json).map(([method, op]) => ({ path, method, op: op as Json })),
);

const ajv = new Ajv({ allErrors: true, strict: false, formats });
/** Validates against a schema of the document, its $refs to components resolved. */
function problemsOf(schema: unknown, value: unknown): string[] {
  const validate = ajv.compile({ allOf: [schema], components: doc.components });
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

describe('the OpenAPI document: examples', () => {
  it('gives every operation with a body a request example that the body schema accepts', () => {
    const withBody = operations.filter(({ op }) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(20);
    for (const { path, method, op } of withBody) {
      // JSON, or an HTML form's fields (the buyer's page).
      const media = Object.values(op.requestBody.content as Json)[0] as Json;
      expect(media.example, `${method} ${path}`).toBeDefined();
      expect(problemsOf(media.schema, media.example), `${method} ${path}`).toEqual([]);
    }
  });

  it('gives every JSON success response an example that its schema accepts', () => {
    for (const { path, method, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        const media = (response as Json).content?.['application/json'];
        if (!status.startsWith('2') || !media?.example) continue;
        expect(problemsOf(media.schema, media.example), `${method} ${path} ${status}`).toEqual([]);
      }
    }
    expect(
      operations.filter(({ op }) =>
        Object.values(op.responses as Json).some((r: Json) => r.content?.['application/json']?.example),
      ).length,
    ).toBeGreaterThan(40);
  });

  it('gives path and header parameters examples their schemas accept', () => {
    for (const { path, method, op } of operations) {
      for (const parameter of op.parameters as Json[]) {
        if (parameter.example === undefined) continue;
        if (parameter.in === 'header' && parameter.name === 'If-Match') expect(parameter.example).toMatch(/^"\d+"$/);
        else expect(problemsOf(parameter.schema, parameter.example), `${method} ${path} ${parameter.name}`).toEqual([]);
      }
    }
  });

  it('has an example error body per code, each in the documented error shape, with the status of its code', () => {
    const examples = Object.entries(doc.components.examples as Json);
    expect(examples.length).toBeGreaterThan(15);
    for (const [code, example] of examples) {
      expect(example.value.code).toBe(code);
      expect(problemsOf({ $ref: '#/components/schemas/Error' }, example.value), code).toEqual([]);
    }
  });

  it('refuses a wrong example: the check above can fail', () => {
    const createOrder = operations.find(({ op }) => op.operationId === 'createOrder')!.op;
    const schema = createOrder.requestBody.content['application/json'].schema;
    expect(problemsOf(schema, { customerId: 'NOT AN ID', currency: 'EUR' }).length).toBeGreaterThan(1);
  });
});

describe('the OpenAPI document: what a newcomer needs', () => {
  it('says for every keyed operation who may call it and which codes it answers', () => {
    for (const { path, method, op } of operations) {
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      if (op.security?.length === 0) continue;
      expect(op['x-roles'], `${method} ${path}`).toContain('admin');
      expect(op.description, `${method} ${path}`).toContain('**Who may call:**');
      expect(op.description, `${method} ${path}`).toContain('**Errors:**');
      expect(
        Object.keys(op.responses).filter((s) => Number(s) >= 400),
        `${method} ${path}`,
      ).toEqual(expect.arrayContaining(['401', '403', '429']));
    }
  });

  it('lists only the codes an operation can answer: no wallet errors on a read, version errors where versions are taken', () => {
    const codesOf = (id: string): string[] =>
      Object.values(operations.find(({ op }) => op.operationId === id)!.op.responses as Json).flatMap((r: Json) =>
        Object.keys(r.content?.['application/json']?.examples ?? {}),
      );
    expect(codesOf('getOrder')).not.toContain('WALLET_INSUFFICIENT_BALANCE');
    expect(codesOf('getOrder')).toContain('NOT_FOUND');
    expect(codesOf('createOrder')).toEqual(
      expect.arrayContaining(['WALLET_INSUFFICIENT_BALANCE', 'IDEMPOTENCY_KEY_REUSED', 'VALIDATION_ERROR']),
    );
    expect(codesOf('changeOrderStatus')).toEqual(
      expect.arrayContaining(['VERSION_CONFLICT', 'PRECONDITION_FAILED', 'INVALID_TRANSITION']),
    );
    expect(codesOf('signContract')).toEqual(expect.arrayContaining(['PRECONDITION_FAILED', 'INVALID_STATE']));
    expect(codesOf('listCars')).not.toContain('NOT_FOUND');
  });

  it('opens with a getting-started path and the order lifecycle as a table', () => {
    const guide = doc.info.description as string;
    for (const step of ['/api/v1/customers', '/api/v1/orders', '/api/v1/billing', 'validate-transition', 'If-Match'])
      expect(guide).toContain(step);
    for (const status of ORDER_STATUSES) expect(guide).toMatch(new RegExp(`^\\| ${status} \\|`, 'm'));
  });

  it('writes enums as enum lists, not anyOf of constants', () => {
    expect(JSON.stringify(doc)).not.toMatch(/"anyOf":\[\{"const"/);
  });
});

describe('serverUrlOf: servers follow the host that served the document', () => {
  const event = (host: string, path: string, fullPath: string, proto?: string) =>
    ({
      headers: { host, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      path,
      requestContext: { path: fullPath },
    }) as never;

  it('uses the local host and port as is', () => {
    expect(serverUrlOf(event('localhost:3999', '/api/v1/openapi.json', '/api/v1/openapi.json'))).toBe(
      'http://localhost:3999',
    );
  });

  it("keeps API Gateway's stage prefix and the forwarded protocol", () => {
    expect(
      serverUrlOf(
        event(
          'abc123.execute-api.eu-west-1.amazonaws.com',
          '/api/v1/openapi.json',
          '/prod/api/v1/openapi.json',
          'https',
        ),
      ),
    ).toBe('https://abc123.execute-api.eu-west-1.amazonaws.com/prod');
  });

  it('refuses a Host header that is not a host name', () => {
    expect(serverUrlOf(event('evil.com/"><script>', '/api/v1/openapi.json', '/api/v1/openapi.json'))).toBe(
      'http://localhost:3000',
    );
  });
});

describe('the OpenAPI document: webhooks', () => {
  const webhooks = doc.webhooks as Json;

  it('describes one POST per event type, and the test event', () => {
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES, 'webhook.test'].sort());
  });

  it("gives every event's payload a schema whose example it accepts, with the type fixed and the resource as GET returns it", () => {
    for (const [type, item] of Object.entries(webhooks)) {
      const media = (item as Json).post.requestBody.content['application/json'];
      expect(problemsOf(media.schema, media.example), type).toEqual([]);
      expect(media.example.type, type).toBe(type);
      expect(problemsOf(media.schema, { ...media.example, type: 'order.teleported' }), type).not.toEqual([]);
    }
    const statusChanged = webhooks['order.status_changed'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(statusChanged)).toContain('#/components/schemas/Order');
  });

  it('names the Standard Webhooks signature headers and what counts as delivered', () => {
    for (const [type, item] of Object.entries(webhooks)) {
      const post = (item as Json).post;
      expect(
        post.parameters.map((p: Json) => p.name),
        type,
      ).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
      expect(Object.keys(post.responses), type).toEqual(['2XX', 'default']);
    }
  });
});
