/**
 * The consignee and the original papers' courier over HTTP: staff's PATCH /orders/{id}/consignee
 * and PUT /orders/{id}/document-courier, and the buyer's form on their page
 * (POST /track/{token}/consignee), its hidden field, its lock after the bill of lading, and what
 * the page then shows.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { trackingLinkSecret } from '../../lib/config.js';
import { formProof } from '../../lib/domain/tracking-form.js';
import { tokenHash } from '../../lib/domain/tracking-link.js';
import { api, demoKey, uniquePhone, type ApiResponse } from '../support/http.js';
import { DEMO_INSPECTOR } from '../support/order-children.js';
import { changeStatus, inspectionDate, orderDetail, placeOrder } from '../support/orders.js';

const ops = () => demoKey('operations');
const admin = () => demoKey('admin');
const today = () => new Date().toISOString().slice(0, 10);

const data = (res: ApiResponse, status = 200) => {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
};

const CONSIGNEE = {
  name: 'Al Noor Trading LLC',
  address: 'Office 12, Al Quoz Industrial Area 3',
  city: 'Dubai',
  country: 'United Arab Emirates',
  phone: '+971 50 123 4567',
  idNumber: 'TL-1048833',
};

/** A new order of a new customer (DepositSubmitted). */
async function newOrder(key = admin()): Promise<any> {
  const customer = data(
    await api('POST', '/api/v1/customers', { key, body: { name: 'Consignee Customer', mobileNumber: uniquePhone() } }),
    201,
  );
  return placeOrder(key, { customerId: customer.id, totalAmount: 9000, currency: 'USD' });
}

/** A wallet-paid order walked to Purchased, and its bill of lading recorded. */
async function loadedOrder(key = admin()): Promise<any> {
  const customer = data(
    await api('POST', '/api/v1/customers', { key, body: { name: 'Loaded Customer', mobileNumber: uniquePhone() } }),
    201,
  );
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
    await api('POST', '/api/v1/inspections', { key, body: { orderId: order.id, inspectorId: DEMO_INSPECTOR } }),
    201,
  );
  data(await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, { key, body: { status: 'InProgress' } }));
  data(await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, { key, body: { status: 'Completed' } }));
  data(await changeStatus(order.id, key, { status: 'InspectionCompleted', version: 1 }));
  const contract = data(
    await api('POST', '/api/v1/contracts', { key, body: { orderId: order.id, customerName: 'Loaded Customer' } }),
    201,
  );
  data(await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, { key }));
  data(await changeStatus(order.id, key, { status: 'ContractSigned', version: 2 }));
  data(await changeStatus(order.id, key, { status: 'Purchased', version: 3 }));
  data(
    await api('PATCH', `/api/v1/orders/${order.id}/shipment`, {
      key: ops(),
      body: {
        method: 'roro',
        bookingNumber: 'BK-CONS',
        carrier: 'HMM',
        portOfLoading: 'KRPTK',
        portOfDischarge: 'AEJEA',
        billOfLadingNumber: 'HDMUPTK0001',
        billOfLadingUrl: 'https://files.example.com/bl-cons.pdf',
      },
    }),
  );
  return orderDetail(order.id, key);
}

const setConsignee = (id: string, body: Record<string, unknown>, key = ops(), headers: Record<string, string> = {}) =>
  api('PATCH', `/api/v1/orders/${id}/consignee`, { key, body, headers });
const setCourier = (id: string, body: Record<string, unknown>, key = ops()) =>
  api('PUT', `/api/v1/orders/${id}/document-courier`, { key, body });

describe('PATCH /orders/{id}/consignee (staff)', () => {
  it('stores the consignee given by staff, the phone in E.164, raises the version and audits it', async () => {
    const order = await newOrder();
    const set = data(await setConsignee(order.id, { ...CONSIGNEE, version: order.version }));
    expect(set.version).toBe(order.version + 1);
    expect(set.consignee).toMatchObject({
      ...CONSIGNEE,
      phone: '+971501234567',
      givenBy: 'staff',
      by: expect.any(String),
      at: expect.any(String),
    });
    expect((await orderDetail(order.id)).consignee).toEqual(set.consignee);
    const audit = data(await api('GET', `/api/v1/audit?entity=order&id=${order.id}`, { key: admin() }));
    expect(audit.map((a: any) => a.action)).toContain('consignee.set');
  });

  it('refuses bad input with 400 naming each field, and a stale version with 409, storing nothing', async () => {
    const order = await newOrder();
    const bad = await setConsignee(order.id, { ...CONSIGNEE, phone: '050 123 4567', name: '', email: 'nope' });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.details.map((d: any) => d.field).sort()).toEqual(['body.email', 'body.name', 'body.phone']);
    const missing = await setConsignee(order.id, { name: 'Only a name' });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: any) => d.field)).toContain('body.idNumber');

    data(await setConsignee(order.id, { ...CONSIGNEE, version: order.version }));
    const stale = await setConsignee(order.id, { ...CONSIGNEE, name: 'Late', version: order.version });
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', details: [{ currentVersion: order.version + 1 }] });
    const ifMatch = await setConsignee(order.id, { ...CONSIGNEE, name: 'Late' }, ops(), { 'If-Match': '"1"' });
    expect(ifMatch.status).toBe(412);
    expect((await orderDetail(order.id)).consignee.name).toBe(CONSIGNEE.name);
  });

  it('is for operations, marketers, accountants and admins, not inspectors', async () => {
    const order = await newOrder();
    expect((await setConsignee(order.id, CONSIGNEE, demoKey('inspector'))).status).toBe(403);
    data(await setConsignee(order.id, CONSIGNEE, demoKey('accountant')));
  });
});

describe('PUT /orders/{id}/document-courier', () => {
  it('waits for the bill of lading, takes a parcel or a telex release, and refuses half of one', async () => {
    const early = await newOrder();
    const refused = await setCourier(early.id, { carrier: 'DHL', trackingNumber: '1234567890', sentAt: today() });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('INVALID_STATE');

    const order = await loadedOrder();
    const half = await setCourier(order.id, { carrier: 'DHL' });
    expect(half.status).toBe(400);
    expect(half.body.details.map((d: any) => d.field).sort()).toEqual(['body.sentAt', 'body.trackingNumber']);
    const both = await setCourier(order.id, { telexRelease: true, carrier: 'DHL' });
    expect(both.status).toBe(400);
    expect(both.body.details.map((d: any) => d.field)).toEqual(['body.carrier']);
    expect((await setCourier(order.id, { carrier: 'Pigeon', trackingNumber: '1', sentAt: today() })).status).toBe(400);
    expect((await setCourier(order.id, { telexRelease: true }, demoKey('marketer'))).status).toBe(403);

    const parcel = data(
      await setCourier(order.id, {
        carrier: 'DHL',
        trackingNumber: '1234567890',
        sentAt: today(),
        version: order.version,
      }),
    );
    expect(parcel.documentCourier).toMatchObject({ carrier: 'DHL', trackingNumber: '1234567890', sentAt: today() });
    const stale = await setCourier(order.id, { telexRelease: true, version: order.version });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
    const telex = data(await setCourier(order.id, { telexRelease: true }));
    expect(telex.documentCourier).toEqual({ telexRelease: true, at: expect.any(String) });
  });
});

// ---------------------------------------------------------------------------------------------
// The buyer's form, over HTTP as a browser without JavaScript sends it. The page counts 5
// requests a second per address (127.0.0.1 here), so page requests are paced under it.

let lastPageRequest = 0;
async function pageRequest(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: string }> {
  for (let attempt = 1; ; attempt++) {
    const wait = lastPageRequest + 250 - Date.now();
    if (wait > 0) await sleep(wait);
    lastPageRequest = Date.now();
    const response = await fetch(`${inject('baseUrl')}${path}`, { ...init, redirect: 'manual' });
    const answer = { status: response.status, headers: response.headers, body: await response.text() };
    if (answer.status !== 429 || attempt >= 5) return answer;
    await sleep(Number(response.headers.get('retry-after') ?? '1') * 1000 + 250);
  }
}

const tokenOfOrder = async (id: string): Promise<string> => {
  const url: string = (await orderDetail(id)).trackingLink.url;
  return url.slice(url.lastIndexOf('/') + 1);
};
const openPage = (token: string, query = '') => pageRequest(`/track/${token}${query}`);
const hiddenField = (html: string): string | undefined => /name="form" value="([^"]+)"/.exec(html)?.[1];
const postForm = (token: string, fields: Record<string, string>) =>
  pageRequest(`/track/${token}/consignee`, { method: 'POST', body: new URLSearchParams(fields) });

const FORM = {
  name: 'Al Noor <script>alert(1)</script> Trading',
  address: 'Office 12, Al Quoz "3"',
  city: 'Dubai',
  country: 'United Arab Emirates',
  phone: '+971 50 123 4567',
  email: 'imports@alnoor.example',
  idNumber: '784-1987-1234567-1',
};

describe("the buyer's consignee form (POST /track/{token}/consignee)", () => {
  it('is a plain form bound to the link; a post stores the consignee as the buyer gave it and answers 303 back to the page, which shows it escaped', async () => {
    const order = await newOrder();
    const token = await tokenOfOrder(order.id);
    const page = await openPage(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(page.body).toContain(`<form method="post" action="${token}/consignee">`);
    const proof = hiddenField(page.body);
    expect(proof).toMatch(/^\d+\.[\w-]{43}$/);

    const posted = await postForm(token, { ...FORM, form: proof!, lang: 'en' });
    expect(posted.status, posted.body.slice(0, 300)).toBe(303);
    expect(posted.headers.get('location')).toBe(`../${token}?lang=en`);
    const stored = (await orderDetail(order.id)).consignee;
    expect(stored).toEqual({
      ...FORM,
      phone: '+971501234567',
      givenBy: 'buyer',
      at: expect.any(String),
    });
    expect((await orderDetail(order.id)).version).toBe(order.version + 1);

    const after = await openPage(token);
    expect(after.body).toContain('Al Noor &lt;script&gt;alert(1)&lt;/script&gt; Trading');
    expect(after.body).toContain('Office 12, Al Quoz &quot;3&quot;');
    expect(after.body).not.toMatch(/<script/i);
    expect(after.body).toContain('Received on');
    // The e-mail is never shown back, and of the ID number only its end.
    expect(after.body).not.toContain('imports@alnoor.example');
    expect(after.body).not.toContain('784-1987-1234567-1');
    expect(after.body).toContain('…67-1');
  });

  it('answers a bad value with the page again (400), the problem next to its field in the buyer’s language, and stores nothing', async () => {
    const order = await newOrder();
    const token = await tokenOfOrder(order.id);
    const proof = hiddenField((await openPage(token, '?lang=ar')).body)!;

    const bad = await postForm(token, { ...FORM, phone: '050 123 4567', city: '', form: proof, lang: 'ar' });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('<html lang="ar" dir="rtl">');
    expect(bad.body).toMatch(/id="c-phone"[^>]*aria-invalid="true" aria-describedby="e-phone"/);
    expect(bad.body).toContain('<p class="error" id="e-phone">اكتب الرقم مع رمز الدولة');
    expect(bad.body).toContain('<p class="error" id="e-city">يرجى تعبئة هذا الحقل.</p>');
    // What was typed comes back, escaped; the form posts again from where this page was answered.
    expect(bad.body).toContain('value="Al Noor &lt;script&gt;alert(1)&lt;/script&gt; Trading"');
    expect(bad.body).toContain('<form method="post" action="consignee">');
    expect(bad.body).toContain(`href="../${token}?lang=en"`);
    expect((await orderDetail(order.id)).consignee).toBeUndefined();
    expect((await orderDetail(order.id)).version).toBe(order.version);
  });

  it('refuses a post without the hidden field, with an altered one, one of another link or an expired one (403), and stores nothing', async () => {
    const order = await newOrder();
    const other = await newOrder();
    const token = await tokenOfOrder(order.id);
    const otherToken = await tokenOfOrder(other.id);
    const proof = hiddenField((await openPage(token)).body)!;
    const otherProof = hiddenField((await openPage(otherToken)).body)!;
    const [expiry, mac] = proof.split('.') as [string, string];
    const expired = formProof(trackingLinkSecret(), tokenHash(token), new Date(Date.now() - 13 * 3_600_000));

    for (const form of [undefined, `${Number(expiry) + 60}.${mac}`, otherProof, expired]) {
      const refused = await postForm(token, { ...FORM, ...(form === undefined ? {} : { form }) });
      expect(refused.status, String(form)).toBe(403);
      expect(refused.body).toContain('This form had expired, so nothing was saved.');
      // The form comes back with a fresh hidden field, and what was typed.
      expect(hiddenField(refused.body)).toMatch(/^\d+\.[\w-]{43}$/);
    }
    expect((await orderDetail(order.id)).consignee).toBeUndefined();
    expect((await orderDetail(order.id)).version).toBe(order.version);

    // Another order's token with its own field changes that order only.
    expect((await postForm(otherToken, { ...FORM, form: otherProof })).status).toBe(303);
    expect((await orderDetail(other.id)).consignee.givenBy).toBe('buyer');
    expect((await orderDetail(order.id)).consignee).toBeUndefined();
  });

  it('answers an unknown link with the 404 page and stores nothing', async () => {
    const refused = await postForm('Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2', { ...FORM, form: '1.x' });
    expect(refused.status).toBe(404);
  });

  it('is closed to the buyer once the bill of lading is recorded (staff may still change it), and the page shows the courier of the original papers', async () => {
    const order = await loadedOrder();
    const token = await tokenOfOrder(order.id);
    const page = await openPage(token);
    expect(page.body).not.toContain('<form');
    expect(page.body).toContain(
      'The bill of lading has been issued with these details. To change them, contact your sales contact below.',
    );

    const proof = formProof(trackingLinkSecret(), tokenHash(token), new Date());
    const locked = await postForm(token, { ...FORM, form: proof });
    expect(locked.status).toBe(409);
    expect((await orderDetail(order.id)).consignee).toBeUndefined();
    data(await setConsignee(order.id, CONSIGNEE));

    data(await setCourier(order.id, { carrier: 'DHL', trackingNumber: '1234567890', sentAt: today() }));
    const withParcel = await openPage(token);
    expect(withParcel.body).toContain('Original papers');
    expect(withParcel.body).toContain(
      'href="https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&amp;tracking-id=1234567890"',
    );
    expect(withParcel.body).toContain('Al Noor Trading LLC');
    data(await setCourier(order.id, { telexRelease: true }));
    expect((await openPage(token)).body).toContain('Released by telex: there are no original papers to wait for.');
  });
});
