import { describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../lib/use-cases/api-keys.js';
import { STAFF_TOOL } from '../../lib/domain/caller.js';
import { api, demoKey } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';

const GULF = 'demotenantgulfmotors0001';

describe('GET /api/v1/me', () => {
  it("tells a marketer's key its role, tenant, user and the routes it may call, and nothing an admin route needs", async () => {
    const res = await api('GET', '/api/v1/me', { key: demoKey('marketer') });
    expect(res.status, res.text).toBe(200);
    const me = res.body.data;
    expect(me).toMatchObject({
      role: 'marketer',
      allowedRoutes: expect.any(Array),
      expiresAt: null,
      tenant: {
        id: GULF,
        name: 'Gulf Motors',
        defaultLanguage: expect.stringMatching(/^(en|ar)$/),
        timeZone: expect.any(String),
      },
      user: {
        id: 'demousermarketer00000001',
        name: 'Mina Park (demo marketer)',
        language: expect.stringMatching(/^(en|ar)$/),
      },
    });
    expect(me.routes).toContain('POST /api/v1/orders');
    expect(me.routes).toContain('GET /api/v1/me');
    expect(me.routes).not.toContain('POST /api/v1/users');
    expect(me.routes).not.toContain('POST /api/v1/wallets/{id}/transactions');
    // A route left out really is closed to the key.
    const forbidden = await api('POST', '/api/v1/users', { key: demoKey('marketer'), body: {} });
    expect(forbidden.status).toBe(403);
  });

  it('lists for an admin every route that needs a key, and for platform staff no tenant', async () => {
    const admin = (await api('GET', '/api/v1/me', { key: demoKey('admin') })).body.data;
    expect(admin.routes).toContain('POST /api/v1/users');
    expect(admin.routes).toContain('POST /api/v1/wallets/{id}/transactions');
    expect(admin.routes).not.toContain('GET /api/v1/openapi.json');
    const platform = (await api('GET', '/api/v1/me', { key: demoKey('platform') })).body.data;
    expect(platform).toMatchObject({ role: 'admin', tenant: null });
  });

  it("narrows the routes to the key's allowedRoutes, gives its expiry, and names no user for an integrator", async () => {
    const { key, id } = await newApiKey({
      role: 'integrator',
      tenantId: GULF,
      allowedRoutes: ['GET /api/v1/orders', 'GET /api/v1/me'],
    });
    const me = (await api('GET', '/api/v1/me', { key })).body.data;
    expect(me).toMatchObject({
      keyId: id,
      role: 'integrator',
      user: null,
      allowedRoutes: ['GET /api/v1/orders', 'GET /api/v1/me'],
    });
    expect(me.routes.sort()).toEqual(['GET /api/v1/me', 'GET /api/v1/orders']);

    const expiring = await newApiKey({ role: 'integrator', tenantId: GULF });
    const rotated = await api('POST', `/api/v1/api-keys/${expiring.id}/rotate`, {
      key: demoKey('admin'),
      body: { graceSeconds: 3600 },
    });
    expect(rotated.status, rotated.text).toBe(201);
    const old = (await api('GET', '/api/v1/me', { key: expiring.key })).body.data;
    expect(Date.parse(old.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
  });

  it("shows a user's new name at once", async () => {
    const userId = await newStaffUser('inspector', GULF, { name: 'Before Rename' });
    const { key } = await newApiKey({ userId });
    expect((await api('GET', '/api/v1/me', { key })).body.data.user.name).toBe('Before Rename');
    const renamed = await api('PATCH', `/api/v1/users/${userId}`, {
      key: demoKey('admin'),
      body: { name: 'After Rename' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await api('GET', '/api/v1/me', { key })).body.data).toMatchObject({
      role: 'inspector',
      user: { id: userId, name: 'After Rename' },
    });
  });

  it('answers 401 without a key and for a revoked key', async () => {
    expect((await api('GET', '/api/v1/me', { key: null })).status).toBe(401);
    const { key, id } = await newApiKey({ role: 'integrator', tenantId: GULF });
    await revokeApiKey(STAFF_TOOL, id);
    const res = await api('GET', '/api/v1/me', { key });
    expect(res.status).toBe(401);
  });
});
