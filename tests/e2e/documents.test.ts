/**
 * Generated PDFs over HTTP: the customs invoice in the language it asks (Arabic shaped and right
 * to left), a proforma invoice and the contract, stored in the bucket under
 * orders/{orderNumber}/documents/, versioned, downloaded through short-lived presigned URLs, and
 * read back with poppler (pdftotext for the text, pdftoppm for the page image).
 */
import { describe, expect, it } from 'vitest';
import { localDay } from '../../lib/domain/time-zone.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey } from '../support/http.js';
import { newApiKey } from '../support/staff.js';
import { newCustomer, placeOrder } from '../support/orders.js';
import { gulfOrder } from '../support/order-children.js';
import { orderDetail } from '../support/orders.js';
import { letters, popplerView } from '../support/pdf-text.js';

const ops = () => demoKey('operations');
const data = (res: { status: number; text: string; body: any }, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};
const generate = (orderId: string, body: Record<string, unknown>, key = ops()) => api('POST', `/api/v1/orders/${orderId}/documents`, { key, body });

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
    for (const words of ['فاتورة جمركية', 'المشتري', 'ليلى حداد', 'دبي مارينا، دبي', 'سيارة كيا سورينتو', 'الشحن إلى جبل علي', 'الإجمالي'])
      expect(letters(text), words).toContain(letters(words));
    for (const latin of [`#${order.orderNumber}`, '17,000.00 AED', '18,500.00 AED', 'KNAPU81BDN7123456']) expect(text).toContain(latin);
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
    const tenantId = (await createTenant({ name: `Day ${subdomain}`, subdomain, markup: '1', visibleProviders: ['sk'], publishedOnly: false, timeZone: zone }))
      .id;
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
    // The PDF is listed on the order, so the order's version moves on, as the reference says.
    const after = data(await api('GET', `/api/v1/orders/${order.id}`, { key: operations }));
    expect(after.version).toBe(order.version + 1);

    const today = localDay(new Date(), zone);
    expect(today).not.toBe(new Date().toISOString().slice(0, 10));
    expect(text).toContain(today);
  });

  it('versions a regenerated document, lists every version, and shows the latest in the order detail', async () => {
    const order = await gulfOrder();
    data(
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: ops(),
        body: { buyerName: 'Layla Haddad', items: [{ description: 'Kia Sorento 2022', amount: 18_500 }], currency: 'AED' },
      }),
    );
    const first = data(await generate(order.id, { type: 'customs-invoice' }), 201);
    const second = data(await generate(order.id, { type: 'customs-invoice', language: 'ar' }), 201);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect([first.language, second.language]).toEqual(['en', 'ar']);
    expect(second.key).not.toBe(first.key);
    const english = popplerView(await download(first.url)).text;
    expect(english).toContain('Customs invoice');
    expect(english).toMatch(/Buyer\s+Layla Haddad/);

    const proforma = data(await generate(order.id, { type: 'proforma-invoice' }, demoKey('accountant')), 201);
    expect(popplerView(await download(proforma.url)).text).toContain('Proforma invoice');
    const contract = data(await api('POST', '/api/v1/contracts', { key: ops(), body: { orderId: order.id, customerName: 'Layla Haddad' } }), 201);
    const contractPdf = data(await generate(order.id, { type: 'contract', language: 'ar' }), 201);
    expect(contractPdf.contractId).toBe(contract.id);
    const contractText = popplerView(await download(contractPdf.url)).text;
    expect(letters(contractText)).toContain(letters('عقد بيع'));
    expect(contractText).toContain(`#${contract.contractNumber}`);

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
    expect(popplerView(await download(detail.documents.find((d: any) => d.type === 'customs-invoice').url)).text).toContain('18,500.00 AED');
  });

  it('refuses other roles, another tenant, a contract the order does not have, and unknown types', async () => {
    const order = await gulfOrder();
    expect((await generate(order.id, { type: 'proforma-invoice' }, demoKey('marketer'))).status).toBe(403);
    expect((await generate(order.id, { type: 'proforma-invoice' }, demoKey('integrator', 'seoul'))).status).toBe(403);
    expect((await generate(order.id, { type: 'contract' })).body).toMatchObject({ code: 'INVALID_STATE' });
    expect((await generate(order.id, { type: 'contract', contractId: 'ckunknownrecord000000000000' })).status).toBe(404);
    expect((await generate(order.id, { type: 'passport' })).status).toBe(400);
    expect((await api('GET', `/api/v1/orders/${order.id}/documents`, { key: demoKey('integrator', 'seoul') })).status).toBe(404);
    expect((await orderDetail(order.id)).documents).toEqual([]);
  });
});
