/**
 * Generated PDFs over HTTP: the commercial (customs) invoice in the language it asks (Arabic shaped
 * and right to left), a proforma invoice and the contract, under the seller's letterhead, numbered
 * in the tenant's gapless series, refused with 409 when they would print blanks, stored in the bucket under
 * orders/{orderNumber}/documents/, versioned, downloaded through short-lived presigned URLs, and
 * read back with poppler (pdftotext for the text, pdftoppm for the page image).
 */
import { describe, expect, it } from 'vitest';
import { localDay } from '../../lib/domain/time-zone.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey } from '../support/http.js';
import { newApiKey } from '../support/staff.js';
import { changeStatus, newCustomer, placeOrder } from '../support/orders.js';
import { confirmEntry, gulfOrder } from '../support/order-children.js';
import { orderDetail } from '../support/orders.js';
import { letters, popplerView } from '../support/pdf-text.js';
import { GULF_MOTORS_PROFILE } from '../../scripts/local/demo-profiles.js';
import { completeProfile } from '../support/tenant-profile.js';
import { putObjectSigned } from '../../lib/archive/objects.js';
import { bucketName } from '../../lib/config.js';
import { getTenantProfile } from '../../lib/store/tenant-profiles.js';
import { png } from '../support/png.js';

const ops = () => demoKey('operations');
const data = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};
const generate = (orderId: string, body: Record<string, unknown>, key = ops()) =>
  api('POST', `/api/v1/orders/${orderId}/documents`, { key, body });

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

describe('order documents', () => {
  it('renders the customs invoice in Arabic as its language asks, stores it under the order, and serves it by a presigned URL', async () => {
    const order = await gulfOrder();
    const refused = await generate(order.id, { type: 'customs-invoice' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATE');
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: ops(),
        body: {
          buyerName: 'ليلى حداد',
          buyerAddress: 'دبي مارينا، دبي',
          carMake: 'Kia',
          carModel: 'Sorento',
          carYear: 2022,
          carVin: 'KNAPU81BDN7123456',
          fuelType: 'Gasoline',
          engineCapacityCc: 2497,
          portOfDischarge: 'جبل علي',
          items: [
            { description: 'سيارة كيا سورينتو', amount: 17_000 },
            { description: 'الشحن إلى جبل علي', amount: 1_500 },
          ],
          currency: 'AED',
          language: 'ar',
        },
      }),
    );
    const document = data(await generate(order.id, { type: 'customs-invoice' }), 201);
    expect(document).toMatchObject({
      type: 'customs-invoice',
      version: 1,
      language: 'ar',
      key: expect.stringMatching(new RegExp(`^orders/${order.orderNumber}/documents/customs-invoice/[a-z0-9]+\\.pdf$`)),
    });
    expect(Date.parse(document.urlExpiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const pdf = await download(document.url);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text, png } = popplerView(pdf);
    for (const words of [
      'فاتورة تجارية',
      'المشتري / المرسل إليه',
      'ليلى حداد',
      'دبي مارينا، دبي',
      'سيارة كيا سورينتو',
      'الشحن إلى جبل علي',
      'الإجمالي',
      'جلف موتورز لتجارة السيارات المستعملة',
      'كوريا الجنوبية',
      'فقط ثمانية عشر ألفاً وخمسمائة درهم إماراتي لا غير',
    ])
      expect(letters(text), words).toContain(letters(words));
    for (const latin of [
      `#${order.orderNumber}`,
      '17,000.00 AED',
      '18,500.00 AED',
      'KNAPU81BDN7123456',
      '8703.23',
      'CFR',
      document.number,
    ])
      expect(text).toContain(latin);
    expect(document.number).toMatch(/^CI-\d{5}$/);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    console.log(`arabic customs invoice #${order.orderNumber}, as pdftotext reads it:\n${text.trim()}`);

    // Signed in the query string for 15 minutes (the local S3 emulator does not check signatures; S3 does).
    const signed = new URL(document.url).searchParams;
    expect(signed.get('X-Amz-Expires')).toBe('900');
    expect(signed.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it("dates a document on the seller's own day, not UTC's", async () => {
    // A zone whose day is not UTC's right now: 14 hours ahead late in the UTC day, 11 behind early in it.
    const zone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const subdomain = `docday${Date.now().toString(36)}`;
    const tenantId = (
      await createTenant({
        name: `Day ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
        timeZone: zone,
      })
    ).id;
    await completeProfile(tenantId);
    const operations = (await newApiKey({ role: 'operations', tenantId })).key;
    const customer = await newCustomer({ key: operations });
    const order = await placeOrder(operations, {
      customerId: customer.id,
      totalAmount: 9_000,
      currency: 'USD',
      carDetails: { makeEn: 'Kia', modelEn: 'Morning', year: 2020 },
    });

    const document = data(await generate(order.id, { type: 'proforma-invoice' }, operations), 201);
    const { text } = popplerView(await download(document.url));
    // The proforma takes its number in the series, then is listed on the order: each moves the order's version on.
    const after = data(await api('GET', `/api/v1/orders/${order.id}`, { key: operations }));
    expect(after.version).toBe(order.version + 2);

    const today = localDay(new Date(), zone);
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    expect(text).toContain(today);
  });

  it('versions a regenerated document, lists every version, and shows the latest in the order detail', async () => {
    const order = await gulfOrder();
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: ops(),
        body: {
          buyerName: 'Layla Haddad',
          items: [{ description: 'Kia Sorento 2022', amount: 18_500 }],
          currency: 'AED',
          hsCode: '8703.23',
          portOfDischarge: 'Jebel Ali, UAE',
        },
      }),
    );
    const first = data(await generate(order.id, { type: 'customs-invoice' }), 201);
    const second = data(await generate(order.id, { type: 'customs-invoice', language: 'ar' }), 201);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect([first.language, second.language]).toEqual(['en', 'ar']);
    expect(second.key).not.toBe(first.key);
    // A regeneration keeps the invoice's number in the series.
    expect(second.number).toBe(first.number);
    const english = popplerView(await download(first.url)).text;
    expect(english).toContain('Commercial invoice');
    expect(english).toMatch(/Buyer \/ Consignee[\s\S]*Layla Haddad/);
    expect(english).toContain('CFR Jebel Ali, UAE');

    const proforma = data(await generate(order.id, { type: 'proforma-invoice' }, demoKey('accountant')), 201);
    const proformaText = popplerView(await download(proforma.url)).text;
    for (const field of [
      'Proforma invoice',
      proforma.number,
      'Balance due',
      'Emirates NBD',
      'EBILAEAD',
      'Kia Sorento 2022',
    ])
      expect(proformaText).toContain(field);
    const contract = data(
      await api('POST', '/api/v1/contracts', { key: ops(), body: { orderId: order.id, customerName: 'Layla Haddad' } }),
      201,
    );
    const contractPdf = data(await generate(order.id, { type: 'contract', language: 'ar' }), 201);
    expect(contractPdf.contractId).toBe(contract.id);
    const contractText = popplerView(await download(contractPdf.url)).text;
    expect(letters(contractText)).toContain(letters('عقد بيع مركبة'));
    expect(contractText).toContain(`#${contract.contractNumber}`);
    expect(contractPdf.number).toBe(`#${contract.contractNumber}`);

    const listed = data(await api('GET', `/api/v1/orders/${order.id}/documents`, { key: demoKey('integrator') }));
    expect(listed.map((d: any) => [d.type, d.version])).toEqual([
      ['contract', 1],
      ['proforma-invoice', 1],
      ['customs-invoice', 2],
      ['customs-invoice', 1],
    ]);
    const detail = await orderDetail(order.id);
    expect(detail.documents.map((d: any) => [d.type, d.version]).sort()).toEqual([
      ['contract', 1],
      ['customs-invoice', 2],
      ['proforma-invoice', 1],
    ]);
    expect(
      popplerView(await download(detail.documents.find((d: any) => d.type === 'customs-invoice').url)).text,
    ).toContain('18,500.00 AED');
  });

  it('refuses other roles, another tenant, a contract the order does not have, and unknown types', async () => {
    const order = await gulfOrder();
    expect((await generate(order.id, { type: 'proforma-invoice' }, demoKey('marketer'))).status).toBe(403);
    expect((await generate(order.id, { type: 'proforma-invoice' }, demoKey('integrator', 'seoul'))).status).toBe(403);
    expect((await generate(order.id, { type: 'contract' })).body).toMatchObject({ code: 'INVALID_STATE' });
    expect((await generate(order.id, { type: 'contract', contractId: 'ckunknownrecord000000000000' })).status).toBe(
      404,
    );
    expect((await generate(order.id, { type: 'passport' })).status).toBe(400);
    expect(
      (await api('GET', `/api/v1/orders/${order.id}/documents`, { key: demoKey('integrator', 'seoul') })).status,
    ).toBe(404);
    expect((await orderDetail(order.id)).documents).toEqual([]);
  });

  it('refuses with 409 naming a logo or stamp stored damaged (before uploads were checked), and prints once it is uploaded again', async () => {
    const subdomain = `docimg${Date.now().toString(36)}`;
    const tenantId = (
      await createTenant({
        name: `Images ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
      })
    ).id;
    await completeProfile(tenantId);
    const operations = (await newApiKey({ role: 'operations', tenantId })).key;
    const admin = (await newApiKey({ role: 'admin', tenantId })).key;
    const customer = await newCustomer({ key: operations });
    const order = await placeOrder(operations, {
      customerId: customer.id,
      totalAmount: 9_000,
      currency: 'USD',
      carDetails: {},
    });
    // The stored logo cut short, as an upload before the checks could leave it.
    const stored = await getTenantProfile(tenantId, true);
    const whole = png(64, 64);
    await putObjectSigned(bucketName(), stored!.logo!.key, whole.subarray(0, whole.length - 20), 'image/png');

    const refused = await generate(order.id, { type: 'proforma-invoice' }, operations);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATE');
    expect(refused.body.error).toContain('PUT /api/v1/tenant-profile/logo');
    expect(refused.body.details).toEqual([{ field: 'profile.logo', message: expect.stringContaining('stops short') }]);
    expect(data(await api('GET', `/api/v1/orders/${order.id}/documents`, { key: operations }))).toEqual([]);

    data(
      await api('PUT', '/api/v1/tenant-profile/logo', {
        key: admin,
        body: { contentType: 'image/png', data: whole.toString('base64') },
      }),
    );
    data(await generate(order.id, { type: 'proforma-invoice' }, operations), 201);
  });

  it('refuses with 409 naming what a document would print blank: the seller profile, then what customs needs', async () => {
    const subdomain = `docgap${Date.now().toString(36)}`;
    const tenantId = (
      await createTenant({
        name: `Gaps ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
      })
    ).id;
    const operations = (await newApiKey({ role: 'operations', tenantId })).key;
    const admin = (await newApiKey({ role: 'admin', tenantId })).key;
    const customer = await newCustomer({ key: operations });
    const order = await placeOrder(operations, {
      customerId: customer.id,
      totalAmount: 9_000,
      currency: 'USD',
      carDetails: {},
    });

    const bare = await generate(order.id, { type: 'proforma-invoice' }, operations);
    expect(bare.status).toBe(409);
    expect(bare.body.code).toBe('INVALID_STATE');
    expect(bare.body.error).toContain('PUT /api/v1/tenant-profile');
    // A proforma prints no stamp: it sends nobody to upload one.
    expect(bare.body.error).not.toContain('/stamp');
    const fields = bare.body.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'profile.legalName.en',
        'profile.address.city',
        'profile.bank.iban',
        'profile.bank.swift',
      ]),
    );

    // The text alone: the contract still wants the stamp, the Arabic proforma the Arabic name.
    const { legalName, ...text } = GULF_MOTORS_PROFILE.text;
    data(
      await api('PUT', '/api/v1/tenant-profile', { key: admin, body: { ...text, legalName: { en: legalName!.en } } }),
    );
    const noStamp = await generate(order.id, { type: 'contract' }, operations);
    expect(noStamp.status).toBe(409);
    expect(noStamp.body.details.map((d: { field: string }) => d.field)).toEqual(['profile.stamp']);
    // The stamp is uploaded on a route of its own, not with the profile's text.
    expect(noStamp.body.error).toContain('PUT /api/v1/tenant-profile/stamp');
    const arabic = await generate(order.id, { type: 'proforma-invoice', language: 'ar' }, operations);
    expect(arabic.body.details.map((d: { field: string }) => d.field)).toEqual(['profile.legalName.ar']);

    // An English proforma can be made now; the order's car is described by nothing, and it says so.
    const proforma = data(await generate(order.id, { type: 'proforma-invoice' }, operations), 201);
    const proformaText = popplerView(await download(proforma.url)).text.replace(/\s+/g, ' ');
    expect(proformaText).toContain(`the car of order #${order.orderNumber}`);
    expect(proformaText).not.toMatch(/Vehicle price: car\b/);

    // A commercial invoice names, in its first answer, everything customs needs and nobody recorded.
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: operations,
        body: { buyerName: 'Omar Nasser', items: [{ description: 'Used car', amount: 9_000 }], currency: 'USD' },
      }),
    );
    await completeProfile(tenantId);
    const customs = await generate(order.id, { type: 'customs-invoice' }, operations);
    expect(customs.status).toBe(409);
    expect(customs.body.details.map((d: { field: string }) => d.field)).toEqual([
      'car.make',
      'car.model',
      'car.year',
      'car.vin',
      'customsInvoice.hsCode (or customsInvoice.fuelType and customsInvoice.engineCapacityCc)',
      'customsInvoice.countryOfOrigin',
      'customsInvoice.portOfDischarge',
    ]);
    expect(customs.body.error).toContain('customsInvoice.fuelType and customsInvoice.engineCapacityCc');
    expect((await orderDetail(order.id, operations)).documents.map((d: any) => d.type)).toEqual(['proforma-invoice']);
  });

  it('labels the deposit received with the order as the deposit on the proforma', async () => {
    const order = await gulfOrder({ receiptAmount: 2_000, receiptDescription: 'Wire 5521' });
    await confirmEntry(order.depositReceiptId);
    // The line reads "Deposit · <day>  −2,000.00 AED", not "Payment · <day>".
    for (const [language, deposit, payment] of [
      ['en', 'Deposit ·', 'Payment ·'],
      ['ar', 'عربون ·', 'دفعة ·'],
    ] as const) {
      const proforma = data(await generate(order.id, { type: 'proforma-invoice', language }), 201);
      const text = letters(popplerView(await download(proforma.url)).text);
      expect(text, language).toContain(letters(deposit));
      expect(text, language).not.toContain(letters(payment));
      expect(text, language).toContain('−2,000.00AED');
    }
  });

  it('refuses every document for a cancelled order with 409, takes no number and stores nothing, and keeps the ones made before', async () => {
    const subdomain = `doccancel${Date.now().toString(36)}`;
    const tenantId = (
      await createTenant({
        name: `Cancel ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
      })
    ).id;
    await completeProfile(tenantId);
    const accountant = (await newApiKey({ role: 'accountant', tenantId })).key;
    const operations = (await newApiKey({ role: 'operations', tenantId })).key;
    const customer = await newCustomer({ key: accountant });
    const newOrder = () =>
      placeOrder(accountant, {
        customerId: customer.id,
        totalAmount: 12_000,
        currency: 'USD',
        carDetails: { makeEn: 'Kia', modelEn: 'K5', year: 2021 },
      });
    const cancel = async (id: string) => {
      const { version } = await orderDetail(id, accountant);
      const res = await changeStatus(id, accountant, { status: 'Cancelled', version });
      expect(res.status, res.text).toBe(200);
    };

    // One with a proforma and a contract made before it was cancelled, one cancelled bare.
    const earlier = await newOrder();
    const proforma = data(await generate(earlier.id, { type: 'proforma-invoice' }, accountant), 201);
    expect(proforma.number).toBe('PI-00001');
    data(
      await api('POST', '/api/v1/contracts', {
        key: operations,
        body: { orderId: earlier.id, customerName: 'Omar Nasser' },
      }),
      201,
    );
    const contract = data(await generate(earlier.id, { type: 'contract' }, operations), 201);
    await cancel(earlier.id);
    const bare = await newOrder();
    await cancel(bare.id);

    for (const order of [earlier, bare]) {
      const before = await orderDetail(order.id, accountant);
      for (const type of ['proforma-invoice', 'customs-invoice', 'contract']) {
        const refused = await generate(order.id, { type }, type === 'contract' ? operations : accountant);
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body).toMatchObject({
          success: false,
          code: 'INVALID_STATE',
          details: [{ field: 'body.type', status: 'Cancelled' }],
        });
        expect(refused.body.error).toContain(`Order ${order.orderNumber} is Cancelled`);
      }
      const after = await orderDetail(order.id, accountant);
      expect(after.version).toBe(before.version);
      const ids = (documents: any[]) => documents.map((d) => [d.id, d.type, d.version]);
      expect(ids(after.documents)).toEqual(ids(before.documents));
    }
    const listed = data(await api('GET', `/api/v1/orders/${earlier.id}/documents`, { key: accountant }));
    expect(listed.map((d: any) => [d.type, d.number])).toEqual([
      ['contract', contract.number],
      ['proforma-invoice', 'PI-00001'],
    ]);
    expect(popplerView(await download(listed[1].url)).text).toContain('PI-00001');
    // The series did not move for the cancelled orders: the next open order takes the next number.
    expect(data(await generate((await newOrder()).id, { type: 'proforma-invoice' }, accountant), 201).number).toBe(
      'PI-00002',
    );
  });

  it("numbers invoices in the tenant's own series without gaps, under parallel requests, and keeps a number on regeneration", async () => {
    const subdomain = `docseries${Date.now().toString(36)}`;
    const tenantId = (
      await createTenant({
        name: `Series ${subdomain}`,
        subdomain,
        markup: '1',
        visibleProviders: ['sk'],
        publishedOnly: false,
      })
    ).id;
    await completeProfile(tenantId);
    const accountant = (await newApiKey({ role: 'accountant', tenantId })).key;
    const customer = await newCustomer({ key: accountant });
    const orders = await Promise.all(
      Array.from({ length: 6 }, () =>
        placeOrder(accountant, {
          customerId: customer.id,
          totalAmount: 12_000,
          currency: 'USD',
          carDetails: { makeEn: 'Hyundai', modelEn: 'Avante', year: 2021 },
        }),
      ),
    );
    // Every order's proforma at once, twice each: six numbers, one per order, 1 to 6.
    const made = await Promise.all(
      [...orders, ...orders].map((order) => generate(order.id, { type: 'proforma-invoice' }, accountant)),
    );
    for (const res of made) expect(res.status, res.text).toBe(201);
    const byOrder = new Map<string, Set<string>>();
    made.forEach((res, i) => {
      byOrder.set(orders[i % 6]!.id, (byOrder.get(orders[i % 6]!.id) ?? new Set()).add(res.body.data.number));
    });
    for (const numbers of byOrder.values()) expect(numbers.size).toBe(1);
    expect([...byOrder.values()].map((numbers) => [...numbers][0]).sort()).toEqual([
      'PI-00001',
      'PI-00002',
      'PI-00003',
      'PI-00004',
      'PI-00005',
      'PI-00006',
    ]);
    // Another tenant's series is its own: the demo tenant's numbers do not move this one's.
    const again = data(await generate(orders[0]!.id, { type: 'proforma-invoice', language: 'ar' }, accountant), 201);
    expect(again.number).toBe([...byOrder.get(orders[0]!.id)!][0]);
  });
});
