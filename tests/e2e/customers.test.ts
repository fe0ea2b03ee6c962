import { describe, expect, it } from 'vitest';
import { api, demoKey, uniquePhone } from '../support/http.js';

const gulf = () => demoKey('integrator', 'gulf');
const seoul = () => demoKey('integrator', 'seoul');

describe('POST /api/v1/customers', () => {
  it('creates a customer with an empty wallet and answers 201 in the envelope', async () => {
    const phone = uniquePhone();
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'Ali Hassan', mobileNumber: phone, email: 'ali@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      name: 'Ali Hassan',
      mobileNumber: phone,
      email: 'ali@example.com',
      walletBalance: 0,
      tenantId: 'demotenantgulfmotors0001',
    });
    expect(res.body.data.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(Date.parse(res.body.data.createdAt)).not.toBeNaN();
  });

  it('stores the number in E.164 whatever the spacing', async () => {
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`;
    const res = await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'Spaced', mobileNumber: spaced } });
    expect(res.status).toBe(201);
    expect(res.body.data.mobileNumber).toBe(phone);
  });

  it('refuses a second customer with the same number in the tenant with 409 naming the field', async () => {
    const phone = uniquePhone();
    expect(
      (await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'First', mobileNumber: phone } })).status,
    ).toBe(201);
    const again = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'Second', mobileNumber: phone.replace('+971', '+971 ') },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, statusCode: 409, code: 'DUPLICATE' });
    expect(again.body.details[0].field).toBe('body.mobileNumber');
  });

  it('lets another tenant register the same number', async () => {
    const phone = uniquePhone();
    expect(
      (await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'Gulf', mobileNumber: phone } })).status,
    ).toBe(201);
    expect(
      (await api('POST', '/api/v1/customers', { key: seoul(), body: { name: 'Seoul', mobileNumber: phone } })).status,
    ).toBe(201);
  });

  it('lets exactly one of 10 concurrent creations of the same number win', async () => {
    const phone = uniquePhone();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('POST', '/api/v1/customers', { key: gulf(), body: { name: `Racer ${i}`, mobileNumber: phone } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const search = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: gulf() });
    expect(search.body.data).toHaveLength(1);
  });

  it.each([
    ['missing name', { mobileNumber: '+971501234567' }, 'body.name'],
    ['missing mobileNumber', { name: 'X' }, 'body.mobileNumber'],
    ['name of the wrong type', { name: 42, mobileNumber: '+971501234567' }, 'body.name'],
    ['unknown field', { name: 'X', mobileNumber: '+971501234567', isAdmin: true }, 'body.isAdmin'],
    ['bad email', { name: 'X', mobileNumber: '+971501234567', email: 'not-an-email' }, 'body.email'],
    ['number without country code', { name: 'X', mobileNumber: '0501234567' }, 'body.mobileNumber'],
    ['letters for a number', { name: 'X', mobileNumber: 'call me maybe' }, 'body.mobileNumber'],
    ['empty name', { name: '', mobileNumber: '+971501234567' }, 'body.name'],
    ['an array body', [], 'body'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_label, body, field) => {
    const res = await api('POST', '/api/v1/customers', { key: gulf(), body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('answers 400 INVALID_JSON for a malformed body', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      rawBody: '{"name": "x",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_JSON', statusCode: 400 });
  });

  it('answers 400 INVALID_JSON for a missing body', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  it('refuses __proto__ keys instead of storing them', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      rawBody: `{"name":"x","mobileNumber":"${uniquePhone()}","__proto__":{"isAdmin":true}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_JSON');
  });

  it('answers 415 when the body is not sent as JSON', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      rawBody: 'name=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 413 for a body over 256 KB', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'x'.repeat(300_000), mobileNumber: uniquePhone() },
    });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('does not let a tenant key create a customer in another tenant', async () => {
    const res = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'X', mobileNumber: uniquePhone(), tenantId: 'demotenantseoulexport001' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('lets a platform key create a customer in a named tenant, and refuses an unknown tenant', async () => {
    const ok = await api('POST', '/api/v1/customers', {
      key: demoKey('platform'),
      body: { name: 'X', mobileNumber: uniquePhone(), tenantId: 'demotenantseoulexport001' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.tenantId).toBe('demotenantseoulexport001');
    const bad = await api('POST', '/api/v1/customers', {
      key: demoKey('platform'),
      body: { name: 'X', mobileNumber: uniquePhone(), tenantId: 'nosuchtenant' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('body.tenantId');
  });
});

describe('POST /api/v1/customers with an Idempotency-Key', () => {
  const create = (body: Record<string, unknown>, key: string) =>
    api('POST', '/api/v1/customers', { key: gulf(), body, headers: { 'Idempotency-Key': key } });

  it('answers a retry with the customer the first request created, not 409 for its own number', async () => {
    const phone = uniquePhone();
    const key = `customer-${Date.now().toString(36)}-retry`;
    const first = await create({ name: 'Retry Hassan', mobileNumber: phone }, key);
    expect(first.status, first.text).toBe(201);
    // The same body with its fields in another order is the same request.
    const again = await create({ mobileNumber: phone, name: 'Retry Hassan' }, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    // Without the key, the number is taken as before.
    expect(
      (await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'Retry Hassan', mobileNumber: phone } }))
        .body.code,
    ).toBe('DUPLICATE');
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED for the key sent with another body, and creates nothing more', async () => {
    const key = `customer-${Date.now().toString(36)}-reuse`;
    expect((await create({ name: 'First Body', mobileNumber: uniquePhone() }, key)).status).toBe(201);
    const phone = uniquePhone();
    const reused = await create({ name: 'Other Body', mobileNumber: phone }, key);
    expect(reused.status, reused.text).toBe(409);
    expect(reused.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(reused.body.details[0].field).toBe('Idempotency-Key');
    const search = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: gulf() });
    expect(search.body.data).toEqual([]);
  });

  it('creates one customer when 10 identical retries race, and answers each of them with it', async () => {
    const phone = uniquePhone();
    const key = `customer-${Date.now().toString(36)}-race`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => create({ name: 'Racing Retry', mobileNumber: phone }, key)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const search = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: gulf() });
    expect(search.body.data).toHaveLength(1);
  });
});

describe('names of only spaces', () => {
  it('are refused for customers and staff users (400 body.name "must not be blank"), and nothing is created', async () => {
    const phone = uniquePhone();
    const customer = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: '   ', mobileNumber: phone },
    });
    expect(customer.status, customer.text).toBe(400);
    expect(customer.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'body.name', message: 'must not be blank: give letters, not only spaces, e.g. "Layla Haddad"' },
      ],
    });
    const search = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: gulf() });
    expect(search.body.data).toEqual([]);

    const user = await api('POST', '/api/v1/users', {
      key: demoKey('admin'),
      body: { name: ' \t ', role: 'marketer', mobileNumber: uniquePhone() },
    });
    expect(user.status, user.text).toBe(400);
    expect(user.body.details).toEqual([
      { field: 'body.name', message: 'must not be blank: give letters, not only spaces, e.g. "Layla Haddad"' },
    ]);
  });
});

describe('GET /api/v1/customers/search', () => {
  it('finds the customer by any spelling of the number, exactly', async () => {
    const phone = uniquePhone();
    const created = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'Findme', mobileNumber: phone },
    });
    for (const spelling of [phone, `${phone.slice(0, 4)} ${phone.slice(4)}`, `00${phone.slice(1)}`]) {
      const res = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(spelling)}&exact=false`, {
        key: gulf(),
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: created.body.data.id, name: 'Findme', mobileNumber: phone, tenantId: 'demotenantgulfmotors0001' },
      ]);
    }
  });

  it('never matches a prefix, even when exact=false', async () => {
    const phone = uniquePhone();
    await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'Prefix', mobileNumber: phone } });
    const res = await api(
      'GET',
      `/api/v1/customers/search?phone=${encodeURIComponent(phone.slice(0, -2))}&exact=false`,
      { key: gulf() },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("does not show another tenant's customers, but shows them to platform staff", async () => {
    const phone = uniquePhone();
    await api('POST', '/api/v1/customers', { key: gulf(), body: { name: 'Private', mobileNumber: phone } });
    const other = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, { key: seoul() });
    expect(other.body.data).toEqual([]);
    const staff = await api('GET', `/api/v1/customers/search?phone=${encodeURIComponent(phone)}`, {
      key: demoKey('platform'),
    });
    expect(staff.body.data).toHaveLength(1);
  });

  it.each([
    ['no phone', ''],
    ['a phone that is not a number', '?phone=abc'],
    ['an unknown parameter', '?phone=%2B971501234567&limit=5'],
    ['exact that is not true/false', '?phone=%2B971501234567&exact=maybe'],
  ])('answers 400 for %s', async (_label, query) => {
    const res = await api('GET', `/api/v1/customers/search${query}`, { key: gulf() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/v1/customers/{id}', () => {
  it('returns the customer with its wallet balance', async () => {
    const created = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'Detail', mobileNumber: uniquePhone(), country: 'AE' },
    });
    const res = await api('GET', `/api/v1/customers/${created.body.data.id}`, { key: gulf() });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: created.body.data.id,
      name: 'Detail',
      country: 'AE',
      walletBalance: 0,
      walletCurrency: 'USD',
    });
  });

  it("answers 404 for another tenant's customer, exactly as for an unknown id", async () => {
    const created = await api('POST', '/api/v1/customers', {
      key: gulf(),
      body: { name: 'Hidden', mobileNumber: uniquePhone() },
    });
    const foreign = await api('GET', `/api/v1/customers/${created.body.data.id}`, { key: seoul() });
    const unknown = await api('GET', '/api/v1/customers/doesnotexist000000000000', { key: seoul() });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
  });

  it('answers 400 for an id that cannot be a CUID', async () => {
    const res = await api('GET', '/api/v1/customers/NOT-AN-ID', { key: gulf() });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('path.id');
  });
});
