/**
 * GET /api/v1/orders/counts: the orders of the caller's scope in each status, counted over the
 * whole scope (a tenant's status list, GSI9; a marketer's own orders); and GET /orders?status=
 * on a tenant's list, read from the same status list with the same answers and cursors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let tenantId: string;
let operations: string;
let marketer: string;
let platform: string;
const byOperations: string[] = [];
const byMarketer: string[] = [];

const ok = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body;
};

const fields = (res: { body: any }) => (res.body.details ?? []).map((d: { field: string }) => d.field);

async function pages(key: string, query: string, limit = 2): Promise<{ ids: string[]; metas: any[] }> {
  const ids: string[] = [];
  const metas: any[] = [];
  let cursor: string | undefined;
  do {
    const body = ok(
      await api(
        'GET',
        `/api/v1/orders?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key },
      ),
    );
    ids.push(...body.data.map((o: { id: string }) => o.id));
    metas.push(body.meta);
    cursor = body.meta.nextCursor;
  } while (cursor && metas.length < 30);
  return { ids, metas };
}

beforeAll(async () => {
  const subdomain = `oc${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Order counts ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  marketer = (await newApiKey({ userId: await newStaffUser('marketer', tenantId) })).key;
  platform = demoKey('platform');
  const customer = ok(
    await api('POST', '/api/v1/customers', {
      key: operations,
      body: { name: 'Count Customer', mobileNumber: uniquePhone() },
    }),
    201,
  ).data;
  const order = async (key: string, i: number) =>
    ok(
      await api('POST', '/api/v1/orders', {
        key,
        body: {
          customerId: customer.id,
          totalAmount: 10_000 + i,
          currency: 'USD',
          carDetails: { makeEn: 'Kia', modelEn: 'K5' },
        },
      }),
      201,
    ).data.id as string;
  for (let i = 0; i < 4; i += 1) byOperations.push(await order(operations, i));
  for (let i = 0; i < 2; i += 1) byMarketer.push(await order(marketer, 10 + i));
  // One order of each is cancelled: it leaves DepositSubmitted's list and count for Cancelled's.
  ok(
    await api('PATCH', `/api/v1/orders/${byOperations[1]}/status`, {
      key: operations,
      body: { status: 'Cancelled', version: 1 },
    }),
  );
  ok(
    await api('PATCH', `/api/v1/orders/${byMarketer[0]}/status`, {
      key: marketer,
      body: { status: 'Cancelled', version: 1 },
    }),
  );
});

describe('GET /api/v1/orders/counts', () => {
  it('counts every order of the tenant in each status, every status named', async () => {
    const { data } = ok(await api('GET', '/api/v1/orders/counts', { key: operations }));
    expect(data.total).toBe(6);
    expect(data.counts).toMatchObject({ DepositSubmitted: 4, Cancelled: 2, Delivered: 0, Purchased: 0 });
    expect(Object.keys(data.counts)).toHaveLength(11);
  });

  it("counts only a marketer's own orders", async () => {
    const { data } = ok(await api('GET', '/api/v1/orders/counts', { key: marketer }));
    expect(data.total).toBe(2);
    expect(data.counts).toMatchObject({ DepositSubmitted: 1, Cancelled: 1 });
  });

  it('keeps tenants apart: a platform key names the tenant, a tenant key may not name another', async () => {
    const ours = ok(await api('GET', '/api/v1/orders/counts', { key: operations })).data;
    expect(ok(await api('GET', `/api/v1/orders/counts?tenantId=${tenantId}`, { key: platform })).data).toEqual(ours);
    const gulfCustomer = ok(
      await api('POST', '/api/v1/customers', {
        key: demoKey('operations'),
        body: { name: 'Gulf Count Customer', mobileNumber: uniquePhone() },
      }),
      201,
    ).data;
    ok(
      await api('POST', '/api/v1/orders', {
        key: demoKey('operations'),
        body: { customerId: gulfCustomer.id, totalAmount: 9_000, currency: 'USD' },
      }),
      201,
    );
    const gulf = ok(await api('GET', '/api/v1/orders/counts', { key: demoKey('operations') })).data;
    expect(gulf.counts.DepositSubmitted).toBeGreaterThan(0);
    expect(ok(await api('GET', '/api/v1/orders/counts', { key: operations })).data).toEqual(ours);
    const gulfListed = await pages(demoKey('operations'), 'status=DepositSubmitted', 100);
    expect(gulfListed.ids.some((id) => byOperations.includes(id) || byMarketer.includes(id))).toBe(false);
    expect(gulfListed.ids).toHaveLength(gulf.counts.DepositSubmitted);
    const foreign = await api('GET', `/api/v1/orders/counts?tenantId=${tenantId}`, { key: demoKey('operations') });
    expect(foreign.status, foreign.text).toBe(403);
  });

  it('refuses a query it cannot answer with 400 naming the field, and is open to every role that lists orders', async () => {
    for (const [path, field] of [
      ['/api/v1/orders/counts?status=Cancelled', 'query.status'],
      ['/api/v1/orders/counts?tenantId=', 'query.tenantId'],
    ] as const) {
      const res = await api('GET', path, { key: operations });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(fields(res), path).toContain(field);
    }
    expect((await api('GET', '/api/v1/orders/counts')).status).toBe(401);
    for (const role of ['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator'] as const) {
      const me = ok(await api('GET', '/api/v1/me', { key: demoKey(role) })).data;
      expect(me.routes, role).toContain('GET /api/v1/orders/counts');
      expect((await api('GET', '/api/v1/orders/counts', { key: demoKey(role) })).status, role).toBe(200);
    }
  });
});

describe('GET /api/v1/orders?status= on a tenant', () => {
  it('lists the orders of the status newest first, across pages, with the same counts and totals', async () => {
    const all = await pages(operations, 'page=1', 100);
    const open = await pages(operations, 'status=DepositSubmitted');
    expect(open.ids).toEqual(all.ids.filter((id) => id !== byOperations[1] && id !== byMarketer[0]));
    expect(open.metas.map((m) => m.page)).toEqual([1, 2]);
    expect(open.metas.at(-1)).toMatchObject({ total: 4, totalPages: 2 });
    expect(open.metas[0].total).toBeUndefined();
    const cancelled = await pages(operations, 'status=Cancelled', 1);
    expect(cancelled.ids).toEqual([byMarketer[0], byOperations[1]]);
    // page=N reads the same list.
    const second = ok(await api('GET', '/api/v1/orders?status=DepositSubmitted&limit=2&page=2', { key: operations }));
    expect(second.data.map((o: { id: string }) => o.id)).toEqual(open.ids.slice(2));
    expect(second.meta).toMatchObject({ page: 2, total: 4, totalPages: 2 });
  });

  it('follows an order to its new status at once', async () => {
    ok(
      await api('PATCH', `/api/v1/orders/${byOperations[3]}/status`, {
        key: operations,
        body: { status: 'Cancelled', version: 1 },
      }),
    );
    expect((await pages(operations, 'status=DepositSubmitted')).ids).not.toContain(byOperations[3]);
    expect((await pages(operations, 'status=Cancelled')).ids).toContain(byOperations[3]);
    const { data } = ok(await api('GET', '/api/v1/orders/counts', { key: operations }));
    expect(data.counts).toMatchObject({ DepositSubmitted: 3, Cancelled: 3 });
    expect(data.total).toBe(6);
  });

  it("takes its own cursor, and refuses one of another tenant's or a marketer's listing", async () => {
    const first = ok(await api('GET', '/api/v1/orders?status=DepositSubmitted&limit=1', { key: operations }));
    const cursor = encodeURIComponent(first.meta.nextCursor);
    const next = ok(
      await api('GET', `/api/v1/orders?status=DepositSubmitted&limit=1&cursor=${cursor}`, { key: operations }),
    );
    expect(next.data[0].id).not.toBe(first.data[0].id);
    expect(next.meta.page).toBe(2);
    const mine = ok(await api('GET', '/api/v1/orders?status=Cancelled&limit=1', { key: marketer })).data;
    expect(mine).toHaveLength(1);
    const marketerCursor = encodeURIComponent(
      ok(await api('GET', '/api/v1/orders?limit=1', { key: marketer })).meta.nextCursor,
    );
    for (const [query, key] of [
      [`status=DepositSubmitted&limit=1&cursor=${cursor}`, demoKey('operations')],
      [`status=DepositSubmitted&limit=1&cursor=${marketerCursor}`, operations],
    ] as const) {
      const refused = await api('GET', `/api/v1/orders?${query}`, { key });
      expect(refused.status, refused.text).toBe(400);
      expect(fields(refused)).toContain('query.cursor');
    }
  });
});
