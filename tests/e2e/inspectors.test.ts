/** GET /api/v1/inspectors: whom operations can name on an inspection, without the staff list. */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../lib/store/tenants.js';
import { api, demoKey } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

let tenantId: string;
let admin: string;
let operations: string;
let active: string;
let leaver: string;

beforeAll(async () => {
  const subdomain = `insp${Date.now().toString(36)}`;
  tenantId = (
    await createTenant({
      name: `Inspectors ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  admin = (await newApiKey({ role: 'admin', tenantId })).key;
  operations = (await newApiKey({ userId: await newStaffUser('operations', tenantId) })).key;
  active = await newStaffUser('inspector', tenantId, { name: 'Zainab Inspector' });
  await newStaffUser('inspector', tenantId, { name: 'Adel Inspector' });
  leaver = await newStaffUser('inspector', tenantId, { name: 'Left Inspector' });
  await newStaffUser('marketer', tenantId, { name: 'Not An Inspector' });
  const deactivated = await api('PATCH', `/api/v1/users/${leaver}`, { key: admin, body: { active: false } });
  expect(deactivated.status, deactivated.text).toBe(200);
});

describe('GET /api/v1/inspectors', () => {
  it("gives operations the tenant's active inspectors by name, with their id and name only", async () => {
    const res = await api('GET', '/api/v1/inspectors', { key: operations });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((u: { name: string }) => u.name)).toEqual(['Adel Inspector', 'Zainab Inspector']);
    expect(Object.keys(res.body.data[1]).sort()).toEqual(['id', 'name']);
    expect(res.body.data[1].id).toBe(active);
    // Operations still may not read the staff list itself.
    expect((await api('GET', '/api/v1/users', { key: operations })).status).toBe(403);
  });

  it("shows no other tenant's inspectors, and is closed to marketers, accountants and integrators", async () => {
    const theirs = await api('GET', '/api/v1/inspectors', { key: demoKey('operations') });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data.map((u: { id: string }) => u.id)).not.toContain(active);
    for (const role of ['marketer', 'accountant', 'integrator'] as const)
      expect((await api('GET', '/api/v1/inspectors', { key: demoKey(role) })).status, role).toBe(403);
    const unknown = await api('GET', '/api/v1/inspectors?role=inspector', { key: operations });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((d: { field: string }) => d.field)).toContain('query.role');
  });
});
