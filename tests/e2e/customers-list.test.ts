/**
 * GET /api/v1/customers: a tenant's customers by name, searched by the beginning of a name or by
 * phone, paged by cursor; a marketer sees only theirs; a cursor cannot cross listings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey, uniquePhone } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let tenantId: string;
let admin: string;
let marketerA: string;
let marketerB: string;
const NAMES = [
  'Zaid Karimi',
  'layla Haddad',
  'Layla Aziz',
  'José Ortega',
  'Jose Alba',
  'مُحَمَّد العلي',
  'محمد سالم',
  'Omar  Saleh',
  'Ahmad Nouri',
  'Basma Fares',
  'Karim Said',
  'Noor Hamdan',
];

const data = (res: { status: number; text: string; body: any }) => {
  expect(res.status, res.text).toBe(200);
  return res.body;
};

async function addCustomer(key: string, name: string, mobileNumber = uniquePhone()): Promise<string> {
  const res = await api('POST', '/api/v1/customers', { key, body: { name, mobileNumber } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

async function allPages(key: string, query: string, limit: number): Promise<{ names: string[]; pages: number }> {
  const names: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const body = data(
      await api(
        'GET',
        `/api/v1/customers?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key },
      ),
    );
    expect(body.data.length).toBeLessThanOrEqual(limit);
    names.push(...body.data.map((c: { name: string }) => c.name));
    cursor = body.meta.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { names, pages };
}

beforeAll(async () => {
  const subdomain = `cl${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Customer list ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  admin = (await newApiKey({ role: 'admin', tenantId })).key;
  marketerA = (await newApiKey({ userId: await newStaffUser('marketer', tenantId, { name: 'Marketer A' }) })).key;
  marketerB = (await newApiKey({ userId: await newStaffUser('marketer', tenantId, { name: 'Marketer B' }) })).key;
  for (const name of NAMES) await addCustomer(admin, name);
});

describe('GET /api/v1/customers', () => {
  it("lists the tenant's customers by name, ignoring case and accents, across pages with no repeat and no gap", async () => {
    const { names, pages } = await allPages(admin, '', 5);
    expect(pages).toBe(3);
    expect(names).toHaveLength(NAMES.length);
    expect(new Set(names)).toEqual(new Set(NAMES));
    // Latin names in alphabetical order whatever their case; the Arabic ones after them.
    const latin = names.filter((n) => /^[A-Za-z]/.test(n));
    expect(latin).toEqual([
      'Ahmad Nouri',
      'Basma Fares',
      'Jose Alba',
      'José Ortega',
      'Karim Said',
      'Layla Aziz',
      'layla Haddad',
      'Noor Hamdan',
      'Omar  Saleh',
      'Zaid Karimi',
    ]);
    expect(names.slice(-2).sort()).toEqual(['محمد سالم', 'مُحَمَّد العلي'].sort());
  });

  it('finds customers by the beginning of their name, in any case, with or without accents or Arabic vowel signs', async () => {
    expect((await allPages(admin, '&q=LAY', 10)).names.sort()).toEqual(['Layla Aziz', 'layla Haddad']);
    expect((await allPages(admin, '&q=jos', 10)).names.sort()).toEqual(['Jose Alba', 'José Ortega']);
    expect((await allPages(admin, `&q=${encodeURIComponent('José O')}`, 10)).names).toEqual(['José Ortega']);
    expect((await allPages(admin, `&q=${encodeURIComponent('محمد')}`, 10)).names.sort()).toEqual(
      ['محمد سالم', 'مُحَمَّد العلي'].sort(),
    );
    expect((await allPages(admin, `&q=${encodeURIComponent('omar saleh')}`, 10)).names).toEqual(['Omar  Saleh']);
    expect((await allPages(admin, '&q=xyz', 10)).names).toEqual([]);
    // A prefix search pages too.
    const paged = await allPages(admin, '&q=l', 1);
    expect(paged.names.sort()).toEqual(['Layla Aziz', 'layla Haddad']);
  });

  it('finds a customer by phone, exactly, in any common way of writing the number', async () => {
    const phone = '+971 50 555 0199'.replace('0199', String(Date.now()).slice(-4));
    await addCustomer(admin, 'Phone Person', phone);
    const found = data(await api('GET', `/api/v1/customers?q=${encodeURIComponent(phone)}`, { key: admin }));
    expect(found.data.map((c: { name: string }) => c.name)).toEqual(['Phone Person']);
    expect(found.data[0]).not.toHaveProperty('idNumber');
    expect(found.meta.nextCursor).toBeUndefined();
    const partial = data(
      await api('GET', `/api/v1/customers?q=${encodeURIComponent(phone.slice(0, -2))}`, { key: admin }),
    );
    expect(partial.data).toEqual([]);
  });

  it('shows a marketer only the customers they created or have an order for, and another marketer none of them', async () => {
    const mine = await addCustomer(marketerA, 'Mine Customer');
    await addCustomer(marketerB, 'Theirs Customer');
    const ofA = await allPages(marketerA, '', 10);
    expect(ofA.names).toEqual(['Mine Customer']);
    const ofB = await allPages(marketerB, '', 10);
    expect(ofB.names).toEqual(['Theirs Customer']);
    expect((await allPages(marketerB, '&q=mine', 10)).names).toEqual([]);
    expect((await allPages(marketerA, '&q=MIN', 10)).names).toEqual(['Mine Customer']);
    // The admin sees both, with the rest of the tenant.
    const all = (await allPages(admin, '', 100)).names;
    expect(all).toContain('Mine Customer');
    expect(all).toContain('Theirs Customer');
    const detail = await api('GET', `/api/v1/customers/${mine}`, { key: marketerB });
    expect(detail.status).toBe(404);
  });

  it("keeps each tenant's list to itself: the demo tenant's admin sees none of these customers", async () => {
    const other = await allPages(demoKey('admin'), `&q=${encodeURIComponent('Zaid Karimi')}`, 100);
    expect(other.names).toEqual([]);
  });

  it('refuses bad paging with 400 naming the field: a foreign or forged cursor, a cursor of another search, a bad limit, a blank q', async () => {
    const first = data(await api('GET', '/api/v1/customers?limit=2', { key: admin }));
    const cursor = encodeURIComponent(first.meta.nextCursor);
    const cases: Array<[string, string, string]> = [
      [demoKey('admin'), `/api/v1/customers?limit=2&cursor=${cursor}`, 'query.cursor'],
      [marketerA, `/api/v1/customers?limit=2&cursor=${cursor}`, 'query.cursor'],
      [admin, `/api/v1/customers?limit=2&q=zz&cursor=${cursor}`, 'query.cursor'],
      [admin, '/api/v1/customers?cursor=not-a-cursor', 'query.cursor'],
      [admin, '/api/v1/customers?limit=0', 'query.limit'],
      [admin, '/api/v1/customers?limit=101', 'query.limit'],
      [admin, '/api/v1/customers?q=%20%20', 'query.q'],
      [admin, '/api/v1/customers?q=%2B12', 'query.q'],
      [admin, '/api/v1/customers?sort=name', 'query.sort'],
    ];
    for (const [key, path, field] of cases) {
      const res = await api('GET', path, { key });
      expect(res.status, `${path}: ${res.text}`).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('is closed to integrators and inspectors (403), who find customers by exact phone only or not at all', async () => {
    const integrator = (await newApiKey({ role: 'integrator', tenantId })).key;
    expect((await api('GET', '/api/v1/customers', { key: integrator })).status).toBe(403);
    const inspector = (await newApiKey({ userId: await newStaffUser('inspector', tenantId) })).key;
    expect((await api('GET', '/api/v1/customers', { key: inspector })).status).toBe(403);
  });

  it("lets platform staff list a tenant's customers by naming it", async () => {
    const { names } = await allPages(demoKey('platform'), `&tenantId=${tenantId}&q=layla`, 10);
    expect(names.sort()).toEqual(['Layla Aziz', 'layla Haddad']);
  });
});
