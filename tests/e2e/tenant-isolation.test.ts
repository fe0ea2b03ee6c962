/**
 * Tenant scope is enforced where records are read and written (the data layer), so no route can
 * reach another tenant's record, however it is addressed: by the id in the path, or by an id in
 * the body. Marketers see only their own orders and customers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../lib/schemas/index.js';
import type { RouteSpec } from '../../lib/schemas/route.js';
import { newApiKey, newStaffUser } from '../support/staff.js';
import { api, demoKey, uniquePhone, type ApiResponse } from '../support/http.js';
import { DEMO_INSPECTOR, GULF, SEOUL } from '../support/order-children.js';
import { accountantKey, credit, newCustomer, placeOrder } from '../support/orders.js';

async function keyFor(role: 'admin' | 'marketer' | 'accountant', tenantId: string, userId?: string): Promise<string> {
  const { key } = await newApiKey({
    name: `test: ${role} of ${tenantId}`,
    ...(userId ? { userId } : { role, tenantId }),
  });
  return key;
}

const expectOk = (res: ApiResponse, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};

/** The Gulf records every route below points at, and how they look through a Gulf key. */
interface GulfRecords {
  customerId: string;
  walletId: string;
  orderId: string;
  contractId: string;
  billingId: string;
  inspectionId: string;
  userId: string;
  keyId: string;
  webhookEndpointId: string;
  webhookDeliveryId: string;
}

async function gulfRecords(): Promise<GulfRecords> {
  const ops = demoKey('operations');
  const customer = await newCustomer();
  await credit(customer.walletId, 100);
  const order = await placeOrder(accountantKey(), { customerId: customer.id, totalAmount: 5000, receiptAmount: 500 });
  const contract = expectOk(
    await api('POST', '/api/v1/contracts', { key: ops, body: { orderId: order.id, customerName: 'Gulf Customer' } }),
    201,
  );
  const billing = expectOk(await api('GET', `/api/v1/orders/${order.id}/billing`, { key: ops }))[0];
  const inspection = expectOk(
    await api('POST', '/api/v1/inspections', { key: ops, body: { orderId: order.id, inspectorId: DEMO_INSPECTOR } }),
    201,
  );
  // An inspector: no notifications go to inspectors, so other tests' message counts are unaffected.
  const userId = await newStaffUser('inspector', GULF, { name: 'Isolated user' });
  const { id: keyId } = await newApiKey({ name: 'isolated key', userId });
  // A disabled endpoint (nothing is delivered to it) with one logged test delivery.
  const admin = demoKey('admin');
  const endpoint = expectOk(
    await api('POST', '/api/v1/webhook-endpoints', {
      key: admin,
      body: { url: 'http://127.0.0.1:9/isolated', eventTypes: ['order.created'] },
    }),
    201,
  ).endpoint;
  expectOk(await api('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { key: admin, body: { enabled: false } }));
  const delivery = expectOk(await api('POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, { key: admin }));
  return {
    customerId: customer.id,
    walletId: customer.walletId,
    orderId: order.id,
    contractId: contract.id,
    billingId: billing.id,
    inspectionId: inspection.id,
    userId,
    keyId,
    webhookEndpointId: endpoint.id,
    webhookDeliveryId: delivery.id,
  };
}

/** Everything a Gulf admin sees of those records: compared before and after the foreign calls. */
async function snapshot(records: GulfRecords, key: string): Promise<unknown> {
  const get = async (path: string) => expectOk(await api('GET', path, { key }));
  return {
    customer: await get(`/api/v1/customers/${records.customerId}`),
    wallet: await get(`/api/v1/customers/${records.customerId}/wallet`),
    ledger: await get(`/api/v1/wallets/${records.walletId}/transactions`),
    order: await get(`/api/v1/orders/${records.orderId}`),
    contract: await get(`/api/v1/contracts/${records.contractId}`),
    billing: await get(`/api/v1/orders/${records.orderId}/billing`),
    inspection: await get(`/api/v1/inspections/${records.inspectionId}`),
    user: await get(`/api/v1/users/${records.userId}`),
    key: ((await get('/api/v1/api-keys')) as Array<{ id: string }>).find((k) => k.id === records.keyId),
    webhookEndpoint: await get(`/api/v1/webhook-endpoints/${records.webhookEndpointId}`),
    webhookDelivery: await get(
      `/api/v1/webhook-endpoints/${records.webhookEndpointId}/deliveries/${records.webhookDeliveryId}`,
    ),
  };
}

/** Which record a path's {id} names, by the resource the path starts with. */
function idFor(route: RouteSpec, records: GulfRecords): string {
  const resource = route.path.split('/')[3];
  const ids: Record<string, string> = {
    customers: records.customerId,
    wallets: records.walletId,
    orders: records.orderId,
    contracts: records.contractId,
    billing: records.billingId,
    inspections: records.inspectionId,
    users: records.userId,
    'api-keys': records.keyId,
    'webhook-endpoints': records.webhookEndpointId,
  };
  const id = ids[resource ?? ''];
  if (!id) throw new Error(`no Gulf record for ${route.method} ${route.path}: add one to this test`);
  return id;
}

/** A body each route accepts, so that only the tenant (not validation) can refuse the call. */
const VALID_BODIES: Record<string, unknown> = {
  createWalletTransaction: { type: 'credit', amount: 1, currency: 'USD', description: 'cross-tenant attempt' },
  changeOrderStatus: { status: 'Cancelled', version: 1 },
  validateOrderTransition: { targetStatus: 'Cancelled' },
  setCustomerNotifications: { enabled: false, version: 1 },
  setOrderDestination: { destinationCountry: 'AE', version: 1 },
  setCustomsInvoice: { buyerName: 'Intruder', items: [{ description: 'car', amount: 1 }], currency: 'USD' },
  addCustomsDocuments: { documents: [{ type: 'export', url: 'https://example.com/x.pdf' }] },
  updateContract: { notes: 'changed by another tenant' },
  sendContract: { phone: '+971501234567' },
  signContract: { signedDocument: { url: 'https://example.com/signed.pdf' } },
  setBillingDocumentUrl: { type: 'receipt', pdfUrl: 'https://example.com/receipt.pdf' },
  changeInspectionStatus: { status: 'InProgress' },
  updateUser: { name: 'Renamed by another tenant' },
  rotateApiKey: { graceSeconds: 0 },
  updateWebhookEndpoint: { description: 'changed by another tenant' },
  rotateWebhookSecret: { graceSeconds: 0 },
  testWebhookEndpoint: {},
  replayWebhookDelivery: {},
  replayFailedWebhooks: { since: '2020-01-01T00:00:00Z' },
  recordExportStep: { date: '2026-01-05', documentUrl: 'https://example.com/dereg.pdf' },
  generateOrderDocument: { type: 'proforma-invoice' },
  replaceTrackingLink: {},
  setOrderConsignee: {
    name: 'Intruder',
    address: 'Somewhere',
    city: 'Dubai',
    country: 'United Arab Emirates',
    phone: '+971501234567',
    idNumber: 'X1',
  },
  setDocumentCourier: { telexRelease: true },
  updateShipment: {
    method: 'roro',
    bookingNumber: 'BK-X',
    carrier: 'Carrier',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'AEJEA',
  },
};

/**
 * Catalogue cars are not tenant records: every storefront may see a car its providers list.
 * Catalogue feed files belong to no tenant either: platform admins alone see them (403 for every
 * tenant's key, tested in tests/integration/catalogue-feeds.test.ts).
 */
const NOT_TENANT_OWNED = new Set(['getCar', 'getFeedFile', 'confirmFeedFile', 'discardFeedFile']);

const routesWithId = allRoutes.filter((route) => route.path.includes('{id}') && !NOT_TENANT_OWNED.has(route.id));

let records: GulfRecords;
let gulfAdmin: string;
let seoulAdmin: string;

beforeAll(async () => {
  [gulfAdmin, seoulAdmin] = await Promise.all([keyFor('admin', GULF), keyFor('admin', SEOUL)]);
  records = await gulfRecords();
});

describe("another tenant's key, on every route with an id", () => {
  it('covers every route whose path names a record (a new route must be added to this table)', () => {
    const withBody = routesWithId.filter((route) => route.body !== undefined).map((route) => route.id);
    expect(withBody.filter((id) => !(id in VALID_BODIES))).toEqual([]);
    expect(routesWithId.length).toBeGreaterThanOrEqual(26);
  });

  it.each(routesWithId.map((route) => [`${route.method} ${route.path}`, route] as const))(
    'answers 404 on %s and changes nothing',
    async (_name, route) => {
      const before = await snapshot(records, gulfAdmin);

      const path = route.path
        .replace('{id}', idFor(route, records))
        .replace('{deliveryId}', records.webhookDeliveryId)
        .replace('{step}', 'deregistration');
      const res = await api(route.method, path, { key: seoulAdmin, body: VALID_BODIES[route.id] });

      expect(res.status, res.text).toBe(404);
      expect(res.body).toMatchObject({ success: false, statusCode: 404, code: 'NOT_FOUND' });
      expect(await snapshot(records, gulfAdmin)).toEqual(before);
    },
  );
});

describe("another tenant's record named in a body", () => {
  it.each([
    [
      'an order for its customer',
      'POST',
      '/api/v1/orders',
      (r: GulfRecords) => ({ customerId: r.customerId, totalAmount: 1 }),
    ],
    [
      'a contract for its order',
      'POST',
      '/api/v1/contracts',
      (r: GulfRecords) => ({ orderId: r.orderId, customerName: 'Intruder' }),
    ],
    [
      'a billing entry for its order',
      'POST',
      '/api/v1/billing',
      (r: GulfRecords) => ({ orderId: r.orderId, type: 'receipt', amount: 1, currency: 'USD', description: 'x' }),
    ],
    [
      'an inspection of its order',
      'POST',
      '/api/v1/inspections',
      (r: GulfRecords) => ({ orderId: r.orderId, inspectorId: DEMO_INSPECTOR }),
    ],
  ] as const)('refuses %s with 404 and writes nothing', async (_what, method, path, body) => {
    const before = await snapshot(records, gulfAdmin);

    const res = await api(method, path, { key: seoulAdmin, body: body(records) });

    expect(res.status, res.text).toBe(404);
    expect(await snapshot(records, gulfAdmin)).toEqual(before);
  });

  it("refuses a wallet movement naming another tenant's order, and moves no money", async () => {
    const seoulKey = await keyFor('accountant', SEOUL);
    const seoulCustomer = await newCustomer({ key: seoulKey });

    const res = await api('POST', `/api/v1/wallets/${seoulCustomer.walletId}/transactions`, {
      key: seoulKey,
      body: { type: 'credit', amount: 10, currency: 'USD', description: 'refund', orderId: records.orderId },
    });

    expect(res.status, res.text).toBe(404);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'body.orderId' })]);
    expect(expectOk(await api('GET', `/api/v1/customers/${seoulCustomer.id}/wallet`, { key: seoulKey })).balance).toBe(
      0,
    );
  });

  it("refuses a wallet movement naming an order of another customer of the same tenant, and accepts the customer's own", async () => {
    const other = await newCustomer();
    const otherOrder = await placeOrder(accountantKey(), { customerId: other.id, totalAmount: 10 });
    const move = (orderId: string) =>
      api('POST', `/api/v1/wallets/${records.walletId}/transactions`, {
        key: accountantKey(),
        body: { type: 'credit', amount: 5, currency: 'USD', description: 'refund', orderId },
      });

    const foreign = await move(otherOrder.id);
    const own = await move(records.orderId);

    expect(foreign.status, foreign.text).toBe(404);
    expect(own.status, own.text).toBe(201);
    expect(own.body.data.transaction.orderId).toBe(records.orderId);
  });
});

describe('marketers', () => {
  let marketerA: string;
  let marketerB: string;
  beforeAll(async () => {
    const [marketerAId, marketerBId] = await Promise.all([
      newStaffUser('marketer', GULF, { name: 'Marketer A' }),
      newStaffUser('marketer', GULF, { name: 'Marketer B' }),
    ]);
    [marketerA, marketerB] = await Promise.all([
      keyFor('marketer', GULF, marketerAId),
      keyFor('marketer', GULF, marketerBId),
    ]);
  });

  const customerViews = (key: string, customer: { id: string; walletId: string }) =>
    Promise.all([
      api('GET', `/api/v1/customers/${customer.id}`, { key }),
      api('GET', `/api/v1/customers/${customer.id}/wallet`, { key }),
      api('GET', `/api/v1/wallets/${customer.walletId}/transactions`, { key }),
    ]).then((responses) => responses.map((r) => r.status));

  it('see the customers they created, with wallet and ledger; another marketer gets 404 for each', async () => {
    const phone = uniquePhone();
    const created = expectOk(
      await api('POST', '/api/v1/customers', { key: marketerA, body: { name: 'Walk-in', mobileNumber: phone } }),
      201,
    );

    expect(await customerViews(marketerA, created)).toEqual([200, 200, 200]);
    expect(await customerViews(marketerB, created)).toEqual([404, 404, 404]);
    expect(
      expectOk(await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: marketerB })),
    ).toEqual([]);
  });

  it("do not see the tenant's other customers until they have an order for them", async () => {
    const customer = await newCustomer();
    await credit(customer.walletId, 50);

    const before = await customerViews(marketerA, customer);
    const searched = expectOk(
      await api(
        'GET',
        `/api/v1/customers/search?phone=${encodeURIComponent((await api('GET', `/api/v1/customers/${customer.id}`, { key: accountantKey() })).body.data.mobileNumber)}`,
        { key: marketerA },
      ),
    );
    await placeOrder(marketerA, { customerId: customer.id, totalAmount: 100 });
    const after = await customerViews(marketerA, customer);

    expect(before).toEqual([404, 404, 404]);
    expect(searched).toEqual([]);
    expect(after).toEqual([200, 200, 200]);
    expect(await customerViews(marketerB, customer)).toEqual([404, 404, 404]);
  });

  it("answer 404 for another marketer's order and its records", async () => {
    const customer = await newCustomer();
    const order = await placeOrder(marketerA, { customerId: customer.id, totalAmount: 100 });

    const statuses = await Promise.all(
      [
        `/api/v1/orders/${order.id}`,
        `/api/v1/orders/${order.id}/billing`,
        `/api/v1/orders/${order.id}/contracts`,
        `/api/v1/orders/${order.id}/inspections`,
      ].map(async (path) => (await api('GET', path, { key: marketerB })).status),
    );

    expect(statuses).toEqual([404, 404, 404, 404]);
    expect((await api('GET', `/api/v1/orders/${order.id}`, { key: marketerA })).status).toBe(200);
  });
});

describe('inspectors', () => {
  it('may not create customers (403), and none is created', async () => {
    const phone = uniquePhone();

    const res = await api('POST', '/api/v1/customers', {
      key: demoKey('inspector'),
      body: { name: 'Not allowed', mobileNumber: phone },
    });

    expect(res.status, res.text).toBe(403);
    expect(
      expectOk(
        await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: accountantKey() }),
      ),
    ).toEqual([]);
  });
});
