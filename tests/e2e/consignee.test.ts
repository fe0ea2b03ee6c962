/**
 * The consignee and the original papers' courier over HTTP: staff's PATCH /orders/{id}/consignee
 * and PUT /orders/{id}/document-courier, and the buyer's form on their page
 * (POST /track/{token}/consignee), its hidden field, its lock after the bill of lading, and what
 * the page then shows.
 */
import { describe, expect, it } from 'vitest';
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
