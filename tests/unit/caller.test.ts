import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../lib/schemas/index.js';
import { isRole, ROLES, routeAllowed, type Caller } from '../../lib/domain/caller.js';
import { defaultAllowedRoutes } from '../../lib/domain/role-routes.js';
import { orderInScope, scopeOf } from '../../lib/domain/scope.js';

describe('routeAllowed', () => {
  it('allows every route when the key has a * entry', () => {
    expect(routeAllowed(['*'], 'PATCH /api/v1/orders/{id}/status')).toBe(true);
    expect(routeAllowed(['GET /api/v1/customers/{id}', '*'], 'POST /api/v1/customers')).toBe(true);
  });

  it('allows a route listed with its exact route key', () => {
    expect(routeAllowed(['GET /api/v1/customers/{id}', 'POST /api/v1/customers'], 'POST /api/v1/customers')).toBe(true);
  });

  it('refuses a route that is not listed', () => {
    expect(routeAllowed(['GET /api/v1/customers/{id}'], 'POST /api/v1/customers')).toBe(false);
  });

  it('refuses everything when the list is empty', () => {
    expect(routeAllowed([], 'GET /api/v1/customers/search')).toBe(false);
  });

  it('treats the method as part of the route (GET allowed does not allow POST on the same path)', () => {
    expect(routeAllowed(['GET /api/v1/customers'], 'POST /api/v1/customers')).toBe(false);
  });

  it('does not match by prefix: a parent path does not allow its children', () => {
    expect(routeAllowed(['GET /api/v1/customers'], 'GET /api/v1/customers/{id}')).toBe(false);
    expect(routeAllowed(['GET /api/v1/customers/{id}'], 'GET /api/v1/customers/{id}/wallet')).toBe(false);
  });

  it('does not treat * inside an entry as a wildcard (only a bare * allows all)', () => {
    expect(routeAllowed(['GET /api/v1/*'], 'GET /api/v1/customers/search')).toBe(false);
    expect(routeAllowed(['* /api/v1/customers'], 'POST /api/v1/customers')).toBe(false);
  });

  it('does not confuse a concrete path with the route template', () => {
    expect(routeAllowed(['GET /api/v1/customers/{id}'], 'GET /api/v1/customers/abc123')).toBe(false);
  });
});

describe('defaultAllowedRoutes', () => {
  const routes = [
    { method: 'GET', path: '/api/v1/things' },
    { method: 'POST', path: '/api/v1/things', roles: ['operations', 'marketer'] },
    { method: 'PATCH', path: '/api/v1/things/{id}/confirm', roles: ['accountant'] },
    { method: 'GET', path: '/api/v1/docs', public: true },
  ];

  it('gives admin every route with a single *', () => {
    expect(defaultAllowedRoutes('admin', routes)).toEqual(['*']);
  });

  it('gives a role the unrestricted routes and the routes naming that role, as route keys', () => {
    expect(defaultAllowedRoutes('marketer', routes)).toEqual(['GET /api/v1/things', 'POST /api/v1/things']);
    expect(defaultAllowedRoutes('accountant', routes)).toEqual([
      'GET /api/v1/things',
      'PATCH /api/v1/things/{id}/confirm',
    ]);
  });

  it('leaves out routes restricted to other roles', () => {
    expect(defaultAllowedRoutes('integrator', routes)).toEqual(['GET /api/v1/things']);
  });

  it('never lists public routes (they need no key)', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(defaultAllowedRoutes(role, routes)).not.toContain('GET /api/v1/docs');
    }
  });

  it('over the real contracts, gives each non-admin role exactly the non-public routes its role may call', () => {
    const real = allRoutes.map((c) => ({ method: c.method, path: c.path, roles: c.roles, public: c.public }));
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const expected = allRoutes
        .filter((c) => !c.public && (c.roles === undefined || c.roles.includes(role)))
        .map((c) => `${c.method} ${c.path}`);

      const granted = defaultAllowedRoutes(role, real);

      expect(granted).toEqual(expected);
      for (const routeKey of granted) expect(routeAllowed(granted, routeKey)).toBe(true);
    }
  });
});

describe('isRole and scopeOf', () => {
  it('accepts every known role and nothing else', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    expect(isRole('superuser')).toBe(false);
    expect(isRole('Admin')).toBe(false);
    expect(isRole('')).toBe(false);
  });

  it('scopes a tenant key to its tenant, platform staff to any tenant, and a marketer to its own records', () => {
    const base: Caller = { keyId: 'k1', role: 'integrator', allowedRoutes: ['*'] };

    expect(scopeOf({ ...base, tenantId: 'tenant1' })).toEqual({ tenantId: 'tenant1' });
    expect(scopeOf(base)).toEqual({});
    expect(scopeOf({ ...base, role: 'marketer', tenantId: 'tenant1', userId: 'm1' })).toEqual({
      tenantId: 'tenant1',
      marketerId: 'm1',
    });
    expect(
      orderInScope(
        { tenantId: 'tenant1', marketerId: 'm2' },
        scopeOf({ ...base, role: 'marketer', tenantId: 'tenant1', userId: 'm1' }),
      ),
    ).toBe(false);
  });
});
