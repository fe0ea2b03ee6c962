/**
 * Inputs that once reached a 500 (found by fuzzing every operation of the OpenAPI document):
 * each now answers a 4xx in the envelope, naming what is wrong, and writes nothing.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, demoKey, uniquePhone, type ApiResponse } from '../support/http.js';
import { DEMO_INSPECTOR } from '../support/order-children.js';
import { accountantKey, newCustomer, orderDetail, placeOrder } from '../support/orders.js';

const deep = (levels: number): unknown => (levels === 0 ? 'leaf' : { next: deep(levels - 1) });

function expectRefused(res: ApiResponse, field: RegExp): void {
  expect(res.status, res.text).toBe(400);
  expect(res.body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
  expect(res.body.details.map((d: { field: string }) => d.field).join(' ')).toMatch(field);
}

let order: any;
let contract: any;
const ops = () => demoKey('operations');

beforeAll(async () => {
  const customer = await newCustomer();
  order = await placeOrder(accountantKey(), { customerId: customer.id, totalAmount: 100 });
  contract = (
    await api('POST', '/api/v1/contracts', { key: ops(), body: { orderId: order.id, customerName: 'Deep Nesting' } })
  ).body.data;
});

describe('a body nested thousands of levels deep', () => {
  it('gets 400 VALIDATION_ERROR "nested too deeply", not a parser failure', async () => {
    const text = `{"documents":[${'['.repeat(5_000)}${']'.repeat(5_000)}]}`;
    const res = await api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, { key: ops(), rawBody: text });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body', message: expect.stringMatching(/nested too deeply/) }],
    });
    // Brackets inside strings are text, not nesting.
    const inText = await api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, {
      key: ops(),
      body: { documents: [{ type: 'note', text: `${'{['.repeat(300)} "quoted \\" ${'['.repeat(300)}` }] },
    });
    expect(inText.status, inText.text).toBe(200);
  });
});

describe('free-form JSON nested deeper than can be stored', () => {
  it('refuses carDetails on a new order, naming the field, and creates no order', async () => {
    const customer = await newCustomer();

    const res = await api('POST', '/api/v1/orders', {
      key: accountantKey(),
      body: { customerId: customer.id, carDetails: { spec: deep(20) } },
    });

    expectRefused(res, /^body\.carDetails/);
    expect(
      (await api('GET', `/api/v1/orders?customerId=${customer.id}`, { key: accountantKey() })).body.meta.total,
    ).toBe(0);
  });

  it.each([
    [
      'signedDocument',
      () => api('PATCH', `/api/v1/contracts/${contract.id}/sign`, { key: ops(), body: { signedDocument: deep(40) } }),
      /^body\.signedDocument/,
    ],
    [
      'customerIdDocument',
      () =>
        api('PATCH', `/api/v1/contracts/${contract.id}`, {
          key: ops(),
          body: { customerIdDocument: { type: 'passport', scan: deep(20) } },
        }),
      /^body\.customerIdDocument/,
    ],
    [
      'customs documents',
      () =>
        api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, {
          key: ops(),
          body: { documents: [{ type: 'bl', data: deep(20) }] },
        }),
      /^body\.documents\[0\]/,
    ],
    [
      'a whole request body',
      () =>
        api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, { key: ops(), body: { documents: [deep(100)] } }),
      /^body\.documents\[0\]/,
    ],
  ] as const)('refuses %s with 400 naming the field, and changes nothing', async (_what, send, field) => {
    const before = await orderDetail(order.id);

    expectRefused(await send(), field);
    expect(await orderDetail(order.id)).toEqual(before);
  });
});

describe('numbers and dates out of range', () => {
  it('refuses a version beyond any real version with 400, not a conflict or a crash', async () => {
    expectRefused(
      await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: accountantKey(),
        body: { enabled: false, version: 9007199254740994 },
      }),
      /body\.version/,
    );
  });

  it('refuses a photo priority of 1e300', async () => {
    const res = await api('POST', '/api/v1/inspections', {
      key: ops(),
      body: {
        orderId: order.id,
        inspectorId: DEMO_INSPECTOR,
        photos: [{ url: 'https://example.com/a.jpg', priority: 1e300 }],
      },
    });

    expectRefused(res, /body\.photos\[0\]\.priority/);
  });

  it.each(['9999-12-31T23:59:60Z', '2025-02-30T10:00:00Z'])(
    'refuses the date-time %s in a list filter',
    async (value) => {
      expectRefused(
        await api('GET', `/api/v1/orders?createdFrom=${encodeURIComponent(value)}`, { key: accountantKey() }),
        /query\.createdFrom/,
      );
    },
  );

  it('refuses the leap second as an inspection date', async () => {
    const res = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: accountantKey(),
      body: { status: 'Cancelled', version: 1, inspectionDate: '2026-12-31T23:59:60Z' },
    });

    expectRefused(res, /body\.inspectionDate/);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['DELETE', '/api/v1/orders'],
    ['GET', '/'],
    ['POST', '/api/v2/orders'],
  ])('answers %s %s with 404 ROUTE_NOT_FOUND in the envelope', async (method, path) => {
    const res = await api(method, path, { key: accountantKey() });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({ success: false, error: expect.any(String), statusCode: 404, code: 'ROUTE_NOT_FOUND' });
    // It names what was asked and where the routes are, and never says "under /api/v1" of a path that is.
    expect(res.body.error).toContain(`No route ${method} ${path}:`);
    expect(res.body.error).toContain('GET /api/v1 lists every route');
  });
});

describe('media types', () => {
  const customer = () => JSON.stringify({ name: 'Media Type', mobileNumber: uniquePhone() });

  it.each([['APPLICATION/JSON'], ['Application/Json; charset=UTF-8'], ['application/json;charset="utf-8"']])(
    'reads %s as JSON: media types are case-insensitive',
    async (type) => {
      const res = await api('POST', '/api/v1/customers', {
        key: demoKey('marketer'),
        rawBody: customer(),
        headers: { 'Content-Type': type },
      });
      expect(res.status, res.text).toBe(201);
    },
  );

  it.each([
    ['application/vnd.api+json'],
    ['application/merge-patch+json'],
    ['application/json; charset=utf-16'],
    ['text/plain'],
  ])('refuses %s with 415, naming what it takes', async (type) => {
    const res = await api('POST', '/api/v1/customers', {
      key: demoKey('marketer'),
      rawBody: customer(),
      headers: { 'Content-Type': type },
    });
    expect(res.status, res.text).toBe(415);
    expect(res.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      error: expect.stringContaining('application/json'),
    });
  });
});

describe('text that is not text', () => {
  it.each([
    ['a lone surrogate', 'a\ud800b', /half of a character/],
    ['NUL', 'a\u0000c', /U\+0000/],
    ['an escape character', 'a\u001bc', /U\+001B/],
    ['U+FFFD from bytes that were not UTF-8', 'Ali \ufffd', /not UTF-8/],
  ])('refuses %s in a name with 400 naming the field, and writes nothing', async (_, name, message) => {
    const mobileNumber = uniquePhone();
    const res = await api('POST', '/api/v1/customers', { key: demoKey('marketer'), body: { name, mobileNumber } });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.name', message: expect.stringMatching(message) }],
    });
    const found = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(mobileNumber)}`, {
      key: demoKey('marketer'),
    });
    expect(found.body.data).toEqual([]);
  });

  it('keeps tabs, newlines and every script', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: demoKey('marketer'),
      body: { name: 'علي\tحسن\r\nAli 😀', mobileNumber: uniquePhone() },
    });
    expect(res.status, res.text).toBe(201);
  });
});

describe('a repeated X-API-Key header', () => {
  it('answers 400 naming the header instead of using one of the keys', async () => {
    const { connect } = await import('node:net');
    const url = new URL('/api/v1/orders?limit=1', inject('baseUrl'));
    // Two header lines, as a proxy or a client library may send them: written by hand, since
    // fetch would join them into one.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname === 'localhost' ? '127.0.0.1' : url.hostname, () => {
        socket.write(
          `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nX-API-Key: ${demoKey('admin')}\r\nX-API-Key: ${demoKey('marketer')}\r\nConnection: close\r\n\r\n`,
        );
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(30_000, () => socket.destroy(new Error('no answer within 30 s')));
    });
    const status = Number(raw.split(' ')[1]);
    const body = JSON.parse(raw.slice(raw.indexOf('{'), raw.lastIndexOf('}') + 1)) as unknown;
    const answer = { status, body };
    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        details: [
          {
            field: 'X-API-Key',
            message: 'must be sent once: it was sent 2 times; send one key, e.g. one "X-API-Key: vpo_…" line',
          },
        ],
      },
    });
    const joined = await api('GET', '/api/v1/orders?limit=1', {
      headers: { 'X-API-Key': `${demoKey('admin')}, ${demoKey('marketer')}` },
    });
    expect(joined.status).toBe(400);
  });
});
