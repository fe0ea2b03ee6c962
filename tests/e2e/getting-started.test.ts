import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE } from '../../lib/openapi/guide.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { runBlocks, shBlocksOf, stackFolder, toolsMissing } from '../support/shell-runbook.js';
import { DEMO_INSPECTOR } from '../support/order-children.js';
import { typedClient } from '../support/typed-client.js';

/**
 * The reference's getting-started guide (lib/openapi/guide.ts) as a reader runs it: its `sh`
 * blocks, as written and in order, from a folder laid out like the checkout while `npm start`
 * runs (tests/support/shell-runbook.ts), with the demo keys of the stack under test.
 */
describe('getting started, as the reference writes it', () => {
  it('runs every curl line of the guide in order, from a new customer to a delivered order', async () => {
    expect(toolsMissing(), 'the guide needs these on PATH').toEqual([]);
    const blocks = shBlocksOf(GUIDE);
    expect(blocks.join('\n')).toMatch(/"status": "Delivered"/);
    const dir = stackFolder(mkdtempSync(join(tmpdir(), 'vpo-getting-started-')));
    try {
      const run = await runBlocks(blocks, { cwd: dir });
      expect(run.code, `${run.stderr}\n${run.stdout.slice(-2000)}`).toBe(0);
      // Every answer a line got was a success, in the envelope.
      const refused = run.answers.filter((answer) => (answer as { success?: boolean }).success !== true);
      expect(refused).toEqual([]);
      const orders = run.answers
        .map((a) => (a as { data?: { id?: string; status?: string; orderNumber?: number } }).data)
        .filter((d) => typeof d?.orderNumber === 'number');
      const orderId = orders[0]!.id!;
      expect(orders.map((o) => o!.status)).toEqual(
        expect.arrayContaining([
          'DepositSubmitted',
          'DepositConfirmed',
          'InspectionCompleted',
          'Purchased',
          'Shipped',
          'Delivered',
        ]),
      );
      const read = await api('GET', `/api/v1/orders/${orderId}`, { key: demoKey('integrator') });
      expect(read.body.data).toMatchObject({
        status: 'Delivered',
        progress: 100,
        isTerminal: true,
        financialSummary: { totalConfirmed: 18500 },
      });
      expect(run.stdout).toContain('"status": "Delivered"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The reference's getting-started path, walked through the typed client only (client/index.ts):
 * key -> customer -> order -> receipt -> the whole lifecycle to Delivered. Every answer is checked
 * against the OpenAPI document (tests/support/typed-client.ts), so the document, the client and
 * the service cannot drift apart.
 */
const integrator = typedClient(demoKey('integrator'));
const operations = typedClient(demoKey('operations'));
const accountant = typedClient(demoKey('accountant'));
const inspector = typedClient(demoKey('inspector'));

/** The answer's data, failing with the error envelope when the call was refused. */
function ok<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  expect(result.error, `${result.response.status} ${JSON.stringify(result.error)}`).toBeUndefined();
  return result.data!.data;
}

describe('getting started, through the typed client', () => {
  it('takes a new customer from registration to a delivered order', async () => {
    const customer = ok(
      await integrator.POST('/api/v1/customers', {
        body: { name: 'Layla Haddad', mobileNumber: uniquePhone(), country: 'AE', idNumber: 'P998877' },
      }),
    );
    const found = ok(
      await integrator.GET('/api/v1/customers/search', { params: { query: { phone: customer.mobileNumber } } }),
    );
    expect(found.map((c) => c.id)).toEqual([customer.id]);

    const order = ok(
      await integrator.POST('/api/v1/orders', {
        params: { header: { 'Idempotency-Key': `getting-started-${customer.id}` } },
        body: {
          customerId: customer.id,
          totalAmount: 18_500,
          currency: 'USD',
          carDetails: { makeEn: 'Kia', modelEn: 'Sorento', year: 2022 },
        },
      }),
    );
    expect(order).toMatchObject({ status: 'DepositSubmitted', version: 1 });
    const orderId = order.id;
    let etag = '"1"';

    /** Moves the order with the ETag of the last change, as the guide says. */
    const move = async (client: typeof operations, status: string, extra: Record<string, unknown> = {}) => {
      const result = await client.PATCH('/api/v1/orders/{id}/status', {
        params: { path: { id: orderId }, header: { 'If-Match': etag } },
        body: { status: status as never, ...extra },
      });
      const moved = ok(result);
      expect(moved.status).toBe(status);
      etag = result.response.headers.get('etag')!;
      expect(etag).toBe(`"${moved.version}"`);
    };

    const deposit = ok(
      await operations.POST('/api/v1/billing', {
        body: { orderId, type: 'receipt', amount: 2_000, currency: 'USD', description: 'Deposit' },
      }),
    );
    const before = ok(
      await accountant.POST('/api/v1/orders/{id}/validate-transition', {
        params: { path: { id: orderId } },
        body: { targetStatus: 'DepositConfirmed' },
      }),
    );
    expect(before.blocked.map((b) => b.status)).toContain('DepositConfirmed');
    ok(await accountant.PATCH('/api/v1/billing/{id}/confirm', { params: { path: { id: deposit.id } } }));
    const after = ok(
      await accountant.POST('/api/v1/orders/{id}/validate-transition', {
        params: { path: { id: orderId } },
        body: { targetStatus: 'DepositConfirmed' },
      }),
    );
    expect(after).toMatchObject({ valid: true, reachableNow: expect.arrayContaining(['DepositConfirmed']) });
    await move(accountant, 'DepositConfirmed');

    await move(operations, 'InspectionScheduled', {
      inspectionDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    const inspection = ok(
      await operations.POST('/api/v1/inspections', { body: { orderId, inspectorId: DEMO_INSPECTOR } }),
    );
    ok(
      await inspector.PATCH('/api/v1/inspections/{id}/status', {
        params: { path: { id: inspection.id } },
        body: { status: 'InProgress' },
      }),
    );
    ok(
      await inspector.PATCH('/api/v1/inspections/{id}/status', {
        params: { path: { id: inspection.id } },
        body: { status: 'Completed', notes: 'Clean car' },
      }),
    );
    await move(inspector, 'InspectionCompleted');

    const contract = ok(await operations.POST('/api/v1/contracts', { body: { orderId, customerName: customer.name } }));
    expect(contract).toMatchObject({ customerCountry: 'AE', customerIdNumber: 'P998877', version: 1 });
    ok(
      await operations.POST('/api/v1/contracts/{id}/send', {
        params: { path: { id: contract.id } },
        body: { phone: customer.mobileNumber },
      }),
    );
    ok(await operations.PATCH('/api/v1/contracts/{id}/sign', { params: { path: { id: contract.id } } }));
    await move(operations, 'ContractSigned');

    await move(operations, 'PaymentSubmitted');
    const payment = ok(
      await operations.POST('/api/v1/billing', {
        body: { orderId, type: 'receipt', amount: 16_500, currency: 'USD', description: 'Balance' },
      }),
    );
    ok(await accountant.PATCH('/api/v1/billing/{id}/confirm', { params: { path: { id: payment.id } } }));
    await move(accountant, 'PaymentConfirmed');
    await move(operations, 'Purchased');

    const customs = await operations.PATCH('/api/v1/orders/{id}/customs-invoice', {
      params: { path: { id: orderId }, header: { 'If-Match': etag } },
      body: { buyerName: customer.name, items: [{ description: 'Kia Sorento 2022', amount: 18_500 }], currency: 'USD' },
    });
    etag = customs.response.headers.get('etag')!;
    ok(customs);

    // The export: deregistration, bonded area, declaration; then the voyage, with its bill of lading.
    const today = new Date().toISOString().slice(0, 10);
    const step = async (
      name: 'deregistration' | 'bonded-area' | 'export-declaration',
      body: { date: string; documentUrl?: string; number?: string; location?: string },
    ) => {
      const result = await operations.PUT('/api/v1/orders/{id}/export-steps/{step}', {
        params: { path: { id: orderId, step: name }, header: { 'If-Match': etag } },
        body,
      });
      ok(result);
      etag = result.response.headers.get('etag')!;
    };
    await step('deregistration', { date: today, documentUrl: 'https://files.example.com/dereg.pdf' });
    await step('bonded-area', { date: today, location: 'Incheon bonded yard' });
    await step('export-declaration', { date: today, number: '12345-26-000123X' });
    const ship = async (body: Record<string, string>) => {
      const result = await operations.PATCH('/api/v1/orders/{id}/shipment', {
        params: { path: { id: orderId }, header: { 'If-Match': etag } },
        body,
      });
      etag = result.response.headers.get('etag')!;
      return ok(result);
    };
    await ship({
      method: 'roro',
      bookingNumber: 'BK-1',
      carrier: 'Hyundai Glovis',
      portOfLoading: 'KRPTK',
      portOfDischarge: 'AEJEA',
      etd: today,
      eta: today,
    });
    const blocked = ok(
      await operations.POST('/api/v1/orders/{id}/validate-transition', {
        params: { path: { id: orderId } },
        body: { targetStatus: 'Shipped' },
      }),
    );
    expect(blocked.missingRequirements.map((r) => r.code)).toEqual(['BILL_OF_LADING_REQUIRED']);
    await ship({ billOfLadingNumber: 'BL-77', billOfLadingUrl: 'https://files.example.com/bl.pdf', atd: today });
    await move(operations, 'Shipped');
    const arrived = await ship({ ata: today });
    expect(arrived.shipment).toMatchObject({ bookingNumber: 'BK-1', billOfLadingNumber: 'BL-77', ata: today });
    await move(operations, 'Delivered');

    const delivered = ok(await integrator.GET('/api/v1/orders/{id}', { params: { path: { id: orderId } } }));
    expect(delivered).toMatchObject({ status: 'Delivered', progress: 100, isTerminal: true });
    const notifications = ok(
      await integrator.GET('/api/v1/orders/{id}/notifications', { params: { path: { id: orderId } } }),
    );
    expect(notifications.length).toBeGreaterThan(0);
  });

  it('gets refusals in the documented shape, with codes the operation lists', async () => {
    const refused = await integrator.POST('/api/v1/customers', { body: { name: '', mobileNumber: 'not a phone' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([expect.objectContaining({ field: 'body.mobileNumber' })]),
    });

    const unknown = await integrator.GET('/api/v1/orders/{id}', {
      params: { path: { id: 'ckunknownrecord000000000000' } },
    });
    expect(unknown.response.status).toBe(404);

    const forbidden = await inspector.POST('/api/v1/customers', { body: { name: 'A', mobileNumber: uniquePhone() } });
    expect(forbidden.error).toMatchObject({
      code: 'FORBIDDEN',
      details: [expect.objectContaining({ allowedRoles: expect.arrayContaining(['integrator']) })],
    });

    const noKey = await typedClient().GET('/api/v1/orders');
    expect(noKey.response.status).toBe(401);
  });
});
