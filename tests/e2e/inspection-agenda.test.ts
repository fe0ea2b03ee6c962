/**
 * An inspector's agenda over HTTP (GET /api/v1/inspections): their inspections by date, undated
 * ones last, with each order's number and customer; only their own for an inspector key, any
 * inspector's of the tenant for operations; open ones or one status; paged by cursor; and
 * inspections from before the agendas joining them by the migration.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { keyInspectionAgendas } from '../../lib/store/order-children.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api } from '../support/http.js';
import { newCustomer, placeOrder } from '../support/orders.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let operations: string;
let inspectorId: string;
let inspector: string;
let otherInspectorId: string;
let otherInspector: string;
let strangerOperations: string;

const day = (offset: number) => new Date(Date.UTC(2027, 0, 10 + offset, 9, 30)).toISOString();
const agenda = (key: string, query = '') => api('GET', `/api/v1/inspections${query}`, { key });
const book = async (orderId: string, inspectedBy: string, inspectionDate?: string) => {
  const res = await api('POST', '/api/v1/inspections', {
    key: operations,
    body: { orderId, inspectorId: inspectedBy, ...(inspectionDate ? { inspectionDate } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; orderId: string };
};

let orders: Array<{ id: string; orderNumber: number }>;
let booked: Array<{ id: string; orderId: string }>;

beforeAll(async () => {
  const subdomain = `agenda${Date.now().toString(36)}`;
  const tenantId = (
    await createTenant({
      name: `Agenda ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  operations = (await newApiKey({ role: 'operations', tenantId })).key;
  inspectorId = await newStaffUser('inspector', tenantId, { name: 'Hassan Inspector' });
  inspector = (await newApiKey({ userId: inspectorId })).key;
  otherInspectorId = await newStaffUser('inspector', tenantId, { name: 'Other Inspector' });
  otherInspector = (await newApiKey({ userId: otherInspectorId })).key;
  const strangerSubdomain = `agenda2${Date.now().toString(36)}`;
  const stranger = (
    await createTenant({
      name: `Other ${strangerSubdomain}`,
      subdomain: strangerSubdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  strangerOperations = (await newApiKey({ role: 'operations', tenantId: stranger })).key;

  const customer = await newCustomer({ key: operations });
  orders = [];
  for (let i = 0; i < 4; i += 1)
    orders.push(
      await placeOrder(operations, { customerId: customer.id, totalAmount: 9_000 + i, carDetails: { makeEn: 'Kia' } }),
    );
  // Booked out of date order, one without a date, one (an offset given) for another inspector.
  booked = [
    await book(orders[0]!.id, inspectorId, day(2)),
    await book(orders[1]!.id, inspectorId),
    await book(orders[2]!.id, inspectorId, '2027-01-11T13:30:00+04:00'),
    await book(orders[3]!.id, otherInspectorId, day(0)),
  ];
});

describe('GET /api/v1/inspections', () => {
  it("gives an inspector their own inspections by date, undated last, each with its order's number and customer", async () => {
    const res = await agenda(inspector);
    expect(res.status, res.text).toBe(200);
    // 2027-01-11T13:30+04:00 is 09:30Z on the 11th, before the 12th.
    expect(res.body.data.map((inspection: { id: string }) => inspection.id)).toEqual([
      booked[2]!.id,
      booked[0]!.id,
      booked[1]!.id,
    ]);
    expect(res.body.data[0]).toMatchObject({
      orderId: orders[2]!.id,
      orderNumber: orders[2]!.orderNumber,
      customerName: 'Order Customer',
      inspectorId,
      inspectorName: 'Hassan Inspector',
      status: 'Pending',
      allowedStatusTransitions: ['InProgress', 'Cancelled'],
    });
    expect(res.body.meta).toEqual({ limit: 20 });
    expect((await agenda(otherInspector)).body.data.map((inspection: { id: string }) => inspection.id)).toEqual([
      booked[3]!.id,
    ]);
  });

  it('keeps the open ones, or one status', async () => {
    const started = await api('PATCH', `/api/v1/inspections/${booked[0]!.id}/status`, {
      key: inspector,
      body: { status: 'InProgress' },
    });
    expect(started.status, started.text).toBe(200);
    const cancelled = await api('PATCH', `/api/v1/inspections/${booked[1]!.id}/status`, {
      key: operations,
      body: { status: 'Cancelled' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(
      (await agenda(inspector, '?open=true')).body.data.map((inspection: { id: string }) => inspection.id),
    ).toEqual([booked[2]!.id, booked[0]!.id]);
    expect(
      (await agenda(inspector, '?status=Cancelled')).body.data.map((inspection: { id: string }) => inspection.id),
    ).toEqual([booked[1]!.id]);
    const both = await agenda(inspector, '?open=true&status=Pending');
    expect(both.status).toBe(400);
    expect(both.body.details[0].field).toBe('query.open');
  });

  it("lets operations read any inspector's of their tenant, and no one else's", async () => {
    const named = await agenda(operations, `?inspectorId=${otherInspectorId}`);
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.map((inspection: { id: string }) => inspection.id)).toEqual([booked[3]!.id]);
    const unnamed = await agenda(operations);
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.details[0]).toMatchObject({
      field: 'query.inspectorId',
      message: expect.stringContaining('GET /api/v1/inspectors'),
    });
    const another = await agenda(inspector, `?inspectorId=${otherInspectorId}`);
    expect(another.status).toBe(403);
    expect((await agenda(inspector, `?inspectorId=${inspectorId}`)).status).toBe(200);
    const stranger = await agenda(strangerOperations, `?inspectorId=${inspectorId}`);
    expect(stranger.status, stranger.text).toBe(200);
    expect(stranger.body.data).toEqual([]);
  });

  it('pages by cursor, and refuses a cursor of another agenda', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await agenda(inspector, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status, page.text).toBe(200);
      seen.push(...page.body.data.map((inspection: { id: string }) => inspection.id));
      cursor = page.body.meta.nextCursor;
    } while (cursor);
    expect(seen).toEqual([booked[2]!.id, booked[0]!.id, booked[1]!.id]);
    const first = await agenda(otherInspector, '?limit=1');
    const crossed = await agenda(
      inspector,
      `?limit=1&cursor=${first.body.meta.nextCursor ?? Buffer.from(JSON.stringify({ gsi3pk: 'INSPECTIONS#I#x', gsi3sk: 'x' })).toString('base64url')}`,
    );
    expect(crossed.status).toBe(400);
    expect(crossed.body.details[0].field).toBe('query.cursor');
  });

  it('takes in, by the migration, an inspection made before the agendas', async () => {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.orderChild('INSPECTION', booked[2]!.orderId, booked[2]!.id),
        UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
      }),
    );
    expect((await agenda(inspector)).body.data.map((inspection: { id: string }) => inspection.id)).not.toContain(
      booked[2]!.id,
    );
    expect(await keyInspectionAgendas()).toBeGreaterThanOrEqual(1);
    expect((await agenda(inspector)).body.data.map((inspection: { id: string }) => inspection.id)).toEqual([
      booked[2]!.id,
      booked[0]!.id,
      booked[1]!.id,
    ]);
  });
});
