/**
 * GET /api/v1/notifications?status=failed: the chat messages of a tenant's orders that failed,
 * newest first, from a sparse index a message joins when it fails (refused by the channel, or
 * reported failed by WhatsApp) and leaves when it is delivered after all; one tenant's only.
 */
import { inject } from 'vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { postWebhook, statusPayload } from '../../scripts/local/whatsapp-webhook.js';
import { CHAT_FAIL_NUMBER } from '../support/global-setup.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { RUNNER_WAIT_MS, waitFor } from '../support/outbox.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

interface Failed {
  messageId: string;
  orderId: string;
  orderNumber?: number;
  event: string;
  audience: string;
  to: string;
  status: string;
  createdAt: string;
  error?: { code?: number; title?: string };
}

let tenantId: string;
let admin: string;
let operations: string;
let accountant: string;
let marketer: string;
const orders: Array<{ id: string; orderNumber: number }> = [];

const ok = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body;
};
const fields = (res: { body: any }) => (res.body.details ?? []).map((d: { field: string }) => d.field);

async function failed(key: string, limit = 2): Promise<Failed[]> {
  const found: Failed[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const body = ok(
      await api(
        'GET',
        `/api/v1/notifications?status=failed&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key },
      ),
    );
    found.push(...body.data);
    cursor = body.meta.nextCursor;
    pages += 1;
  } while (cursor && pages < 30);
  return found;
}

async function customerMessage(orderId: string): Promise<{ messageId: string; status: string; createdAt: string }> {
  return waitFor(
    `the customer's order.created message of ${orderId}`,
    async () => {
      const body = ok(await api('GET', `/api/v1/orders/${orderId}/notifications`, { key: operations }));
      return body.data.find(
        (m: { event: string; audience: string }) => m.event === 'order.created' && m.audience === 'customer',
      );
    },
    RUNNER_WAIT_MS,
    200,
  );
}

beforeAll(async () => {
  const subdomain = `fn${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Failed messages ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  admin = (await newApiKey({ role: 'admin', tenantId })).key;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  accountant = (await newApiKey({ userId: await newStaffUser('accountant', tenantId) })).key;
  marketer = (await newApiKey({ userId: await newStaffUser('marketer', tenantId) })).key;
  // The first customer's number is one the local chat channel refuses; the others' it takes.
  for (const mobileNumber of [CHAT_FAIL_NUMBER, uniquePhone(), uniquePhone()]) {
    const customer = ok(
      await api('POST', '/api/v1/customers', { key: operations, body: { name: 'Failing Customer', mobileNumber } }),
      201,
    ).data;
    const order = ok(
      await api('POST', '/api/v1/orders', {
        key: operations,
        body: { customerId: customer.id, totalAmount: 8_000, currency: 'USD', carDetails: { makeEn: 'Kia' } },
      }),
      201,
    ).data;
    orders.push({ id: order.id, orderNumber: order.orderNumber });
  }
}, RUNNER_WAIT_MS * 2);

describe('GET /api/v1/notifications?status=failed', () => {
  it('lists a message the channel refused, with its order id and number', async () => {
    const refused = await customerMessage(orders[0]!.id);
    expect(refused.status).toBe('failed');
    const listed = await failed(operations);
    expect(listed.map((m) => m.messageId)).toEqual([refused.messageId]);
    expect(listed[0]).toMatchObject({
      orderId: orders[0]!.id,
      orderNumber: orders[0]!.orderNumber,
      status: 'failed',
      audience: 'customer',
    });
  });

  it('adds a message WhatsApp reports failed, newest first, and takes it out when it is delivered after all', async () => {
    const second = await customerMessage(orders[1]!.id);
    const third = await customerMessage(orders[2]!.id);
    for (const message of [second, third]) {
      const answer = await postWebhook(
        inject('baseUrl'),
        statusPayload(message.messageId, 'failed', { errorCode: 131026, errorTitle: 'Message undeliverable' }),
      );
      expect(answer.status).toBe(200);
    }
    const listed = await failed(admin, 1);
    // Newest first by when each message was sent; the consumer sends the orders' messages side by side, so that order is the messages', not the orders'.
    const first = await customerMessage(orders[0]!.id);
    const newestFirst = (messages: Array<{ messageId: string; createdAt: string }>) =>
      [...messages]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.messageId.localeCompare(a.messageId))
        .map((m) => m.messageId);
    expect(listed.map((m) => m.messageId)).toEqual(newestFirst([first, second, third]));
    expect(listed.find((m) => m.messageId === third.messageId)).toMatchObject({
      orderId: orders[2]!.id,
      orderNumber: orders[2]!.orderNumber,
      error: { code: 131026, title: 'Message undeliverable' },
    });
    // Failed again (a repeat) keeps one entry; delivered to another device takes it out, and a late failure does not bring it back.
    await postWebhook(inject('baseUrl'), statusPayload(third.messageId, 'failed', { errorCode: 131026 }));
    expect((await failed(operations)).filter((m) => m.messageId === third.messageId)).toHaveLength(1);
    await postWebhook(inject('baseUrl'), statusPayload(second.messageId, 'delivered'));
    await postWebhook(inject('baseUrl'), statusPayload(second.messageId, 'failed', { errorCode: 131026 }));
    expect((await failed(operations)).map((m) => m.messageId)).toEqual(newestFirst([first, third]));
  });

  it("shows no other tenant's messages, and refuses a cursor of another tenant's list", async () => {
    const ours = new Set((await failed(operations)).map((m) => m.messageId));
    const theirs = await failed(demoKey('operations'), 50);
    expect(theirs.some((m) => ours.has(m.messageId))).toBe(false);
    const page = ok(await api('GET', '/api/v1/notifications?status=failed&limit=1', { key: operations }));
    const foreign = await api(
      'GET',
      `/api/v1/notifications?status=failed&limit=1&cursor=${encodeURIComponent(page.meta.nextCursor)}`,
      {
        key: demoKey('operations'),
      },
    );
    expect(foreign.status, foreign.text).toBe(400);
    expect(fields(foreign)).toContain('query.cursor');
    const platform = ok(
      await api('GET', `/api/v1/notifications?status=failed&limit=50&tenantId=${tenantId}`, {
        key: demoKey('platform'),
      }),
    ).data;
    expect(new Set(platform.map((m: Failed) => m.messageId))).toEqual(ours);
  });

  it('refuses a query it cannot answer with 400 naming the field, and is open to admins and operations only', async () => {
    for (const [path, field] of [
      ['/api/v1/notifications', 'query.status'],
      ['/api/v1/notifications?status=sent', 'query.status'],
      ['/api/v1/notifications?status=failed&limit=0', 'query.limit'],
      ['/api/v1/notifications?status=failed&limit=101', 'query.limit'],
      ['/api/v1/notifications?status=failed&cursor=nope', 'query.cursor'],
    ] as const) {
      const res = await api('GET', path, { key: operations });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(fields(res), path).toContain(field);
    }
    for (const key of [marketer, accountant])
      expect((await api('GET', '/api/v1/notifications?status=failed', { key })).status).toBe(403);
    for (const role of ['marketer', 'accountant', 'inspector', 'integrator'] as const) {
      expect((await api('GET', '/api/v1/notifications?status=failed', { key: demoKey(role) })).status, role).toBe(403);
      expect(ok(await api('GET', '/api/v1/me', { key: demoKey(role) })).data.routes, role).not.toContain(
        'GET /api/v1/notifications',
      );
    }
    for (const key of [admin, operations])
      expect(ok(await api('GET', '/api/v1/me', { key })).data.routes).toContain('GET /api/v1/notifications');
  });
});
