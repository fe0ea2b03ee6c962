/**
 * Signed webhooks and the event feed, as an integrator meets them: a receiver on this machine
 * that verifies every delivery with the Standard Webhooks library, a tenant of its own set up
 * the way a real one is, and the timings of tests/support/global-setup.ts (retries over about
 * 10 s instead of 27.6 hours, disabling after 20 s of failure instead of 5 days).
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listChatLog } from '../../lib/store/chat-log.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { inPool } from '../support/orders.js';
import { sleep, waitFor, waitForCount } from '../support/outbox.js';
import { newApiKey } from '../support/staff.js';
import { type Received, WebhookReceiver, wakeEndpoint, wakeTenantUntilStopped } from '../support/webhook-receiver.js';

let receiver: WebhookReceiver;
let tenantId: string;
let admin: string;
let integrator: string;
let operationsPhone: string;

const data = <T = any>(res: { status: number; text: string; body: any }, status = 200): T => {
  expect(res.status, res.text).toBe(status);
  return res.body.data as T;
};

async function newEndpoint(path: string, extra: Record<string, unknown> = {}): Promise<{ id: string; secret: string }> {
  const created = data(
    await api('POST', '/api/v1/webhook-endpoints', { key: admin, body: { url: receiver.url(path), ...extra } }),
    201,
  );
  receiver.trust(path, created.secret);
  return { id: created.endpoint.id, secret: created.secret };
}

async function newOrder(extra: Record<string, unknown> = {}): Promise<any> {
  const customer = data(
    await api('POST', '/api/v1/customers', {
      key: admin,
      body: { name: 'Webhook Customer', mobileNumber: uniquePhone() },
    }),
    201,
  );
  return data(
    await api('POST', '/api/v1/orders', {
      key: admin,
      body: { customerId: customer.id, totalAmount: 5_000, ...extra },
    }),
    201,
  );
}

/** A local port nothing listens on: every attempt is refused at once, as with a receiver that is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const deliveriesOf = async (endpointId: string, query = '', key = admin): Promise<any[]> =>
  data<any[]>(await api('GET', `/api/v1/webhook-endpoints/${endpointId}/deliveries${query}`, { key }));

const ofOrder = (orderId: string) => (r: Received) =>
  r.body?.data?.object?.id === orderId || r.body?.data?.orderId === orderId;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  const subdomain = `hooks${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Webhook tenant ${subdomain}`,
      subdomain,
      markup: '1.05',
      visibleProviders: ['sk', 'glovis', 'kcar', 'lotte', 'autohub', 'heydealer'],
      publishedOnly: false,
    })
  ).id;
  admin = (await newApiKey({ name: 'webhook admin', role: 'admin', tenantId })).key;
  integrator = (await newApiKey({ name: 'webhook integrator', role: 'integrator', tenantId })).key;
  const operations = data(
    await api('POST', '/api/v1/users', {
      key: admin,
      body: { name: 'Ops On Call', role: 'operations', mobileNumber: uniquePhone() },
    }),
    201,
  );
  operationsPhone = operations.mobileNumber;
});

afterAll(async () => {
  // The endpoints stop with the receiver: nothing keeps retrying them for the rest of the run.
  const endpoints = admin
    ? ((await api('GET', '/api/v1/webhook-endpoints', { key: admin })).body.data as Array<{
        id: string;
        enabled: boolean;
      }>)
    : [];
  for (const endpoint of endpoints.filter((e) => e.enabled))
    await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: false } });
  await receiver?.stop();
});

describe('a webhook endpoint', () => {
  it('receives a signed order.created that verifies, carrying the order as GET returns it', async () => {
    const endpoint = await newEndpoint('/hook/first');
    const order = await newOrder();
    const got = await waitFor('order.created delivery', async () =>
      receiver
        .accepted('/hook/first')
        .find((r) => r.body.type === 'order.created' && r.body.data.object.id === order.id),
    );
    expect(got.verified).toBe(true);
    expect(got.id).toBe(got.body.id);
    expect(got.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(got.body).toMatchObject({ type: 'order.created', tenantId, resource: { type: 'order', id: order.id } });
    const read = data(await api('GET', `/api/v1/orders/${order.id}`, { key: admin }));
    for (const field of [
      'id',
      'orderNumber',
      'status',
      'version',
      'customerId',
      'totalAmount',
      'currency',
      'createdAt',
    ])
      expect(got.body.data.object[field], field).toEqual(read[field]);

    // The delivery log shows the attempt and the exact payload.
    const delivery = await waitFor('the delivery recorded', async () => {
      const d = data(await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${got.id}`, { key: admin }));
      return d.status === 'delivered' ? d : undefined;
    });
    expect(delivery.attemptLog).toEqual([expect.objectContaining({ statusCode: 204, latencyMs: expect.any(Number) })]);
    expect(delivery.payload).toEqual(got.body);
  });

  it("delivers one order's events in the order they happened, holding later ones back while an earlier one is retried", async () => {
    const path = '/hook/ordered';
    const endpoint = await newEndpoint(path);
    // The first attempt at the status change fails: nothing after it may overtake it.
    receiver.answer(path, (body, seenBefore) => (body.type === 'order.status_changed' && seenBefore === 0 ? 500 : 204));
    const order = await newOrder({ receiptAmount: 1_000 });
    const receipt = data<any[]>(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: admin }))[0];
    data(await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: admin }));
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/status`, {
        key: admin,
        body: { status: 'DepositConfirmed', version: 1 },
      }),
    );
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: admin,
        body: { enabled: false, version: 2 },
      }),
    );
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: admin,
        body: { enabled: true, version: 3 },
      }),
    );
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: admin,
        body: {
          buyerName: 'Webhook Buyer',
          items: [{ description: 'car', amount: 5_000 }],
          currency: 'AED',
          version: 4,
        },
      }),
    );

    const orderLane = () =>
      receiver.accepted(path).filter((r) => r.body.resource.type === 'order' && r.body.resource.id === order.id);
    await waitFor('five order events', async () => (orderLane().length >= 5 ? true : undefined), 30_000);
    expect(orderLane().map((r) => [r.body.type, r.body.data.object.version])).toEqual([
      ['order.created', 1],
      ['order.status_changed', 2],
      ['order.updated', 3],
      ['order.updated', 4],
      ['order.updated', 5],
    ]);
    expect(orderLane()[1]!.body.data).toMatchObject({ from: 'DepositSubmitted', to: 'DepositConfirmed', version: 2 });
    expect(orderLane()[4]!.body.data.fields).toContain('customsInvoice');
    // The billing entry's own events, in their order too.
    const billing = receiver
      .accepted(path)
      .filter((r) => r.body.resource.id === receipt.id)
      .map((r) => r.body.type);
    expect(billing).toEqual(['billing_entry.created', 'billing_entry.confirmed']);
    // The retried one: a 500, then delivered, both in its log.
    const moved = orderLane()[1]!;
    const log = data(
      await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${moved.id}`, { key: admin }),
    );
    expect(log.attemptLog.map((a: any) => a.statusCode)).toEqual([500, 204]);
    expect(new Set(receiver.received.filter((r) => r.path === path).map((r) => r.verified))).toEqual(new Set([true]));
  });

  it('gives a delivery up after every retry failed, then replays the failed ones with the same webhook-id', async () => {
    const path = '/hook/down';
    let up = false;
    receiver.answer(path, () => (up ? 204 : 503));
    const endpoint = await newEndpoint(path, { eventTypes: ['order.created'] });
    const since = new Date().toISOString();
    const order = await newOrder();
    const failed = await waitFor(
      'the delivery given up',
      async () => {
        const list = data<any[]>(
          await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=failed`, { key: admin }),
        );
        return list.find((d) => d.eventType === 'order.created');
      },
      40_000,
      500,
    );
    expect(failed.attempts).toBe(8);
    expect(failed.lastError).toBe('HTTP 503');
    expect(failed.nextAttemptAt).toBeUndefined();
    expect(failed.attemptLog).toHaveLength(8);
    expect(failed.attemptLog.every((a: any) => a.statusCode === 503 && typeof a.latencyMs === 'number')).toBe(true);
    expect(receiver.received.filter((r) => r.path === path && r.id === failed.id)).toHaveLength(8);

    up = true;
    expect(
      data(await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/replay`, { key: admin, body: { since } })),
    ).toEqual({ replayed: 1 });
    // The replay's write wakes the endpoint, as its stream trigger does in AWS (not the local stack's sweep of every endpoint).
    await wakeEndpoint(endpoint.id);
    const replayed = await waitFor('the replayed delivery', async () =>
      receiver.accepted(path).find((r) => r.id === failed.id),
    );
    expect(replayed.body.data.object.id).toBe(order.id);
    const after = await waitFor('delivered after the replay', async () => {
      const d = data(
        await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}`, { key: admin }),
      );
      return d.status === 'delivered' ? d : undefined;
    });
    expect(after).toMatchObject({ replayed: true, attempts: 1 });
    expect(after.attemptLog.at(-1)).toMatchObject({ statusCode: 204, replay: true });
    // One delivery on its own: delivered again, same id; a pending one cannot be replayed.
    data(await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}/replay`, { key: admin }));
    await wakeEndpoint(endpoint.id);
    await waitFor('the second replay', async () =>
      receiver.accepted(path).filter((r) => r.id === failed.id).length === 2 ? true : undefined,
    );
    const unknown = await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/evt_unknown000/replay`, {
      key: admin,
    });
    expect(unknown.status).toBe(404);
  });

  it("is disabled after failing for the whole threshold, and the tenant's operations staff are told by chat", async () => {
    const path = '/hook/broken';
    receiver.answer(path, () => 500);
    const endpoint = await newEndpoint(path, { eventTypes: ['order.created'] });
    const started = Date.now();
    let disabled: any;
    // New events keep it being tried, as a live tenant's orders would.
    while (!disabled && Date.now() - started < 45_000) {
      await newOrder();
      await sleep(2_000);
      const now = data(await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin }));
      if (!now.enabled) disabled = now;
    }
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'failing', failingSince: expect.any(String) });
    expect(Date.parse(disabled.disabledAt) - Date.parse(disabled.failingSince)).toBeGreaterThanOrEqual(20_000);
    const alert = await waitFor('the chat alert', async () =>
      (await listChatLog(50, operationsPhone)).find((m) => m.text?.includes(endpoint.id)),
    );
    expect(alert.text).toContain(receiver.url(path));

    // Nothing is attempted while disabled; once fixed and enabled, what waited goes out.
    const attemptsAtDisable = receiver.received.filter((r) => r.path === path).length;
    const waiting = await newOrder();
    // A pass over the endpoint once the order's event has settled (EVENT_SETTLE_MS): it takes the event and attempts nothing.
    await sleep(Number(process.env.EVENT_SETTLE_MS));
    await wakeEndpoint(endpoint.id);
    expect(receiver.received.filter((r) => r.path === path).length).toBe(attemptsAtDisable);
    receiver.answer(path, () => 204);
    const enabled = data(
      await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: true } }),
    );
    expect(enabled).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    expect(enabled.failingSince).toBeUndefined();
    await waitFor(
      'the waiting event delivered',
      async () => receiver.accepted(path).find((r) => r.body.data.object.id === waiting.id),
      20_000,
    );
  });

  it('tells of every kind of change: pictures archived, contracts, inspections, wallet movements, each with the resource as GET returns it', async () => {
    const path = '/hook/everything';
    await newEndpoint(path);
    const car = data<any[]>(await api('GET', '/api/v1/cars?limit=1', { key: admin }))[0];
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: admin,
        body: { name: 'Every Event', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const order = data(
      await api('POST', '/api/v1/orders', {
        key: admin,
        body: { customerId: customer.id, carId: Number(car.id), totalAmount: 20_000 },
      }),
      201,
    );
    const contract = data(
      await api('POST', '/api/v1/contracts', { key: admin, body: { orderId: order.id, customerName: 'Every Event' } }),
      201,
    );
    data(
      await api('POST', `/api/v1/contracts/${contract.id}/send`, {
        key: admin,
        body: { phone: customer.mobileNumber },
      }),
    );
    data(await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, { key: admin }));
    const inspector = data(
      await api('POST', '/api/v1/users', {
        key: admin,
        body: { name: 'Inspector Events', role: 'inspector', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const inspection = data(
      await api('POST', '/api/v1/inspections', { key: admin, body: { orderId: order.id, inspectorId: inspector.id } }),
      201,
    );
    data(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, { key: admin, body: { status: 'InProgress' } }),
    );
    const moved = data(
      await api('POST', `/api/v1/wallets/${customer.walletId}/transactions`, {
        key: admin,
        body: { type: 'credit', amount: 250, currency: 'USD', description: 'top-up' },
      }),
      201,
    );

    const about = (id: string) =>
      receiver
        .accepted(path)
        .filter((r) => r.body.resource.id === id)
        .map((r) => r.body);
    await waitFor(
      'every kind of event',
      async () =>
        about(order.id).some((e) => e.type === 'order.pictures_archived') &&
        about(contract.id).length === 2 &&
        about(inspection.id).length === 2 &&
        about(customer.walletId).length === 1
          ? true
          : undefined,
      60_000,
      250,
    );
    expect(about(order.id).map((e) => e.type)).toEqual(['order.created', 'order.pictures_archived']);
    expect(about(order.id)[1].data.object.imageArchive).toMatchObject({ status: 'done' });
    expect(about(contract.id).map((e) => e.type)).toEqual(['contract.sent', 'contract.signed']);
    expect(about(contract.id)[1].data).toMatchObject({
      orderId: order.id,
      object: data(await api('GET', `/api/v1/contracts/${contract.id}`, { key: admin })),
    });
    expect(about(inspection.id).map((e) => e.type)).toEqual(['inspection.created', 'inspection.status_changed']);
    expect(about(inspection.id)[1].data).toMatchObject({
      from: 'Pending',
      to: 'InProgress',
      object: data(await api('GET', `/api/v1/inspections/${inspection.id}`, { key: admin })),
    });
    const [movement] = about(customer.walletId);
    expect(movement).toMatchObject({
      type: 'wallet.transaction_created',
      data: { object: moved.transaction, wallet: { id: customer.walletId, balance: 250 } },
    });
  });

  it('sends nothing across tenants, and another tenant cannot see or change it', async () => {
    const path = '/hook/private';
    const endpoint = await newEndpoint(path);
    const mine = await newOrder();
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: demoKey('admin'),
        body: { name: 'Other tenant', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const theirs = data(
      await api('POST', '/api/v1/orders', {
        key: demoKey('admin'),
        body: { customerId: customer.id, totalAmount: 10 },
      }),
      201,
    );
    await waitFor('our order', async () => receiver.accepted(path).find(ofOrder(mine.id)));
    await sleep(2_500);
    expect(receiver.received.filter(ofOrder(theirs.id))).toEqual([]);
    expect(
      receiver.received.every((r) => r.body.tenantId === undefined || r.body.tenantId === tenantId || r.path !== path),
    ).toBe(true);
    const other = demoKey('admin');
    expect((await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: other })).status).toBe(404);
    expect(
      (await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: other, body: { enabled: false } })).status,
    ).toBe(404);
    expect((await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: other })).status).toBe(404);
    expect(
      data<any[]>(await api('GET', '/api/v1/webhook-endpoints', { key: other })).some((e) => e.id === endpoint.id),
    ).toBe(false);
  });

  it('is managed by admins only: types, manual disabling, secret rotation with two signatures, a test event', async () => {
    const path = '/hook/managed';
    const endpoint = await newEndpoint(path, { eventTypes: ['order.status_changed'], description: 'ERP' });
    expect(
      (
        await api('POST', '/api/v1/webhook-endpoints', {
          key: demoKey('operations'),
          body: { url: receiver.url('/x') },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('POST', '/api/v1/webhook-endpoints', { key: admin, body: { url: 'ftp://example.com/x' } })).body,
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.url' }],
    });
    expect(
      (
        await api('POST', '/api/v1/webhook-endpoints', {
          key: admin,
          body: { url: receiver.url('/x'), eventTypes: ['order.teleported'] },
        })
      ).status,
    ).toBe(400);
    // A bad URL and a bad type are both named in one answer, the type's values in one sentence.
    const both = await api('POST', '/api/v1/webhook-endpoints', {
      key: admin,
      body: { url: 'ftp://x', eventTypes: ['order.nope'] },
    });
    expect(both.status).toBe(400);
    const problems = new Map(both.body.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect([...problems.keys()].sort()).toEqual(['body.eventTypes[0]', 'body.url']);
    expect(problems.get('body.eventTypes[0]')).toMatch(
      /^must be one of order\.created, order\.status_changed, .*; got "order\.nope"$/,
    );
    expect(problems.get('body.eventTypes[0]')).not.toMatch(/ and must be /);
    // "*" means every type, as the staff CLI's --events * does: held and answered as no types listed.
    const every = data(
      await api('POST', '/api/v1/webhook-endpoints', {
        key: admin,
        body: { url: receiver.url('/hook/every'), eventTypes: ['*'] },
      }),
      201,
    );
    expect(every.endpoint.eventTypes).toEqual([]);
    const narrowed = data(
      await api('PATCH', `/api/v1/webhook-endpoints/${every.endpoint.id}`, {
        key: admin,
        body: { eventTypes: ['order.created'], version: every.endpoint.version },
      }),
    );
    expect(narrowed.eventTypes).toEqual(['order.created']);
    const widened = data(
      await api('PATCH', `/api/v1/webhook-endpoints/${every.endpoint.id}`, {
        key: admin,
        body: { eventTypes: ['*'], version: narrowed.version },
      }),
    );
    expect(widened.eventTypes).toEqual([]);
    data(await api('DELETE', `/api/v1/webhook-endpoints/${every.endpoint.id}`, { key: admin }));

    // Only the subscribed type arrives.
    const order = await newOrder();
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/status`, {
        key: admin,
        body: { status: 'Cancelled', version: 1 },
      }),
    );
    await waitFor('the status change', async () => receiver.accepted(path).find(ofOrder(order.id)));
    expect(
      receiver
        .accepted(path)
        .filter(ofOrder(order.id))
        .map((r) => r.body.type),
    ).toEqual(['order.status_changed']);

    // Disabled by hand: nothing goes out until it is enabled again.
    data(await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: false } }));
    const held = await newOrder();
    data(
      await api('PATCH', `/api/v1/orders/${held.id}/status`, { key: admin, body: { status: 'Cancelled', version: 1 } }),
    );
    await sleep(2_500);
    expect(receiver.received.filter((r) => r.path === path && ofOrder(held.id)(r))).toEqual([]);

    // A rotation: deliveries carry both signatures during the grace period.
    const rotated = data(
      await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, {
        key: admin,
        body: { graceSeconds: 3600 },
      }),
      201,
    );
    expect(rotated.endpoint.previousSecretExpiresAt).toBeDefined();
    const old = (await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin })).body.data;
    receiver.trust(path, rotated.secret);
    data(
      await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
        key: admin,
        body: { enabled: true, version: old.version },
      }),
    );
    const late = await waitFor(
      'the held event after enabling',
      async () => receiver.accepted(path).find(ofOrder(held.id)),
      20_000,
    );
    expect(late.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    receiver.trust(path, endpoint.secret);
    const test = data(await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, { key: admin }));
    expect(test).toMatchObject({ eventType: 'webhook.test', status: 'delivered', attempts: 1 });
    expect(receiver.accepted(path).find((r) => r.id === test.id)?.verified).toBe(true);

    // A stale version is refused.
    const stale = await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
      key: admin,
      body: { description: 'x', version: 1 },
    });
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT' });
  });

  it('delivers 200 order.created events for 200 creations, 50 at a time, each exactly once by webhook-id', async () => {
    const path = '/hook/load';
    await newEndpoint(path, { eventTypes: ['order.created'] });
    const customer = data(
      await api('POST', '/api/v1/customers', {
        key: admin,
        body: { name: 'Load Customer', mobileNumber: uniquePhone() },
      }),
      201,
    );
    const started = Date.now();
    // As a client should: an Idempotency-Key, and a retry after Retry-After when the overloaded
    // local stack answers 503 (200 creations at once on one DynamoDB Local).
    const create = async (i: number, attempt = 1): Promise<any> => {
      const res = await api('POST', '/api/v1/orders', {
        key: admin,
        body: { customerId: customer.id, totalAmount: 10 },
        headers: { 'Idempotency-Key': `load-${customer.id}-${i}` },
      });
      if (res.status === 503 && attempt < 4) {
        await sleep(1_000 * Number(res.headers.get('retry-after') ?? 1));
        return create(i, attempt + 1);
      }
      return data(res, 201);
    };
    // 50 at a time: the test stack's feed looks back 2 s (EVENT_SETTLE_MS; 30 s in AWS, the
    // longest a write can take to commit), and 200 transactions queued at once on one DynamoDB
    // Local beside the whole suite can take longer than that to commit.
    const orders = await inPool(200, 50, (i) => create(i));
    const createdMs = Date.now() - started;
    const ids = new Set(orders.map((o) => o.id));
    const ours = () => receiver.received.filter((r) => r.path === path && ids.has(r.body?.data?.object?.id));
    // The events wake the tenant's endpoints, as their stream trigger does in AWS: the deliveries do
    // not wait for the local stack's sweep of every endpoint of the run to come round.
    const stopWaking = wakeTenantUntilStopped(tenantId);
    try {
      await waitForCount('deliveries', () => new Set(ours().map((r) => r.id)).size, 200);
    } finally {
      await stopWaking();
    }
    const deliveredMs = Date.now() - started;
    await sleep(2_000);
    const got = ours();
    expect(got).toHaveLength(200);
    expect(new Set(got.map((r) => r.id)).size).toBe(200);
    expect(got.every((r) => r.verified && r.body.type === 'order.created')).toBe(true);
    console.log(
      `webhook load: 200 orders created in ${createdMs} ms; all 200 order.created delivered ${deliveredMs} ms after the first request; ${got.length} POSTs received`,
    );
    // Creating and delivering 200 at once can take minutes while the whole suite shares the
    // machine: the wait above fails only when deliveries stop coming for a minute.
  }, 300_000);
});

describe('delivery status', () => {
  it('shows a delivery to a receiver that is down as retrying, with the next attempt and the last error, then failed', async () => {
    const endpoint = data(
      await api('POST', '/api/v1/webhook-endpoints', {
        key: admin,
        body: { url: `http://127.0.0.1:${await closedPort()}/down`, eventTypes: ['order.created'] },
      }),
      201,
    ).endpoint;
    const order = await newOrder();
    const mine = (list: any[]) => list.find((d) => d.eventType === 'order.created');

    // While it is retried: `retrying`, in the retrying list, with when and why.
    const retrying = await waitFor(
      'the delivery retrying',
      async () => mine(await deliveriesOf(endpoint.id, '?status=retrying')),
      20_000,
      50,
    );
    expect(retrying).toMatchObject({
      status: 'retrying',
      attempts: expect.any(Number),
      nextAttemptAt: expect.any(String),
      lastError: expect.stringMatching(/ECONNREFUSED|refused/i),
    });
    expect(retrying.attempts).toBeGreaterThanOrEqual(1);
    expect(retrying.attemptLog.at(-1).statusCode).toBeUndefined();
    const one = data(
      await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${retrying.id}`, { key: admin }),
    );
    expect(['retrying', 'failed']).toContain(one.status);
    expect(one.payload.data.object.id).toBe(order.id);
    // Replayed while it is retried (its receiver fixed, say): due now, with no wait for the next
    // attempt, and still in its record's queue, so the events after it keep following it.
    const early = await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${retrying.id}/replay`, {
      key: admin,
    });
    expect(early.status, early.text).toBe(200);
    // (Unless the schedule, compressed here to seconds, gave up first: then it is replayed on its own.)
    if (early.body.data.replayed !== true && early.body.data.nextAttemptAt)
      expect(Date.parse(early.body.data.nextAttemptAt)).toBeLessThanOrEqual(Date.now() + 1_000);

    // Once the schedule gives up: `failed`, in the failed list and out of the retrying one.
    const failed = await waitFor(
      'the delivery given up',
      async () => mine(await deliveriesOf(endpoint.id, '?status=failed')),
      60_000,
      250,
    );
    expect(failed).toMatchObject({
      id: retrying.id,
      status: 'failed',
      attempts: 8,
      failedAt: expect.any(String),
      lastError: expect.stringMatching(/ECONNREFUSED|refused/i),
    });
    expect(failed.nextAttemptAt).toBeUndefined();
    expect(await deliveriesOf(endpoint.id, '?status=retrying')).toEqual([]);
    expect(mine(await deliveriesOf(endpoint.id))).toMatchObject({ id: retrying.id, status: 'failed' });
    expect(
      (await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries?status=pending`, { key: admin })).status,
    ).toBe(400);
    data(await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin }));
  });

  it('shows a delivery waiting on a disabled endpoint as pending without a next attempt', async () => {
    const path = '/hook/waiting';
    const endpoint = await newEndpoint(path, { eventTypes: ['order.created'] });
    data(await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: false } }));
    const order = await newOrder();
    const waiting = await waitFor(
      'the queued delivery',
      async () => (await deliveriesOf(endpoint.id)).find((d) => d.eventType === 'order.created'),
      20_000,
      250,
    );
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting.nextAttemptAt).toBeUndefined();
    expect(waiting.lastError).toBeUndefined();
    // Not tried yet: it goes in its turn, and a replay says so.
    const early = await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${waiting.id}/replay`, {
      key: admin,
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'INVALID_STATE',
      details: [{ field: 'path.deliveryId', status: 'pending' }],
    });
    data(await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: true } }));
    await waitFor('the waiting event delivered', async () => receiver.accepted(path).find(ofOrder(order.id)), 20_000);
  });
});

describe('deleting a webhook endpoint', () => {
  it('stops its deliveries, keeps its delivery log readable, records it in the audit trail, and answers 404 after', async () => {
    const path = '/hook/deleted';
    receiver.answer(path, () => 503);
    const endpoint = await newEndpoint(path, { eventTypes: ['order.created'] });
    const order = await newOrder();
    const retrying = await waitFor(
      'a delivery being retried',
      async () => (await deliveriesOf(endpoint.id, '?status=retrying')).find((d) => d.eventType === 'order.created'),
      20_000,
      50,
    );

    const deleted = data(await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin }));
    expect(deleted).toMatchObject({
      id: endpoint.id,
      tenantId,
      enabled: false,
      deletedAt: expect.any(String),
      url: receiver.url(path),
    });

    // Nothing more goes out: the delivery being retried is cancelled.
    await sleep(1_500);
    const sent = receiver.received.filter((r) => r.path === path).length;
    await sleep(3_000);
    expect(receiver.received.filter((r) => r.path === path)).toHaveLength(sent);
    expect(receiver.received.filter((r) => r.path === path).every((r) => r.id === retrying.id)).toBe(true);
    expect(receiver.accepted(path)).toEqual([]);

    // Gone from every route but its delivery log.
    expect((await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin })).status).toBe(404);
    expect(
      data<any[]>(await api('GET', '/api/v1/webhook-endpoints', { key: admin })).some((e) => e.id === endpoint.id),
    ).toBe(false);
    expect(
      (await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: true } })).status,
    ).toBe(404);
    expect((await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, { key: admin })).status).toBe(404);
    expect((await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { key: admin })).status).toBe(
      404,
    );
    expect(
      (
        await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/replay`, {
          key: admin,
          body: { since: '2020-01-01T00:00:00Z' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${retrying.id}/replay`, { key: admin }))
        .status,
    ).toBe(404);
    const again = await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND' });

    const log = await deliveriesOf(endpoint.id);
    expect(log.map((d) => d.id)).toContain(retrying.id);
    const cancelled = data(
      await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${retrying.id}`, { key: admin }),
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', lastError: 'HTTP 503' });
    expect(cancelled.nextAttemptAt).toBeUndefined();
    expect(cancelled.attemptLog.length).toBe(sent);
    expect(cancelled.payload.data.object.id).toBe(order.id);
    expect(await deliveriesOf(endpoint.id, '?status=retrying')).toEqual([]);
    // Another tenant does not see the log of a deleted endpoint either.
    expect(
      (await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: demoKey('admin') })).status,
    ).toBe(404);

    const audit = data<any[]>(
      await api('GET', `/api/v1/audit?entity=webhookEndpoint&id=${endpoint.id}`, { key: admin }),
    );
    expect(audit.map((a) => a.action)).toContain('deleted');
    expect(audit.find((a) => a.action === 'deleted').changes).toMatchObject({
      enabled: { before: true, after: false },
      deletedAt: { after: deleted.deletedAt },
    });
  });

  it("is for admins of the endpoint's tenant only (platform staff: any); an unknown id is 404", async () => {
    const endpoint = await newEndpoint('/hook/guarded', { eventTypes: ['order.created'] });
    expect((await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: integrator })).status).toBe(403);
    expect(
      (await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: demoKey('operations') })).status,
    ).toBe(403);
    const other = await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: demoKey('admin') });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(data(await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin }))).toMatchObject({
      id: endpoint.id,
      enabled: true,
    });
    expect((await api('DELETE', '/api/v1/webhook-endpoints/cm0unknownendpoint000000', { key: admin })).status).toBe(
      404,
    );
    expect((await api('DELETE', '/api/v1/webhook-endpoints/not%20an%20id', { key: admin })).status).toBe(400);

    expect(
      data(await api('DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: demoKey('platform') })),
    ).toMatchObject({
      id: endpoint.id,
      tenantId,
      deletedAt: expect.any(String),
    });
    expect((await api('GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin })).status).toBe(404);
  });

  it('frees its place: the limit of 20 counts live endpoints, disabled ones included, not deleted ones', async () => {
    const subdomain = `hooklimit${Date.now().toString(36)}`;
    const limitTenant = (
      await createTenant({
        name: `Webhook limit ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
      })
    ).id;
    const limitAdmin = (await newApiKey({ name: 'limit admin', role: 'admin', tenantId: limitTenant })).key;
    const create = (i: number) =>
      api('POST', '/api/v1/webhook-endpoints', {
        key: limitAdmin,
        body: { url: receiver.url(`/hook/limit/${i}`), eventTypes: ['order.created'] },
      });
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push(data(await create(i), 201).endpoint.id);
    data(await api('PATCH', `/api/v1/webhook-endpoints/${ids[0]}`, { key: limitAdmin, body: { enabled: false } }));
    const full = await create(20);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'INVALID_STATE' });

    data(await api('DELETE', `/api/v1/webhook-endpoints/${ids[0]}`, { key: limitAdmin }));
    const listed = data<any[]>(await api('GET', '/api/v1/webhook-endpoints', { key: limitAdmin }));
    expect(listed).toHaveLength(19);
    expect(listed.some((e) => e.id === ids[0])).toBe(false);
    ids.push(data(await create(21), 201).endpoint.id);
    expect((await create(22)).status).toBe(409);
    for (const id of ids.slice(1)) data(await api('DELETE', `/api/v1/webhook-endpoints/${id}`, { key: limitAdmin }));
    expect(data<any[]>(await api('GET', '/api/v1/webhook-endpoints', { key: limitAdmin }))).toEqual([]);
  });
});

describe('the event feed', () => {
  it("returns the tenant's events once each, in order per resource, paged by cursor", async () => {
    const order = await newOrder({ receiptAmount: 100 });
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/status`, {
        key: admin,
        body: { status: 'Cancelled', version: 1 },
      }),
    );
    const all: any[] = [];
    let after: string | undefined;
    for (let page = 0; page < 200; page += 1) {
      const res = await api('GET', `/api/v1/events?limit=50${after ? `&after=${after}` : ''}`, { key: integrator });
      const events = data<any[]>(res);
      all.push(...events);
      after = res.body.meta.nextCursor;
      expect(after).toBeTruthy();
      if (events.length === 0 && all.some((e) => e.type === 'order.status_changed' && e.resource.id === order.id))
        break;
      if (events.length === 0) await sleep(500);
    }
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(all.every((e) => e.tenantId === tenantId)).toBe(true);
    const lane = all.filter((e) => e.resource.id === order.id).map((e) => e.type);
    expect(lane).toEqual(['order.created', 'order.status_changed']);
    expect(all.some((e) => e.type === 'billing_entry.created' && e.data.orderId === order.id)).toBe(true);

    // Filtered by type; refused for a cursor it never gave or an unknown type; other tenants see none of it.
    const created = data<any[]>(
      await api('GET', '/api/v1/events?types=order.status_changed&limit=200', { key: integrator }),
    );
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((e) => e.type === 'order.status_changed')).toBe(true);
    expect((await api('GET', '/api/v1/events?after=nonsense', { key: integrator })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'query.after' }],
    });
    expect((await api('GET', '/api/v1/events?types=order.exploded', { key: integrator })).status).toBe(400);
    const theirs = data<any[]>(await api('GET', '/api/v1/events?limit=200', { key: demoKey('integrator', 'seoul') }));
    expect(theirs.some((e) => e.tenantId === tenantId)).toBe(false);
    expect((await api('GET', '/api/v1/events', { key: demoKey('marketer') })).status).toBe(403);
  });

  it('fills a page filtered by type past the events of other types, so a short page means up to date', async () => {
    // The tenant's feed starts with order.created and billing_entry.created events (the test above); then status changes.
    const order = await newOrder({ receiptAmount: 100 });
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/status`, {
        key: admin,
        body: { status: 'Cancelled', version: 1 },
      }),
    );
    // Every event of the tenant so far (other tests of this file made hundreds), following the unfiltered chain to its end.
    const everything: any[] = [];
    for (let after: string | undefined; ; ) {
      const res = await api('GET', `/api/v1/events?limit=200${after ? `&after=${after}` : ''}`, { key: integrator });
      const page = data<any[]>(res);
      everything.push(...page);
      after = res.body.meta.nextCursor;
      if (page.length < 200) break;
    }
    const changed = everything.filter((e) => e.type === 'order.status_changed').map((e) => e.id);
    expect(everything[0].type).not.toBe('order.status_changed');
    expect(changed.length).toBeGreaterThanOrEqual(2);

    const typed: string[] = [];
    const pageSizes: number[] = [];
    let after: string | undefined;
    for (;;) {
      const res = await api(
        'GET',
        `/api/v1/events?types=order.status_changed&limit=1${after ? `&after=${after}` : ''}`,
        { key: integrator },
      );
      const events = data<any[]>(res);
      pageSizes.push(events.length);
      typed.push(...events.map((e) => e.id));
      after = res.body.meta.nextCursor;
      if (events.length < 1 || pageSizes.length > changed.length + 1) break;
    }

    // Every page is full until the one that says the chain is up to date; nothing is missed.
    expect(pageSizes).toEqual([...changed.map(() => 1), 0]);
    expect(typed).toEqual(changed);
  });
});
