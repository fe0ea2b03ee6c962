/**
 * GET /api/v1/billing?status=Pending: the accountant's queue of entries to confirm across the
 * tenant's orders, oldest first; confirming takes an entry out at once; one tenant's queue only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let tenantId: string;
let operations: string;
let accountant: string;
const orderIds: string[] = [];

const ok = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body;
};

async function queue(
  key: string,
  query = '',
): Promise<Array<{ id: string; orderId: string; type: string; status: string }>> {
  const entries: Array<{ id: string; orderId: string; type: string; status: string }> = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const body = ok(
      await api(
        'GET',
        `/api/v1/billing?status=Pending&limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key },
      ),
    );
    entries.push(...body.data);
    cursor = body.meta.nextCursor;
    pages += 1;
  } while (cursor && pages < 30);
  return entries;
}

beforeAll(async () => {
  const subdomain = `bq${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Billing queue ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  accountant = (await newApiKey({ userId: await newStaffUser('accountant', tenantId) })).key;
  const customer = ok(
    await api('POST', '/api/v1/customers', {
      key: operations,
      body: { name: 'Queue Customer', mobileNumber: uniquePhone() },
    }),
    201,
  ).data;
  for (let i = 0; i < 3; i += 1) {
    const order = ok(
      await api('POST', '/api/v1/orders', {
        key: operations,
        body: {
          customerId: customer.id,
          totalAmount: 10_000 + i,
          currency: 'USD',
          carDetails: { makeEn: 'Kia', modelEn: 'K5' },
          receiptAmount: 1_000 + i,
        },
      }),
      201,
    ).data;
    orderIds.push(order.id);
  }
});

describe('GET /api/v1/billing?status=Pending', () => {
  it("lists every pending entry of the tenant's orders, oldest first, across pages, and an invoice too", async () => {
    const invoice = ok(
      await api('POST', '/api/v1/billing', {
        key: operations,
        body: { orderId: orderIds[0], type: 'invoice', amount: 9_000, currency: 'USD', description: 'Balance due' },
      }),
      201,
    ).data;
    const entries = await queue(accountant);
    expect(entries.map((e) => e.orderId)).toEqual([...orderIds, orderIds[0]]);
    expect(entries.every((e) => e.status === 'Pending')).toBe(true);
    expect(entries.at(-1)!.id).toBe(invoice.id);
    expect((await queue(accountant, '&type=invoice')).map((e) => e.id)).toEqual([invoice.id]);
    expect((await queue(accountant, '&type=receipt')).map((e) => e.orderId)).toEqual(orderIds);
  });

  it('takes a confirmed entry out at once, and keeps it out', async () => {
    const [first] = await queue(accountant, '&type=receipt');
    ok(await api('PATCH', `/api/v1/billing/${first!.id}/confirm`, { key: accountant }));
    const after = await queue(accountant);
    expect(after.map((e) => e.id)).not.toContain(first!.id);
    expect(after).toHaveLength(3);
    // Confirming again changes nothing, and it does not come back.
    ok(await api('PATCH', `/api/v1/billing/${first!.id}/confirm`, { key: accountant }));
    expect((await queue(accountant)).map((e) => e.id)).not.toContain(first!.id);
  });

  it("shows no other tenant's entries, and refuses a cursor of another tenant's queue", async () => {
    const ours = new Set((await queue(accountant)).map((e) => e.id));
    const theirs = await queue(demoKey('accountant'));
    expect(theirs.some((e) => ours.has(e.id))).toBe(false);
    const page = ok(await api('GET', '/api/v1/billing?status=Pending&limit=1', { key: accountant }));
    const foreign = await api(
      'GET',
      `/api/v1/billing?status=Pending&limit=1&cursor=${encodeURIComponent(page.meta.nextCursor)}`,
      {
        key: demoKey('accountant'),
      },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.map((d: { field: string }) => d.field)).toContain('query.cursor');
  });

  it('refuses a query it cannot answer with 400 naming the field, and is closed to marketers, inspectors and integrators', async () => {
    for (const [path, field] of [
      ['/api/v1/billing', 'query.status'],
      ['/api/v1/billing?status=Confirmed', 'query.status'],
      ['/api/v1/billing?status=Pending&type=refund', 'query.type'],
      ['/api/v1/billing?status=Pending&limit=0', 'query.limit'],
      ['/api/v1/billing?status=Pending&cursor=nope', 'query.cursor'],
    ] as const) {
      const res = await api('GET', path, { key: accountant });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    for (const role of ['marketer', 'inspector', 'integrator'] as const)
      expect((await api('GET', '/api/v1/billing?status=Pending', { key: demoKey(role) })).status, role).toBe(403);
  });
});
