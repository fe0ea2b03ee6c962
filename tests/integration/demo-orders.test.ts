/**
 * The demo tenant's customers and orders at different stages (scripts/local/demo-orders.ts), as
 * `npm start` makes them on a first start: on a table of its own, from empty, so the test stack's
 * Gulf Motors stays without them (its tests count the tenant's lists). Its catalogue is the demo
 * one cut to 60 cars (as tests/integration/local-start.test.ts starts), which lists some of the
 * demo orders' models and not others. Run twice: the second run adds nothing.
 */
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Role } from '../../lib/domain/caller.js';
import { renderTrackingPage } from '../../lib/pages/tracking-page.js';
import { authenticate } from '../../lib/use-cases/authenticate.js';
import { listOrderBilling } from '../../lib/use-cases/billing.js';
import { listCustomers } from '../../lib/use-cases/customers.js';
import { listInspections } from '../../lib/use-cases/inspections.js';
import { getOrder } from '../../lib/use-cases/orders/get-order.js';
import { listOrders } from '../../lib/use-cases/orders/list-orders.js';
import { readTrackingPage } from '../../lib/use-cases/tracking/read-tracking-page.js';
import { importCars } from '../../lib/use-cases/import-catalogue.js';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';
import { demoImageBase } from '../../scripts/demo-catalogue/images.js';
import { ensureTableAndBucket } from '../../scripts/local/bootstrap.js';
import type { DemoKey } from '../../scripts/local/demo-keys.js';
import { DEMO_CUSTOMERS } from '../../scripts/local/demo-orders-data.js';
import { seedDemoOrders } from '../../scripts/local/demo-orders.js';
import { GULF_MOTORS, seedDemoData } from '../../scripts/local/seed.js';

const name = `vpo-demo-orders-${Date.now().toString(36)}`;
const kept = { TABLE_NAME: process.env.TABLE_NAME, BUCKET_NAME: process.env.BUCKET_NAME };
let keys: DemoKey[];
let firstRun: Awaited<ReturnType<typeof seedDemoOrders>>;

/** The caller a demo key of Gulf Motors stands for, as the API resolves it. */
async function staff(role: Role): Promise<Caller> {
  const key = keys.find((k) => k.tenantId === GULF_MOTORS.id && k.role === role)!;
  return authenticate(key.key, { route: 'GET /api/v1/orders' }, 'demo-orders-test');
}

const allOrders = async () =>
  (await listOrders(await staff('admin'), { page: 1, limit: 100 } as Parameters<typeof listOrders>[1])).data;
const allCustomers = async () =>
  (await listCustomers(await staff('admin'), { limit: 100 } as Parameters<typeof listCustomers>[1])).data;

beforeAll(async () => {
  await ensureTableAndBucket(name, name);
  Object.assign(process.env, { TABLE_NAME: name, BUCKET_NAME: name });
  await importCars(generateCatalogue({ count: 60, seed: 42, imageBaseUrl: demoImageBase(name) }));
  keys = await seedDemoData();
  firstRun = await seedDemoOrders(keys);
}, 180_000);

afterAll(async () => {
  Object.assign(process.env, kept);
  await new DynamoDBClient({}).send(new DeleteTableCommand({ TableName: name }));
});

describe('the demo orders of a first start', () => {
  it('gives Gulf Motors its customers and an order at each stage', async () => {
    const planned = DEMO_CUSTOMERS.flatMap((c) => c.orders.map((o) => ({ customer: c.name, status: o.stage })));
    expect(firstRun).toEqual({ customers: DEMO_CUSTOMERS.length, orders: planned.length });
    const orders = await allOrders();
    expect(
      orders
        .map((o) => ({ customer: o.customer?.name, status: o.status }))
        .sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual(planned.sort((a, b) => a.status.localeCompare(b.status)));
    expect((await allCustomers()).map((c) => c.mobileNumber).sort()).toEqual(
      DEMO_CUSTOMERS.map((c) => c.mobileNumber).sort(),
    );
    // The marketer placed them all, so they are on the marketer's own lists too.
    const marketer = await staff('marketer');
    expect(orders.every((o) => o.marketerId === marketer.userId)).toBe(true);
  });

  it('places each order on a catalogue car of its model when the catalogue lists one, else on the car described by hand', async () => {
    const orders = await allOrders();
    const plans = DEMO_CUSTOMERS.flatMap((c) => c.orders.map((o) => ({ customer: c.name, ...o })));
    const kinds = new Set<string>();
    for (const order of orders) {
      const plan = plans.find((p) => p.customer === order.customer?.name && p.stage === order.status)!;
      const { makeEn, modelGroupEn } = plan.car;
      if (order.carId !== undefined) {
        expect(order.carDetails).toMatchObject({ carId: order.carId, makeEn, modelGroupEn });
        expect(order.carDetails.year as number).toBeGreaterThanOrEqual(plan.car.fallback.year);
      } else {
        // Never older than three model years, so the buyer's country takes it in any year the demo runs.
        const { year, ...fallback } = plan.car.fallback;
        expect(order.carDetails).toMatchObject({ makeEn, modelGroupEn, ...fallback });
        expect(order.carDetails.year).toBe(Math.max(year, new Date().getUTCFullYear() - 3));
        expect(order.totalAmount).toBe(plan.fallbackAmount);
      }
      kinds.add(order.carId === undefined ? 'by hand' : 'catalogue');
    }
    expect([...kinds].sort()).toEqual(['by hand', 'catalogue']);
  });

  it('leaves a deposit and a balance Pending for the accountant, and every confirmation to someone other than who recorded it', async () => {
    const accountant = await staff('accountant');
    const orders = await allOrders();
    const billing = async (status: string) => listOrderBilling(accountant, orders.find((o) => o.status === status)!.id);
    const deposit = await billing('DepositSubmitted');
    expect(deposit).toMatchObject([
      { type: 'receipt', status: 'Pending', recordedBy: (await staff('marketer')).userId },
    ]);
    const balance = (await billing('PaymentSubmitted')).find((e) => e.status === 'Pending');
    expect(balance).toMatchObject({ type: 'receipt', recordedBy: (await staff('operations')).userId });
    for (const order of orders) {
      for (const entry of await listOrderBilling(accountant, order.id)) {
        if (entry.status !== 'Confirmed') continue;
        expect(entry.confirmedBy).toBe(accountant.userId);
        expect(entry.recordedBy).not.toBe(entry.confirmedBy);
      }
    }
  });

  it("puts the scheduled inspection on the demo inspector's agenda", async () => {
    const inspector = await staff('inspector');
    const scheduled = (await allOrders()).find((o) => o.status === 'InspectionScheduled')!;
    const agenda = await listInspections(inspector, { limit: 50, open: true } as Parameters<typeof listInspections>[1]);
    expect(agenda.data.map((i) => ({ orderId: i.orderId, status: i.status }))).toEqual([
      { orderId: scheduled.id, status: 'Pending' },
    ]);
  });

  it("shows the shipped order's voyage on its buyer's page", async () => {
    const admin = await staff('admin');
    const shipped = (await allOrders()).find((o) => o.status === 'Shipped')!;
    const detail = await getOrder(admin, shipped.id, 'http://localhost:3600');
    const token = new URL(detail.trackingLink!.url).pathname.split('/').pop()!;
    const page = await readTrackingPage(token);
    expect(page?.view.voyage).toMatchObject({
      carrier: 'Hyundai Glovis',
      vessel: 'Glovis Horizon',
      voyage: '047W',
      portOfDischarge: 'AEJEA',
    });
    expect(page?.view.voyage?.eta).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page?.view.voyage?.billOfLadingNumber).toBeTruthy();
    const html = renderTrackingPage(page!.view, {
      language: page!.language,
      timeZone: page!.timeZone,
      brand: page!.brand,
    });
    expect(html).toContain('Glovis Horizon');
    expect(html).toContain('Jebel Ali');
  });

  it('adds nothing when it runs again', async () => {
    const before = { orders: (await allOrders()).length, customers: (await allCustomers()).length };
    expect(await seedDemoOrders(keys)).toEqual({ customers: 0, orders: 0 });
    expect({ orders: (await allOrders()).length, customers: (await allCustomers()).length }).toEqual(before);
  });
});
