/**
 * After the purchase, over HTTP: export steps, the shipment and its notifications, the deadlines
 * they start and the reminders of them, and the lifecycle's last two moves, as operations staff
 * of the demo Gulf tenant would record them.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../lib/domain/amount-in-words.js';
import { listChatLog } from '../../lib/store/chat-log.js';
import { countryName } from '../../lib/text/countries.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { DEMO_INSPECTOR } from '../support/order-children.js';
import { backdatePurchase, changeStatus, inspectionDate, orderDetail, placeOrder } from '../support/orders.js';
import { DEMO_OPERATIONS, waitFor } from '../support/outbox.js';
import { letters, popplerView } from '../support/pdf-text.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

const ops = () => demoKey('operations');
const admin = () => demoKey('admin');
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const TODAY = () => daysFromToday(0);
const unique = (): string => randomBytes(5).toString('hex');

const data = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};

/** A wallet-paid order walked to Purchased: inspection completed, contract signed. Answers the order and its customer's phone. */
async function purchasedOrder({
  key = admin(),
  inspectorId = DEMO_INSPECTOR,
} = {}): Promise<{ order: any; phone: string }> {
  const phone = uniquePhone();
  const customerRes = await api('POST', '/api/v1/customers', {
    key,
    body: { name: 'Export Customer', mobileNumber: phone },
  });
  const customer = data(customerRes, 201);
  data(
    await api('POST', `/api/v1/wallets/${customer.walletId}/transactions`, {
      key,
      body: { type: 'credit', amount: 20_000, currency: 'USD', description: 'top up' },
    }),
    201,
  );
  const order = await placeOrder(key, {
    customerId: customer.id,
    totalAmount: 12_000,
    useWalletBalance: true,
    inspectionDate: inspectionDate(),
    carDetails: { makeEn: 'Genesis', modelEn: 'G80', year: 2022 },
  });
  const inspection = data(
    await api('POST', '/api/v1/inspections', { key, body: { orderId: order.id, inspectorId } }),
    201,
  );
  data(await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, { key, body: { status: 'InProgress' } }));
  data(await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, { key, body: { status: 'Completed' } }));
  data(await changeStatus(order.id, key, { status: 'InspectionCompleted', version: 1 }));
  const contract = data(
    await api('POST', '/api/v1/contracts', { key, body: { orderId: order.id, customerName: 'Export Customer' } }),
    201,
  );
  data(await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, { key }));
  data(await changeStatus(order.id, key, { status: 'ContractSigned', version: 2 }));
  data(await changeStatus(order.id, key, { status: 'Purchased', version: 3 }));
  return { order: await orderDetail(order.id, key), phone };
}

const step = (orderId: string, name: string, body: Record<string, unknown>, key = ops()) =>
  api('PUT', `/api/v1/orders/${orderId}/export-steps/${name}`, { key, body });
const ship = (orderId: string, body: Record<string, unknown>, key = ops()) =>
  api('PATCH', `/api/v1/orders/${orderId}/shipment`, { key, body });
const deadlines = async (before: string, key = ops()) =>
  data(await api('GET', `/api/v1/export-deadlines?before=${before}`, { key })) as any[];

describe('an order from Purchased to Delivered', () => {
  it('records the export steps and the voyage, tells the customer, and moves to Shipped and Delivered only with what they need', async () => {
    const { order, phone } = await purchasedOrder();
    const today = TODAY();

    // Export steps, in turn; each raises the version and answers the order. The order says which may be recorded now.
    const recordable = async () => (await orderDetail(order.id)).recordableExportSteps;
    expect(await recordable()).toEqual(['deregistration']);
    expect((await step(order.id, 'bonded-area', { date: today })).body).toMatchObject({
      code: 'INVALID_STATE',
      error: 'Record the deregistration step first',
    });
    const dereg = data(
      await step(order.id, 'deregistration', { date: today, documentUrl: 'https://files.example.com/dereg.pdf' }),
    );
    expect(dereg).toMatchObject({
      version: 5,
      exportSteps: {
        deregistration: { date: today, documentUrl: 'https://files.example.com/dereg.pdf' },
        completionReportDueBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    expect(await recordable()).toEqual(['deregistration', 'bonded-area']);
    data(await step(order.id, 'bonded-area', { date: today, location: 'Pyeongtaek bonded yard' }));
    const declared = data(
      await step(order.id, 'export-declaration', { date: today, number: '12345-26-000777X', version: 6 }),
    );
    expect(declared.exportSteps.exportDeclaration).toMatchObject({
      number: '12345-26-000777X',
      loadBy: daysFromToday(30),
    });

    // The deadlines it started, from the deadline index.
    const open = (await deadlines(daysFromToday(400))).filter((d) => d.orderId === order.id);
    expect(open.map((d) => d.kind).sort()).toEqual(['completion-report', 'load-by']);

    // Booked: the customer hears of it.
    const booked = data(
      await ship(order.id, {
        method: 'container',
        bookingNumber: 'BK-900',
        carrier: 'HMM',
        vessel: 'HMM Algeciras',
        voyage: '012W',
        containerNumber: 'HMMU1234560',
        sealNumber: 'S-55',
        portOfLoading: 'KRPUS',
        portOfDischarge: 'AEJEA',
        etd: today,
        eta: daysFromToday(21),
      }),
    );
    expect(booked.shipment).toMatchObject({ method: 'container', bookingNumber: 'BK-900', eta: daysFromToday(21) });
    // Shipped needs the bill of lading.
    const early = await changeStatus(order.id, ops(), { status: 'Shipped', version: booked.version });
    expect(early.status).toBe(422);
    expect(early.body.details[0].missingRequirements.map((r: any) => r.code)).toEqual([
      'CUSTOMS_INVOICE_REQUIRED',
      'BILL_OF_LADING_REQUIRED',
    ]);
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: ops(),
        body: {
          buyerName: 'Export Customer',
          items: [{ description: 'Genesis G80 2022', amount: 12_000 }],
          currency: 'USD',
          language: 'ar',
          carMake: 'Genesis',
          carModel: 'G80',
          carYear: 2022,
          carVin: 'KMTGB41BDNU123456',
          fuelType: 'Gasoline',
          engineCapacityCc: 2497,
        },
      }),
    );
    const departed = data(
      await ship(order.id, {
        billOfLadingNumber: 'HMMBL123',
        billOfLadingUrl: 'https://files.example.com/bl.pdf',
        atd: today,
      }),
    );
    // Loaded: the load-by deadline is closed.
    expect((await deadlines(daysFromToday(400))).filter((d) => d.orderId === order.id).map((d) => d.kind)).toEqual([
      'completion-report',
    ]);
    const shipped = data(await changeStatus(order.id, ops(), { status: 'Shipped', version: departed.version }));
    expect(shipped.status).toBe('Shipped');
    const notYet = await changeStatus(order.id, ops(), { status: 'Delivered', version: shipped.version });
    expect(notYet.body.details[0].missingRequirements.map((r: any) => r.code)).toEqual(['ARRIVAL_REQUIRED']);
    const arrived = data(await ship(order.id, { ata: today }));
    data(await step(order.id, 'completion-report', { date: today }));
    const delivered = data(await changeStatus(order.id, ops(), { status: 'Delivered', version: arrived.version + 1 }));
    expect(delivered).toMatchObject({ status: 'Delivered', progress: 100 });
    // Its papers: the Arabic customs invoice (as the invoice asks) and the contract, from the order detail.
    data(
      await api('POST', `/api/v1/orders/${order.id}/documents`, { key: ops(), body: { type: 'customs-invoice' } }),
      201,
    );
    data(await api('POST', `/api/v1/orders/${order.id}/documents`, { key: ops(), body: { type: 'contract' } }), 201);
    const papers = (await orderDetail(order.id)).documents;
    expect(papers.map((d: any) => [d.type, d.language]).sort()).toEqual([
      ['contract', 'en'],
      ['customs-invoice', 'ar'],
    ]);
    expect((await fetch(papers[0].url)).status).toBe(200);

    // The walked order's papers as a customs broker, the buyer's bank and the buyer read them, in both languages.
    const read = async (type: string, language: 'en' | 'ar') => {
      const made = data(
        await api('POST', `/api/v1/orders/${order.id}/documents`, { key: ops(), body: { type, language } }),
        201,
      );
      const response = await fetch(made.url);
      return { made, text: popplerView(new Uint8Array(await response.arrayBuffer())).text.replace(/\s+/g, ' ') };
    };
    for (const language of ['en', 'ar'] as const) {
      const invoice = await read('customs-invoice', language);
      expect(invoice.made.number).toMatch(/^CI-\d{5}$/);
      for (const field of [
        invoice.made.number,
        `#${order.orderNumber}`,
        'Genesis',
        'G80',
        'KMTGB41BDNU123456',
        '2,497 cc',
        '8703.23',
        'CFR',
        'KRPUS',
        'AEJEA',
        'HMM Algeciras / 012W',
        'HMMBL123',
        'HMMU1234560',
        '12,000.00 USD',
      ])
        expect(invoice.text, `${language} commercial invoice: ${field}`).toContain(field);
      expect(letters(invoice.text)).toContain(letters(amountInWords(12_000, 'USD', language)));
      expect(letters(invoice.text)).toContain(letters(countryName('KR', language)));

      const proforma = await read('proforma-invoice', language);
      for (const field of [proforma.made.number, '12,000.00 USD', '0.00 USD', 'EBILAEAD'])
        expect(proforma.text, `${language} proforma: ${field}`).toContain(field);
      expect(letters(proforma.text)).toContain(letters(language === 'en' ? 'Paid from wallet' : 'مدفوع من المحفظة'));

      const contract = await read('contract', language);
      for (const field of [contract.made.number, 'Export Customer', '12,000.00 USD'])
        expect(contract.text, `${language} contract: ${field}`).toContain(field);
    }
    expect((await deadlines(daysFromToday(400))).filter((d) => d.orderId === order.id)).toEqual([]);
    expect((await ship(order.id, { eta: today })).body).toMatchObject({ code: 'INVALID_STATE' });

    // The customer heard of the booking, the departure with its ETA, and the arrival, once each.
    const texts = await waitFor('three voyage messages', async () => {
      const log = (await listChatLog(200, phone)).map((m) => m.text ?? '');
      return log.filter((t) => /booked on a ship|left Korea|arrived at the port/.test(t)).length >= 3 ? log : undefined;
    });
    expect(texts.filter((t) => t.includes('booked on a ship'))).toHaveLength(1);
    expect(texts.find((t) => t.includes('left Korea'))).toContain(`expected arrival ${daysFromToday(21)}`);
    expect(texts.filter((t) => t.includes('arrived at the port'))).toHaveLength(1);

    // Kept in the history and the audit trail.
    const detail = await orderDetail(order.id);
    expect(detail.statusHistory.map((h: any) => h.note).filter(Boolean)).toEqual(
      expect.arrayContaining([
        `export step deregistration recorded (${today})`,
        `export step export-declaration recorded (${today})`,
        `export step completion-report recorded (${today})`,
      ]),
    );
    // Each also says which step and its day as data, for a reader to put in its own words.
    expect(detail.statusHistory.map((h: any) => h.exportStep).filter(Boolean)).toEqual(
      expect.arrayContaining([
        { step: 'deregistration', date: today },
        { step: 'export-declaration', date: today },
        { step: 'completion-report', date: today },
      ]),
    );
    const audit = data(await api('GET', `/api/v1/audit?entity=order&id=${order.id}&limit=50`, { key: admin() }));
    expect(audit.map((a: any) => a.action)).toEqual(
      expect.arrayContaining([
        'export.deregistration',
        'export.bonded-area',
        'export.export-declaration',
        'shipment.updated',
        'export.completion-report',
      ]),
    );
  });

  it('refuses bad input with every problem at once, other roles, and another tenant', async () => {
    const { order } = await purchasedOrder();
    const bad = await step(order.id, 'deregistration', { date: daysFromToday(3), number: 'N' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['body.date', 'body.documentUrl', 'body.number']);
    expect((await step(order.id, 'teleport', { date: TODAY() })).status).toBe(400);
    expect(
      (await step(order.id, 'deregistration', { date: '2026-02-30', documentUrl: 'https://f.example/d.pdf' })).status,
    ).toBe(400);
    const roro = await ship(order.id, {
      method: 'roro',
      bookingNumber: 'B',
      carrier: 'C',
      portOfLoading: 'KRPTK',
      portOfDischarge: 'AEJEA',
      containerNumber: 'HMMU1234560',
      atd: TODAY(),
    });
    expect(roro.body.details.map((d: any) => d.field).sort()).toEqual(['body.atd', 'body.containerNumber']);
    expect((await ship(order.id, { bookingNumber: 'B' })).body.details.map((d: any) => d.field)).toEqual([
      'body.method',
      'body.carrier',
      'body.portOfLoading',
      'body.portOfDischarge',
    ]);
    expect(
      (
        await step(
          order.id,
          'deregistration',
          { date: TODAY(), documentUrl: 'https://f.example/d.pdf' },
          demoKey('marketer'),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await step(
          order.id,
          'deregistration',
          { date: TODAY(), documentUrl: 'https://f.example/d.pdf' },
          demoKey('integrator', 'seoul'),
        )
      ).status,
    ).toBe(403);
    const seoulOps = data(
      await api('POST', '/api/v1/api-keys', {
        key: demoKey('platform'),
        body: { name: 'seoul ops', role: 'operations', tenantId: 'demotenantseoulexport001' },
      }),
      201,
    ).key;
    expect(
      (await step(order.id, 'deregistration', { date: TODAY(), documentUrl: 'https://f.example/d.pdf' }, seoulOps))
        .status,
    ).toBe(404);
    expect((await orderDetail(order.id)).version).toBe(order.version);
    // A stale version.
    expect(
      (await step(order.id, 'deregistration', { date: TODAY(), documentUrl: 'https://f.example/d.pdf', version: 1 }))
        .body,
    ).toMatchObject({
      code: 'VERSION_CONFLICT',
    });
    // The deadline list needs a real day.
    for (const query of ['', '?before=2026-13-01', '?before=tomorrow', `?before=${TODAY()}&extra=1`]) {
      const res = await api('GET', `/api/v1/export-deadlines${query}`, { key: ops() });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('lists deadlines soonest first, and tells operations by chat 5 days before one, once', async () => {
    const { order } = await purchasedOrder();
    await backdatePurchase(order.id, 30);
    // Declared 27 days ago: the car must be loaded within 3 days.
    const long = daysFromToday(-28);
    data(await step(order.id, 'deregistration', { date: long, documentUrl: 'https://files.example.com/dereg.pdf' }));
    data(await step(order.id, 'bonded-area', { date: long }));
    data(await step(order.id, 'export-declaration', { date: daysFromToday(-27), number: 'LATE-1' }));
    const soon = (await deadlines(daysFromToday(10))).filter((d) => d.orderId === order.id);
    expect(soon).toEqual([
      expect.objectContaining({ kind: 'load-by', due: daysFromToday(3), orderNumber: order.orderNumber }),
    ]);
    const listed = await deadlines(daysFromToday(400));
    expect(listed.map((d) => d.due)).toEqual([...listed.map((d) => d.due)].sort());
    expect(
      (
        await api('GET', `/api/v1/export-deadlines?before=${daysFromToday(400)}`, {
          key: demoKey('integrator', 'seoul'),
        })
      ).status,
    ).toBe(403);

    const reminder = await waitFor(
      'the reminder to operations',
      async () =>
        (await listChatLog(200, DEMO_OPERATIONS.phone)).find(
          (m) => m.text?.includes(`#${order.orderNumber} `) && m.text.includes(daysFromToday(3)),
        ),
      30_000,
      500,
    );
    expect(reminder.text).toContain('loading (export declaration)');
    const reminded = await waitFor('remindedAt', async () =>
      (await deadlines(daysFromToday(10))).find((d) => d.orderId === order.id && d.remindedAt),
    );
    expect(reminded.remindedAt).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const again = (await listChatLog(200, DEMO_OPERATIONS.phone)).filter(
      (m) => m.text?.includes(`#${order.orderNumber} `) && m.text.includes('is due on'),
    );
    expect(again).toHaveLength(1);
  });

  it('refuses a step dated before the purchase, naming the purchase day, and accepts one from that day on', async () => {
    // Arrange: bought 3 days ago
    const { order } = await purchasedOrder();
    await backdatePurchase(order.id, 3);
    const dereg = (date: string) =>
      step(order.id, 'deregistration', { date, documentUrl: 'https://files.example.com/dereg.pdf' });

    // Act
    const early = await dereg(daysFromToday(-4));
    const unchanged = await orderDetail(order.id);
    const onTheDay = await dereg(daysFromToday(-3));

    // Assert
    expect(early.status, early.text).toBe(400);
    expect(early.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(early.body.details).toEqual([
      {
        field: 'body.date',
        message: expect.stringMatching(
          `^must not be before the purchase \\(${daysFromToday(-3)}\\): a car is exported after it is bought, e.g. `,
        ),
      },
    ]);
    expect(unchanged.version).toBe(order.version);
    expect(unchanged.exportSteps?.deregistration).toBeUndefined();
    expect(onTheDay.status, onTheDay.text).toBe(200);
    expect(onTheDay.body.data.exportSteps.deregistration.date).toBe(daysFromToday(-3));
  });

  it("judges a date in the future on the tenant's calendar, not in UTC", async () => {
    // Arrange: a tenant whose today differs from UTC's now. From 10:00 UTC Kiritimati (UTC+14) is
    // already on tomorrow; before 12:00 UTC a UTC-12 tenant is still on yesterday.
    const hour = new Date().getUTCHours();
    const ahead = hour >= 10;
    const timeZone = ahead ? 'Pacific/Kiritimati' : 'Etc/GMT+12';
    const tenant = await createTenant({
      name: `Zone ${unique()}`,
      subdomain: `zone${unique()}`,
      markup: '1',
      visibleProviders: [],
      publishedOnly: false,
      timeZone,
    });
    const { key } = await newApiKey({ role: 'admin', tenantId: tenant.id });
    const inspectorId = await newStaffUser('inspector', tenant.id);
    const { order } = await purchasedOrder({ key, inspectorId });
    const dereg = (date: string) =>
      step(order.id, 'deregistration', { date, documentUrl: 'https://files.example.com/dereg.pdf' }, key);

    if (ahead) {
      // Act: the tenant's today, which is tomorrow in UTC
      const res = await dereg(daysFromToday(1));
      // Assert
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.exportSteps.deregistration.date).toBe(daysFromToday(1));
    } else {
      // Act: UTC's today, which is tomorrow for the tenant
      const res = await dereg(TODAY());
      // Assert
      expect(res.status, res.text).toBe(400);
      expect(res.body.details).toEqual([
        {
          field: 'body.date',
          message: `must not be in the future: today is ${daysFromToday(-1)} in the tenant's time zone, e.g. ${daysFromToday(-1)}`,
        },
      ]);
    }
  });
});
