import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/tracking/get-tracking-page.js';
import { readTrackingPage } from '../../lib/use-cases/tracking/read-tracking-page.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { outageSwitch } from '../support/outage.js';

/**
 * The buyer's link under races and a table outage: parallel replacements over HTTP leave exactly
 * one link that works (the one the order shows), a replacement racing the order's cancellation
 * leaves a link that ends, and the page answers a page, not an error, while DynamoDB is away.
 * Links are checked through the page's use case in this process (the page's per-address limit
 * would otherwise pace the test).
 */

const tokenOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

async function newOrder(): Promise<string> {
  const customer = await api('POST', '/api/v1/customers', {
    key: demoKey('integrator'),
    body: { name: 'Race Buyer', mobileNumber: uniquePhone(), language: 'en' },
  });
  expect(customer.status, customer.text).toBe(201);
  const order = await api('POST', '/api/v1/orders', {
    key: demoKey('integrator'),
    body: {
      customerId: customer.body.data.id,
      totalAmount: 12000,
      currency: 'USD',
      carDetails: { makeEn: 'Kia', modelEn: 'K5', year: 2022 },
    },
  });
  expect(order.status, order.text).toBe(201);
  return order.body.data.id;
}

const linkOf = async (orderId: string) => {
  const read = await api('GET', `/api/v1/orders/${orderId}`, { key: demoKey('operations') });
  expect(read.status, read.text).toBe(200);
  return read.body.data.trackingLink as { url: string; issuedAt: string; endsAt: string | null };
};

describe("the buyer's link under races", () => {
  it('20 parallel replacements all answer 201, and exactly one of the links works: the one the order shows', async () => {
    const orderId = await newOrder();
    const first = await linkOf(orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/api/v1/orders/${orderId}/tracking-link`, { key: demoKey('operations') }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const tokens = [tokenOf(first.url), ...answers.map((answer) => tokenOf(answer.body.data.url))];
    expect(new Set(tokens).size).toBe(21);
    const working = [];
    for (const token of tokens) if (await readTrackingPage(token)) working.push(token);
    expect(working).toEqual([tokenOf((await linkOf(orderId)).url)]);
    console.info(`tracking links: 20 parallel replacements, ${working.length} link works afterwards`);
  });

  it('a replacement racing the cancellation leaves one working link, which ends 90 days after the cancellation', async () => {
    const orderId = await newOrder();
    const { version } = (await api('GET', `/api/v1/orders/${orderId}`, { key: demoKey('operations') })).body.data;
    const [replaced, cancelled] = await Promise.all([
      api('POST', `/api/v1/orders/${orderId}/tracking-link`, { key: demoKey('operations') }),
      api('PATCH', `/api/v1/orders/${orderId}/status`, {
        key: demoKey('admin'),
        body: { status: 'Cancelled', version },
      }),
    ]);
    expect(replaced.status, replaced.text).toBe(201);
    expect(cancelled.status, cancelled.text).toBe(200);
    const link = await linkOf(orderId);
    expect(link.url).toBe(replaced.body.data.url);
    expect(link.endsAt).not.toBeNull();
    const days = (Date.parse(link.endsAt!) - Date.parse(cancelled.body.data.updatedAt)) / 86_400_000;
    expect(days).toBeCloseTo(90, 3);
    const page = await readTrackingPage(tokenOf(link.url));
    expect(page?.view.stage).toBe('cancelled');
    // The page works until its end, and not after.
    expect(await readTrackingPage(tokenOf(link.url), new Date(Date.parse(link.endsAt!) + 1000))).toBeUndefined();
  });
});

describe("the buyer's page while DynamoDB is unreachable", () => {
  const event = (token: string): Parameters<typeof handler>[0] =>
    ({
      httpMethod: 'GET',
      path: `/track/${token}`,
      resource: '/track/{token}',
      headers: { 'accept-language': 'ar,en;q=0.8' },
      multiValueHeaders: {},
      pathParameters: { token },
      queryStringParameters: {},
      multiValueQueryStringParameters: {},
      stageVariables: null,
      body: null,
      isBase64Encoded: false,
      requestContext: {
        identity: { sourceIp: `198.51.100.${Math.floor(Math.random() * 200)}` },
        path: `/track/${token}`,
      },
    }) as unknown as Parameters<typeof handler>[0];
  const context = { awsRequestId: 'outage-test', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;

  it('answers a 503 page asking to try again, then the order once the table is back', async () => {
    const orderId = await newOrder();
    const token = tokenOf((await linkOf(orderId)).url);
    const outage = outageSwitch();
    outage.state.down = true;
    let during: APIGatewayProxyResult;
    try {
      during = (await handler(event(token), context)) as APIGatewayProxyResult;
    } finally {
      outage.state.down = false;
    }
    expect(outage.state.refused).toBeGreaterThan(0);
    expect(during.statusCode).toBe(503);
    expect(during.headers?.['Retry-After']).toBe('5');
    expect(during.headers?.['Cache-Control']).toBe('private, no-store');
    expect(during.body).toContain('dir="rtl"');
    expect(during.body).not.toMatch(/ECONNREFUSED|Error|at .*\.ts/);
    const after = (await handler(event(token), context)) as APIGatewayProxyResult;
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Race Buyer');
  });
});
