import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildOpenApi, recordedExample, UNRECORDED_ERRORS, UNRECORDED_SUCCESS } from '../../lib/openapi/document.js';
import recorded from '../../lib/openapi/generated/response-examples.json' with { type: 'json' };
import { formats } from '../../lib/schemas/formats.js';
import { allRoutes } from '../../lib/schemas/index.js';

/**
 * The reference's response examples are answers recorded from a walk of the local stack
 * (npm run docs:examples, scripts/docs-examples.ts, into lib/openapi/generated/response-examples.json).
 * Each must still be an answer the document promises, and every operation's success answer must
 * have one, but for the listed exceptions.
 */
type Json = Record<string, any>;
const doc = buildOpenApi(allRoutes, '0.0.0-test') as Json;
const examples = (recorded as { examples: Record<string, Record<string, { note?: string; value: unknown }>> }).examples;
const ajv = new Ajv({ allErrors: true, strict: false, formats });
const problemsOf = (schema: unknown, value: unknown): string[] => {
  const validate = ajv.compile({ allOf: [schema], components: doc.components });
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
};
const operationOf = (id: string): Json => {
  const route = allRoutes.find((r) => r.id === id)!;
  return doc.paths[route.path][route.method.toLowerCase()];
};

describe('recorded response examples', () => {
  it('are each for an operation of the API and a status it documents', () => {
    for (const [id, byStatus] of Object.entries(examples)) {
      expect(
        allRoutes.some((r) => r.id === id),
        id,
      ).toBe(true);
      for (const status of Object.keys(byStatus))
        expect(Object.keys(operationOf(id).responses), `${id} ${status}`).toContain(status);
    }
  });

  it('each validate against the response schema of their operation and status, and an error names a code the operation lists', () => {
    let checked = 0;
    for (const [id, byStatus] of Object.entries(examples)) {
      for (const [status, example] of Object.entries(byStatus)) {
        const media = operationOf(id).responses[status].content;
        const json = media['application/json'];
        if (!json) {
          expect(typeof example.value, `${id} ${status}: a text answer`).toBe('string');
          continue;
        }
        expect(problemsOf(json.schema, example.value), `${id} ${status}`).toEqual([]);
        if (Number(status) >= 400)
          expect(Object.keys(json.examples), `${id} ${status}`).toContain((example.value as { code: string }).code);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('cover the success answer of every operation, but for the listed exceptions', () => {
    const missing = allRoutes
      .filter((route) => !recordedExample(route.id, route.status) && !(route.id in UNRECORDED_SUCCESS))
      .map((r) => r.id);
    expect(missing).toEqual([]);
    // An exception that gets an example is an exception no more.
    for (const id of Object.keys(UNRECORDED_SUCCESS)) expect(recordedExample(id, 200), id).toBeUndefined();
  });

  it('cover every refusal each operation documents in JSON, 503 included, but for the listed exceptions', () => {
    const missing: string[] = [];
    let documented = 0;
    for (const route of allRoutes) {
      for (const [status, response] of Object.entries(operationOf(route.id).responses as Record<string, Json>)) {
        if (Number(status) < 400 || !response.content?.['application/json']) continue;
        documented++;
        if (!recordedExample(route.id, Number(status)) && !(`${route.id} ${status}` in UNRECORDED_ERRORS))
          missing.push(`${route.id} ${status}`);
      }
    }
    expect(missing).toEqual([]);
    expect(documented).toBeGreaterThan(500);
    // An exception that gets an example is an exception no more.
    for (const entry of Object.keys(UNRECORDED_ERRORS)) {
      const [id, status] = entry.split(' ');
      expect(recordedExample(id!, Number(status)), entry).toBeUndefined();
    }
  });

  it('are what the reference shows, success and errors alike', () => {
    for (const route of allRoutes) {
      const real = recordedExample(route.id, route.status);
      if (!real) continue;
      const content = operationOf(route.id).responses[String(route.status)].content;
      expect((Object.values(content)[0] as Json).example, route.id).toEqual(real.value);
    }
    const conflict =
      operationOf('changeOrderStatus').responses['409'].content['application/json'].examples.VERSION_CONFLICT;
    expect(conflict.value).toEqual(recordedExample('changeOrderStatus', 409)!.value);
  });

  it('look like real data: CUID ids, no filler text, a new order that is not final', () => {
    const text = JSON.stringify(examples);
    expect(text).not.toContain('example text');
    expect(text).not.toMatch(/localhost:3400|127\.0\.0\.1/);
    const created = recordedExample('createOrder', 201)!.value as Json;
    expect(created.data).toMatchObject({
      status: 'DepositSubmitted',
      version: 1,
      progress: 0,
      isTerminal: false,
      canCancel: true,
    });
    expect(created.data.id).toMatch(/^[a-z][a-z0-9]{23}$/);
    const delivered = recordedExample('getOrder', 200)!.value as Json;
    expect(delivered.data).toMatchObject({
      status: 'Delivered',
      progress: 100,
      isTerminal: true,
      customerId: created.data.customerId,
    });
    expect(recordedExample('verifyWhatsAppWebhook', 200)!.value).toBe('1158201444');
  });
});

describe('recorded webhook bodies', () => {
  it('are each of their type and match its payload schema, and the webhooks section shows them', () => {
    const events = (recorded as { events?: Record<string, Json> }).events ?? {};
    expect(Object.keys(events).length).toBeGreaterThan(8);
    for (const [type, body] of Object.entries(events)) {
      const media = doc.webhooks[type].post.requestBody.content['application/json'];
      expect(body.type, type).toBe(type);
      expect(problemsOf(media.schema, body), type).toEqual([]);
      expect(media.example, type).toEqual(body);
    }
  });
});

describe('the status change example', () => {
  it('sends If-Match and body.version naming the same version', () => {
    const op = operationOf('changeOrderStatus');
    const body = op.requestBody.content['application/json'].example as { version?: number };
    const ifMatch = (op.parameters as Json[]).find((p) => p.name === 'If-Match')!;
    if (body.version !== undefined) expect(ifMatch.example).toBe(`"${body.version}"`);
    for (const { path, method, op: other } of Object.entries(doc.paths as Json).flatMap(([p, ms]) =>
      Object.entries(ms as Json).map(([m, o]) => ({ path: p, method: m, op: o as Json })),
    )) {
      const header = (other.parameters as Json[]).find((p) => p.name === 'If-Match');
      const version = other.requestBody?.content['application/json']?.example?.version;
      if (header && version !== undefined) expect(header.example, `${method} ${path}`).toBe(`"${version}"`);
    }
  });
});
