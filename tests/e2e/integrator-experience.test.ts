import { describe, expect, it } from 'vitest';
import { api, demoKey, uniquePhone, type ApiResponse } from '../support/http.js';
import { gulfOrder } from '../support/order-children.js';
import {
  accountantKey,
  changeStatus,
  credit,
  newCustomer,
  orderDetail,
  placeOrder,
  validateTransition,
} from '../support/orders.js';

/** Every error answers the one documented shape: details, when there is more to say, is a list of {field?, message, ...facts}. */
function expectProblemShape(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ success: false, statusCode: status, code, error: expect.any(String) });
  if (res.body.details === undefined) return;
  expect(Array.isArray(res.body.details), res.text).toBe(true);
  expect(res.body.details.length).toBeGreaterThan(0);
  for (const problem of res.body.details) {
    expect(typeof problem.message).toBe('string');
    if ('field' in problem) expect(typeof problem.field).toBe('string');
  }
}

describe('errors that explain', () => {
  it('lists every problem of a body in one answer: unknown field, empty name, phone format and enum together', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: demoKey('integrator'),
      body: { nickname: 'x', name: '', mobileNumber: '0501234567', language: 'fr', email: 'nope' },
    });

    expectProblemShape(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details).toEqual([
      {
        field: 'body.nickname',
        message:
          'is not a field of this request; the fields are name, mobileNumber, email, idNumber, country, address, language, walletCurrency, tenantId',
      },
      { field: 'body.name', message: 'must not be empty, e.g. "Layla Haddad"' },
      {
        field: 'body.mobileNumber',
        message: 'must be a phone number with its country code, e.g. +971501234567; got "0501234567"',
      },
      { field: 'body.email', message: 'must be an email address, e.g. name@example.com; got "nope"' },
      { field: 'body.language', message: 'must be one of en, ar; got "fr"' },
    ]);
  });

  it('says "must be one of" once for a bad order currency', async () => {
    const customer = await newCustomer();
    const res = await api('POST', '/api/v1/orders', {
      key: demoKey('integrator'),
      body: { customerId: customer.id, totalAmount: 10, currency: 'EUR' },
    });

    expectProblemShape(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details).toEqual([{ field: 'body.currency', message: 'must be one of USD, KRW, AED; got "EUR"' }]);
  });

  it('hints at %2B when the + of a phone number in a query string arrived as a space', async () => {
    const res = await api('GET', '/api/v1/customers/search?phone=+971501234567', { key: demoKey('integrator') });

    expectProblemShape(res, 400, 'VALIDATION_ERROR');
    expect(res.body.details[0]).toMatchObject({ field: 'query.phone', message: expect.stringContaining('%2B') });

    const encoded = await api('GET', '/api/v1/customers/search?phone=%2B971501234567', { key: demoKey('integrator') });
    expect(encoded.status, encoded.text).toBe(200);
  });

  it('names the roles that may call a route when a role may not', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: demoKey('inspector'),
      body: { name: 'A', mobileNumber: uniquePhone() },
    });

    expectProblemShape(res, 403, 'FORBIDDEN');
    expect(res.body.error).toContain('admin, operations, accountant, marketer, integrator');
    expect(res.body.details[0]).toMatchObject({
      field: 'X-API-Key',
      role: 'inspector',
      allowedRoles: ['admin', 'operations', 'accountant', 'marketer', 'integrator'],
    });
  });

  it('answers the same details shape on 401, 404, 409 and 422', async () => {
    expectProblemShape(await api('GET', '/api/v1/orders', {}), 401, 'UNAUTHORIZED');
    expectProblemShape(
      await api('GET', '/api/v1/orders/ckunknownrecord000000000000', { key: accountantKey() }),
      404,
      'NOT_FOUND',
    );

    const order = await gulfOrder();
    const stale = await changeStatus(order.id, accountantKey(), { status: 'Cancelled', version: 7 });
    expectProblemShape(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.details).toEqual([expect.objectContaining({ field: 'body.version', currentVersion: 1 })]);

    const blocked = await changeStatus(order.id, accountantKey(), { status: 'DepositConfirmed', version: 1 });
    expectProblemShape(blocked, 422, 'INVALID_TRANSITION');
    expect(blocked.body.details[0]).toMatchObject({
      field: 'body.status',
      missingRequirements: [expect.objectContaining({ code: 'CONFIRMED_RECEIPT_REQUIRED' })],
    });

    const customer = await newCustomer();
    const poor = await api('POST', '/api/v1/orders', {
      key: demoKey('integrator'),
      body: {
        customerId: customer.id,
        totalAmount: 100,
        useWalletBalance: true,
        inspectionDate: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expectProblemShape(poor, 422, 'WALLET_INSUFFICIENT_BALANCE');
    expect(poor.body.details[0]).toMatchObject({ balance: 0, requested: 100 });
  });
});

describe('optimistic locking the HTTP way', () => {
  it('gives the order version as an ETag and takes it back as If-Match (412 when stale)', async () => {
    const order = await gulfOrder();
    const read = await api('GET', `/api/v1/orders/${order.id}`, { key: accountantKey() });
    expect(read.headers.get('etag')).toBe('"1"');

    const stale = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
      key: accountantKey(),
      body: { enabled: false },
      headers: { 'If-Match': '"5"' },
    });
    expectProblemShape(stale, 412, 'PRECONDITION_FAILED');
    expect(stale.body.details).toEqual([expect.objectContaining({ field: 'If-Match', currentVersion: 1 })]);
    expect((await orderDetail(order.id)).version).toBe(1);

    const fresh = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
      key: accountantKey(),
      body: { enabled: false },
      headers: { 'If-Match': read.headers.get('etag')! },
    });
    expect(fresh.status, fresh.text).toBe(200);
    expect(fresh.headers.get('etag')).toBe('"2"');
    expect(fresh.body.data.version).toBe(2);

    const moved = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: accountantKey(),
      body: { status: 'Cancelled' },
      headers: { 'If-Match': '"2"' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.headers.get('etag')).toBe('"3"');
  });

  it('needs the version from one of the body or If-Match, and refuses the two disagreeing', async () => {
    const order = await gulfOrder();

    const neither = await changeStatus(order.id, accountantKey(), { status: 'Cancelled' });
    expectProblemShape(neither, 400, 'VALIDATION_ERROR');
    expect(neither.body.details[0]).toMatchObject({
      field: 'body.version',
      message: expect.stringContaining('If-Match'),
    });

    const both = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: accountantKey(),
      body: { status: 'Cancelled', version: 1 },
      headers: { 'If-Match': '"2"' },
    });
    expectProblemShape(both, 400, 'VALIDATION_ERROR');

    const garbled = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: accountantKey(),
      body: { status: 'Cancelled' },
      headers: { 'If-Match': 'yesterday' },
    });
    expectProblemShape(garbled, 400, 'VALIDATION_ERROR');
    expect((await orderDetail(order.id)).status).toBe('DepositSubmitted');
  });

  it('lets customs edits take the version too, so a client keeps its version in step', async () => {
    const order = await gulfOrder();
    const invoice = { buyerName: 'Buyer', items: [{ description: 'car', amount: 18_500 }], currency: 'AED' };

    const stale = await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
      key: accountantKey(),
      body: { ...invoice, version: 3 },
    });
    expectProblemShape(stale, 409, 'VERSION_CONFLICT');

    const stored = await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
      key: accountantKey(),
      body: { ...invoice, version: 1 },
    });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body.data.version).toBe(2);
    expect(stored.body.data.customsInvoice).not.toHaveProperty('version');
    expect(stored.headers.get('etag')).toBe('"2"');

    const next = await changeStatus(order.id, accountantKey(), {
      status: 'Cancelled',
      version: stored.body.data.version,
    });
    expect(next.status, next.text).toBe(200);
  });

  it('versions contracts: ETag on read, raised by each change, 412 for a stale If-Match', async () => {
    const order = await gulfOrder();
    const created = await api('POST', '/api/v1/contracts', {
      key: accountantKey(),
      body: { orderId: order.id, customerName: 'Buyer' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.version).toBe(1);
    const id = created.body.data.id;

    const read = await api('GET', `/api/v1/contracts/${id}`, { key: accountantKey() });
    expect(read.headers.get('etag')).toBe('"1"');

    const edited = await api('PATCH', `/api/v1/contracts/${id}`, {
      key: accountantKey(),
      body: { notes: 'first' },
      headers: { 'If-Match': '"1"' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.version).toBe(2);

    const lost = await api('PATCH', `/api/v1/contracts/${id}`, {
      key: accountantKey(),
      body: { notes: 'second' },
      headers: { 'If-Match': '"1"' },
    });
    expectProblemShape(lost, 412, 'PRECONDITION_FAILED');
    expect((await api('GET', `/api/v1/contracts/${id}`, { key: accountantKey() })).body.data.notes).toBe('first');

    // The signature needs no body at all.
    const signed = await api('PATCH', `/api/v1/contracts/${id}/sign`, { key: accountantKey() });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.data).toMatchObject({ status: 'Signed', version: 3 });
  });
});

describe('the small ones', () => {
  it('copies every customer field the order has into a new contract', async () => {
    const customer = await api('POST', '/api/v1/customers', {
      key: demoKey('integrator'),
      body: {
        name: 'Layla Haddad',
        mobileNumber: uniquePhone(),
        email: 'layla@example.com',
        idNumber: 'P998877',
        country: 'AE',
        address: 'Dubai Marina',
      },
    });
    expect(customer.status, customer.text).toBe(201);
    const order = await placeOrder(accountantKey(), { customerId: customer.body.data.id, totalAmount: 9_000 });

    const contract = await api('POST', '/api/v1/contracts', {
      key: accountantKey(),
      body: { orderId: order.id, customerName: 'Layla Haddad' },
    });

    expect(contract.status, contract.text).toBe(201);
    expect(contract.body.data).toMatchObject({
      customerPhone: customer.body.data.mobileNumber,
      customerEmail: 'layla@example.com',
      customerIdNumber: 'P998877',
      customerCountry: 'AE',
      customerAddress: 'Dubai Marina',
    });
  });

  it('accepts convertedPrice and convertedCurrency in the car list projection', async () => {
    const res = await api('GET', '/api/v1/cars?limit=2&currency=USD&fields=price,convertedPrice,convertedCurrency', {
      key: demoKey('integrator'),
    });

    expect(res.status, res.text).toBe(200);
    for (const car of res.body.data) {
      expect(Object.keys(car).sort()).toEqual(['convertedCurrency', 'convertedPrice', 'id', 'price']);
      expect(car.convertedCurrency).toBe('USD');
    }
  });

  it('says which statuses are reachable now and which wait on what', async () => {
    const customer = await newCustomer();
    await credit(customer.walletId, 100);
    const order = await placeOrder(accountantKey(), { customerId: customer.id, totalAmount: 50 });

    const res = await validateTransition(order.id, accountantKey(), 'DepositConfirmed');

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.valid).toBe(false);
    expect(res.body.data.reachableNow).toEqual(['Cancelled']);
    expect(res.body.data.blocked).toEqual([
      {
        status: 'DepositConfirmed',
        missingRequirements: [expect.objectContaining({ code: 'CONFIRMED_RECEIPT_REQUIRED' })],
      },
    ]);
  });
});
