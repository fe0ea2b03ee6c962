import { beforeAll, describe, expect, it } from 'vitest';
import { consoleTenant } from '../support/browser.js';
import { type ApiResponse, api, demoKey, uniquePhone } from '../support/http.js';

/**
 * The destination's import rules over HTTP: the rules with their sources, the catalogue filtered
 * for a destination against the unfiltered list, the car check, the 409 on an order with its
 * details, an admin's override (and nobody else's), a tenant's own rule unseen by another tenant,
 * the open orders a changed rule now fails, and bad input.
 */

type Car = Record<string, any>;
const THIS_YEAR = new Date().getUTCFullYear();
const gulf = () => demoKey('marketer');

async function ok(res: ApiResponse, status = 200): Promise<any> {
  expect(res.status, res.text).toBe(status);
  return res.body.data;
}

async function carList(query: string, key: string) {
  const res = await api('GET', `/api/v1/cars${query}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body as { data: Car[]; meta: { total: number } };
}

/** The id of a listed car matching the query, for this key's storefront. */
async function carWhere(query: string, key: string): Promise<Car> {
  const { data } = await carList(`?limit=1&${query}`, key);
  expect(data.length, `a car matching ${query}`).toBe(1);
  return data[0]!;
}

const rule = (over: Record<string, unknown> = {}) => ({
  maxAgeYears: 5,
  ageCountedFrom: 'model-year',
  ageCountedTo: 'order',
  refusedDamage: ['flood'],
  fuelTypesRefused: [],
  documents: ['Certificate of origin'],
  permits: [],
  note: 'set by a test',
  source: 'Clearing agent letter',
  asOf: '2026-12-01',
  confirmed: true,
  ...over,
});

async function customerOf(key: string, country?: string): Promise<string> {
  const res = await api('POST', '/api/v1/customers', {
    key,
    body: { name: 'Import Buyer', mobileNumber: uniquePhone(), ...(country ? { country } : {}) },
  });
  return (await ok(res, 201)).id;
}

describe('import rules of the destination', () => {
  let tenant: Awaited<ReturnType<typeof consoleTenant>>;
  let oldCar: Car;
  let newCar: Car;

  beforeAll(async () => {
    tenant = await consoleTenant({ label: 'Import rules', marketers: ['Nasser Import'] });
    const key = tenant.staff.operations.key;
    oldCar = await carWhere(`yearTo=${THIS_YEAR - 8}&damage=accident,flood,total_loss`, key);
    newCar = await carWhere(`yearFrom=${THIS_YEAR - 2}&damage=accident,flood,total_loss`, key);
  });

  it('lists the rules in force with their sources, and one by its country (any case) with its version as ETag', async () => {
    const rules = await ok(await api('GET', '/api/v1/import-rules', { key: gulf() }));
    const countries = rules.map((r: any) => r.country);
    expect(countries).toEqual(
      expect.arrayContaining(['AE', 'SA', 'KW', 'QA', 'OM', 'BH', 'JO', 'IQ', 'KZ', 'KG', 'RU']),
    );
    expect([...countries].sort()).toEqual(countries);
    for (const r of rules) expect(r).toMatchObject({ source: expect.any(String), asOf: expect.any(String) });
    const ae = rules.find((r: any) => r.country === 'AE');
    expect(ae).not.toHaveProperty('maxAgeYears');
    const kw = await api('GET', '/api/v1/import-rules/kw', { key: gulf() });
    expect(await ok(kw)).toMatchObject({ country: 'KW', maxAgeYears: 5, origin: 'default', confirmed: false });
    expect(kw.headers.get('etag')).toBe(`"${kw.body.data.version}"`);
  });

  it('refuses a code that names no country (400) and answers 404 for a country without a rule', async () => {
    const bad = await api('GET', '/api/v1/import-rules/ZZ', { key: gulf() });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('path.country');
    const none = await api('GET', '/api/v1/import-rules/FR', { key: gulf() });
    expect(none.status).toBe(404);
    expect(none.body.error).toContain('FR has no import rule');
  });

  it('lists only the cars the destination takes: the unfiltered list less the too old and the refused damage', async () => {
    const key = tenant.staff.operations.key;
    const all = await carList('?limit=100', key);
    const kw = await carList('?limit=100&importableTo=kw', key);
    const same = await carList(`?limit=100&yearFrom=${THIS_YEAR - 5}&damage=flood,total_loss`, key);
    expect(kw.meta.total).toBeLessThan(all.meta.total);
    expect(kw.meta.total).toBe(same.meta.total);
    expect(kw.data.map((c) => c.id)).toEqual(same.data.map((c) => c.id));
    for (const car of kw.data) {
      expect(car.year).toBeGreaterThanOrEqual(THIS_YEAR - 5);
      expect(car.damage).not.toContain('flood');
    }
    // Other filters and sorting apply as before.
    const cheapest = await carList('?limit=5&importableTo=KW&sortBy=price&sortOrder=asc&fuelType=Gasoline', key);
    expect(cheapest.data.every((c) => c.fuelType === 'Gasoline')).toBe(true);
    const prices = cheapest.data.map((c) => c.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    // A country without a rule takes every car.
    expect((await carList('?limit=1&importableTo=FR', key)).meta.total).toBe(all.meta.total);
  });

  it('judges one car for a destination, each reason with its source', async () => {
    const key = tenant.staff.operations.key;
    const refused = await ok(await api('GET', `/api/v1/cars/${oldCar.id}?importableTo=KW`, { key }));
    expect(refused.importCheck).toMatchObject({ country: 'KW', allowed: false, ruled: true });
    expect(refused.importCheck.reasons).toEqual([
      { rule: 'maxAgeYears', message: expect.stringContaining('at most 5 years'), source: expect.any(String) },
    ]);
    expect(refused.importCheck.documents.length).toBeGreaterThan(0);
    const taken = await ok(await api('GET', `/api/v1/cars/${newCar.id}?importableTo=SA`, { key }));
    expect(taken.importCheck).toMatchObject({ country: 'SA', allowed: true, reasons: [] });
    const plain = await ok(await api('GET', `/api/v1/cars/${newCar.id}`, { key }));
    expect(plain).not.toHaveProperty('importCheck');
    for (const path of [`/api/v1/cars/${newCar.id}?importableTo=QQ`, '/api/v1/cars?importableTo=QQ']) {
      const bad = await api('GET', path, { key });
      expect(bad.status, path).toBe(400);
      expect(bad.body.details[0].field).toBe('query.importableTo');
    }
  });

  it('refuses an order for a car the destination refuses with 409 IMPORT_RESTRICTED naming the rule and its source', async () => {
    const marketer = tenant.marketers[0]!.key;
    const customerId = await customerOf(marketer);
    const res = await api('POST', '/api/v1/orders', {
      key: marketer,
      body: { customerId, carId: oldCar.id, destinationCountry: 'KW', totalAmount: 9000 },
    });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('IMPORT_RESTRICTED');
    expect(res.body.details).toEqual([
      {
        field: 'body.destinationCountry',
        rule: 'maxAgeYears',
        message: expect.stringContaining('at most 5 years'),
        source: expect.stringContaining('Kuwait'),
      },
    ]);
    // Nothing was written: the customer has no order.
    const orders = await ok(await api('GET', `/api/v1/orders?customerId=${customerId}`, { key: marketer }));
    expect(orders).toEqual([]);
  });

  it("takes the customer's country as the destination, written as a code or a name in English or Arabic", async () => {
    const marketer = tenant.marketers[0]!.key;
    for (const country of ['Kuwait', 'الكويت', 'kw']) {
      const customerId = await customerOf(marketer, country);
      const refused = await api('POST', '/api/v1/orders', {
        key: marketer,
        body: { customerId, carId: oldCar.id, totalAmount: 9000 },
      });
      expect(refused.status, `${country}: ${refused.text}`).toBe(409);
      const placed = await ok(
        await api('POST', '/api/v1/orders', {
          key: marketer,
          body: { customerId, carId: newCar.id, totalAmount: 9000 },
        }),
        201,
      );
      expect(placed.destinationCountry).toBe('KW');
      const detail = await ok(await api('GET', `/api/v1/orders/${placed.id}`, { key: marketer }));
      expect(detail.importChecks).toMatchObject({ country: 'KW', allowed: true, ruled: true });
    }
  });

  it('checks a car given by hand on the fields it has, and says which it could not check', async () => {
    const marketer = tenant.marketers[0]!.key;
    const customerId = await customerOf(marketer);
    const old = await api('POST', '/api/v1/orders', {
      key: marketer,
      body: { customerId, destinationCountry: 'SA', carDetails: { makeEn: 'Kia', year: 2012, damage: [] } },
    });
    expect(old.status, old.text).toBe(409);
    const flooded = await api('POST', '/api/v1/orders', {
      key: marketer,
      body: { customerId, destinationCountry: 'AE', carDetails: { makeEn: 'Kia', year: THIS_YEAR, damage: ['flood'] } },
    });
    expect(flooded.status, flooded.text).toBe(409);
    expect(flooded.body.details[0].rule).toBe('refusedDamage');
    const unknown = await ok(
      await api('POST', '/api/v1/orders', {
        key: marketer,
        body: { customerId, destinationCountry: 'SA', carDetails: { makeEn: 'Kia', modelEn: 'K5' } },
      }),
      201,
    );
    const detail = await ok(await api('GET', `/api/v1/orders/${unknown.id}`, { key: marketer }));
    expect(detail.importChecks.allowed).toBe(true);
    expect(detail.importChecks.unchecked.map((u: any) => u.rule)).toEqual(['maxAgeYears', 'refusedDamage']);
  });

  it('lets an admin override the rules with a reason, kept on the order and in the audit trail; nobody else', async () => {
    const { admin, operations } = tenant.staff;
    const customerId = await customerOf(operations.key);
    const body = (override?: unknown) => ({
      customerId,
      carId: oldCar.id,
      destinationCountry: 'KW',
      totalAmount: 9000,
      ...(override ? { importRuleOverride: override } : {}),
    });
    const reason = 'Buyer re-exports to Iraq; Kuwait is transit only';
    const byOperations = await api('POST', '/api/v1/orders', { key: operations.key, body: body({ reason }) });
    expect(byOperations.status, byOperations.text).toBe(403);
    const marketer = await api('POST', '/api/v1/orders', { key: tenant.marketers[0]!.key, body: body({ reason }) });
    expect(marketer.status).toBe(403);
    const short = await api('POST', '/api/v1/orders', { key: admin.key, body: body({ reason: 'too short' }) });
    expect(short.status).toBe(400);
    expect(short.body.details[0].field).toBe('body.importRuleOverride.reason');
    const order = await ok(await api('POST', '/api/v1/orders', { key: admin.key, body: body({ reason }) }), 201);
    expect(order.importRuleOverride).toEqual({ reason, by: admin.userId, at: expect.any(String) });
    const detail = await ok(await api('GET', `/api/v1/orders/${order.id}`, { key: operations.key }));
    expect(detail.importChecks.allowed).toBe(false);
    expect(detail.importRuleOverride.reason).toBe(reason);
    const trail = await ok(await api('GET', `/api/v1/audit?entity=order&id=${order.id}`, { key: admin.key }));
    const created = trail.find((a: any) => a.action === 'created');
    expect(JSON.stringify(created.changes)).toContain(reason);
  });

  it("a tenant admin's own rule wins for that tenant only; versions are checked; deleting it returns the default", async () => {
    const admin = tenant.staff.admin.key;
    const before = await ok(await api('GET', '/api/v1/import-rules/KW', { key: admin }));
    const looser = await api('PUT', '/api/v1/import-rules/KW', {
      key: admin,
      body: rule({ maxAgeYears: 30, refusedDamage: [], version: before.version }),
    });
    const own = await ok(looser);
    expect(own).toMatchObject({ country: 'KW', origin: 'tenant', maxAgeYears: 30, version: before.version + 1 });
    // The old car is now taken by this tenant's list, and still refused for Gulf Motors.
    const ops = tenant.staff.operations.key;
    const check = await ok(await api('GET', `/api/v1/cars/${oldCar.id}?importableTo=KW`, { key: ops }));
    expect(check.importCheck.allowed).toBe(true);
    expect(await ok(await api('GET', '/api/v1/import-rules/KW', { key: gulf() }))).toMatchObject({
      origin: 'default',
      maxAgeYears: 5,
    });
    // A stale version: 409 in the body, 412 as If-Match; nothing changes.
    const stale = await api('PUT', '/api/v1/import-rules/KW', { key: admin, body: rule({ version: before.version }) });
    expect(stale.status).toBe(409);
    const staleHeader = await api('PUT', '/api/v1/import-rules/KW', {
      key: admin,
      body: rule(),
      headers: { 'If-Match': `"${before.version}"` },
    });
    expect(staleHeader.status).toBe(412);
    // Only an admin sets rules.
    const byOps = await api('PUT', '/api/v1/import-rules/KW', { key: ops, body: rule() });
    expect(byOps.status).toBe(403);
    const back = await ok(await api('DELETE', '/api/v1/import-rules/KW', { key: admin }));
    expect(back).toMatchObject({ origin: 'default', maxAgeYears: 5 });
    expect((await api('DELETE', '/api/v1/import-rules/KW', { key: admin })).status).toBe(404);
    const trail = await ok(await api('GET', '/api/v1/audit?entity=importRule&id=kw', { key: admin }));
    expect(trail.map((a: any) => a.action)).toEqual(['deleted', 'set']);
  });

  it('lists the open orders a changed rule now fails, and drops them when the rule is returned', async () => {
    const { admin, operations } = tenant.staff;
    const customerId = await customerOf(operations.key);
    const order = await ok(
      await api('POST', '/api/v1/orders', {
        key: operations.key,
        body: { customerId, carId: newCar.id, destinationCountry: 'OM', totalAmount: 9000 },
      }),
      201,
    );
    const failing = async () =>
      (await ok(await api('GET', '/api/v1/orders?importCheck=failing&limit=100', { key: operations.key }))).map(
        (o: any) => o.id,
      );
    expect(await failing()).not.toContain(order.id);
    await ok(
      await api('PUT', '/api/v1/import-rules/OM', {
        key: admin.key,
        body: rule({ refusedDamage: [], maxAgeYears: 0 }),
      }),
    );
    if (newCar.year < THIS_YEAR) expect(await failing()).toContain(order.id);
    const detail = await ok(await api('GET', `/api/v1/orders/${order.id}`, { key: operations.key }));
    expect(detail.importChecks.allowed).toBe(newCar.year >= THIS_YEAR);
    await ok(await api('DELETE', '/api/v1/import-rules/OM', { key: admin.key }));
    expect(await failing()).not.toContain(order.id);
    const cursor = await api('GET', '/api/v1/orders?importCheck=failing&cursor=abc', { key: operations.key });
    expect(cursor.status).toBe(400);
  });

  it('moves an order to another destination, checked the same way', async () => {
    const { admin, operations } = tenant.staff;
    const customerId = await customerOf(operations.key);
    const order = await ok(
      await api('POST', '/api/v1/orders', {
        key: operations.key,
        body: { customerId, carId: oldCar.id, destinationCountry: 'AE', totalAmount: 9000 },
      }),
      201,
    );
    const refused = await api('PATCH', `/api/v1/orders/${order.id}/destination`, {
      key: operations.key,
      body: { destinationCountry: 'SA', version: order.version },
    });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('IMPORT_RESTRICTED');
    const moved = await ok(
      await api('PATCH', `/api/v1/orders/${order.id}/destination`, {
        key: admin.key,
        body: {
          destinationCountry: 'SA',
          version: order.version,
          importRuleOverride: { reason: 'Approved by the owner' },
        },
      }),
    );
    expect(moved).toMatchObject({ destinationCountry: 'SA', version: order.version + 1 });
    expect(moved.importRuleOverride.reason).toBe('Approved by the owner');
    // Back to a destination that takes it: the override goes.
    const back = await ok(
      await api('PATCH', `/api/v1/orders/${order.id}/destination`, {
        key: operations.key,
        body: { destinationCountry: 'AE', version: moved.version },
      }),
    );
    expect(back).not.toHaveProperty('importRuleOverride');
    const stale = await api('PATCH', `/api/v1/orders/${order.id}/destination`, {
      key: operations.key,
      body: { destinationCountry: 'AE', version: order.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
  });

  it('lets a platform admin set a default every tenant sees, which a tenant admin cannot', async () => {
    const platform = demoKey('platform');
    const set = await ok(
      await api('PUT', '/api/v1/import-rules/NZ', { key: platform, body: rule({ maxAgeYears: 20 }) }),
    );
    expect(set).toMatchObject({ country: 'NZ', origin: 'default', version: 1 });
    expect(await ok(await api('GET', '/api/v1/import-rules/NZ', { key: gulf() }))).toMatchObject({ origin: 'default' });
    const own = await ok(
      await api('PUT', '/api/v1/import-rules/NZ', { key: tenant.staff.admin.key, body: rule({ maxAgeYears: 8 }) }),
    );
    expect(own).toMatchObject({ origin: 'tenant', maxAgeYears: 8 });
    expect(await ok(await api('GET', '/api/v1/import-rules/NZ', { key: gulf() }))).toMatchObject({ maxAgeYears: 20 });
    const deleteDefault = await api('DELETE', '/api/v1/import-rules/NZ', { key: platform });
    expect(deleteDefault.status).toBe(400);
    expect(deleteDefault.body.details[0].field).toBe('query.tenantId');
  });

  it('refuses bad rules naming the field: a negative age, an unknown counting, limits the wrong way round', async () => {
    const admin = tenant.staff.admin.key;
    const cases: Array<[Record<string, unknown>, string]> = [
      [rule({ maxAgeYears: -1 }), 'body.maxAgeYears'],
      [rule({ ageCountedFrom: 'auction' }), 'body.ageCountedFrom'],
      [rule({ refusedDamage: ['scratch'] }), 'body.refusedDamage[0]'],
      [rule({ engine: { minCc: 3000, maxCc: 1000 } }), 'body.engine.maxCc'],
      [rule({ asOf: 'yesterday' }), 'body.asOf'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PUT', '/api/v1/import-rules/QA', { key: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details.map((d: any) => d.field)).toContain(field);
    }
    const unknownCountry = await api('POST', '/api/v1/orders', {
      key: admin,
      body: { customerId: await customerOf(admin), destinationCountry: 'QQ', carDetails: { makeEn: 'Kia' } },
    });
    expect(unknownCountry.status).toBe(400);
    expect(unknownCountry.body.details[0].field).toBe('body.destinationCountry');
    expect((await ok(await api('GET', '/api/v1/import-rules/QA', { key: admin }))).origin).toBe('default');
  });
});
