import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RouteSpec } from '../../lib/schemas/route.js';
import { allRoutes } from '../../lib/schemas/index.js';
import type { Role } from '../../lib/domain/caller.js';
import { STAFF_TOOL } from '../../lib/domain/caller.js';
import { revokeApiKey } from '../../lib/use-cases/api-keys.js';
import { newApiKey } from '../support/staff.js';
import { api, demoKey, type ApiResponse } from '../support/http.js';

/** A cuid-looking id: passes the path validators, matches no record. */
const SOME_ID = 'abcdefghijklmnopqrstuvwx';
const GULF = 'demotenantgulfmotors0001';

const routeKey = (c: Pick<RouteSpec, 'method' | 'path'>): string => `${c.method} ${c.path}`;
const concretePath = (c: RouteSpec): string => c.path.replace(/\{[^}]+\}/g, SOME_ID);
const protectedRoutes = (): RouteSpec[] => allRoutes.filter((c) => !c.public);
const publicRoutes = (): RouteSpec[] => allRoutes.filter((c) => c.public);

/** Calls a route with a body that is syntactically JSON when the route takes one, so auth is what decides. */
const callRoute = (c: RouteSpec, key: string | null): Promise<ApiResponse> =>
  api(c.method, concretePath(c), { key, ...(c.body ? { body: {} } : {}) });

async function newKey(
  allowedRoutes: string[],
  role: Role = 'admin',
  tenantId?: string,
): Promise<{ key: string; id: string }> {
  return newApiKey({ name: `auth test ${allowedRoutes.join(',')}`, role, tenantId, allowedRoutes });
}

/** A route other than the given one; when the API has only one protected route, one that does not exist. */
function someOtherRoute(c: RouteSpec): string {
  const other = protectedRoutes().find((o) => routeKey(o) !== routeKey(c));
  return other ? routeKey(other) : 'GET /api/v1/no-such-route';
}

/**
 * The 401/403/429 body of docs/api.md ("Responses and errors") plus the code, and nothing else (no stack); a 403 may add
 * the documented details (what the key lacks), never anything else.
 */
function expectErrorEnvelope(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const { details, ...rest } = res.body as { details?: unknown };
  expect(Object.keys(rest).sort()).toEqual(['code', 'error', 'statusCode', 'success']);
  expect(rest).toEqual({ success: false, error: expect.any(String), statusCode: status, code });
  if (status === 403)
    expect(details).toEqual([expect.objectContaining({ field: 'X-API-Key', message: expect.any(String) })]);
  else expect(details).toBeUndefined();
  expect((res.body as { error: string }).error.length).toBeGreaterThan(0);
  expect(res.text).not.toMatch(/stack|\n\s+at |\.ts:\d+|\.cjs:\d+/i);
}

/** node:http keeps header names exactly as written, unlike fetch, so header case is really tested. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('API key: 401 for missing, unknown and revoked keys', () => {
  const customerDetail = `/api/v1/customers/${SOME_ID}`;

  it('answers 401 UNAUTHORIZED in the error envelope when the key is missing', async () => {
    const res = await api('GET', customerDetail);

    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED for a key the service never issued', async () => {
    const res = await api('GET', customerDetail, { key: 'vpo_this-key-was-never-issued-by-the-service' });

    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED for an empty key header', async () => {
    const res = await api('GET', customerDetail, { headers: { 'X-API-Key': '' } });

    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED for an oversized key without looking it up', async () => {
    const res = await api('GET', customerDetail, { key: 'k'.repeat(5_000) });

    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 UNAUTHORIZED for a revoked key', async () => {
    // Revoked before its first use; a key revoked in use is refused within seconds (tests/e2e/key-revocation.test.ts).
    const { key, id } = await newKey(['*']);
    expect((await revokeApiKey(STAFF_TOOL, id)).revokedAt).toBeDefined();

    const res = await api('GET', customerDetail, { key });

    expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
  });

  it('does not accept the key in the query string or as a bearer token', async () => {
    const key = demoKey('platform');

    const inQuery = await api('GET', `${customerDetail}?api_key=${encodeURIComponent(key)}`);
    const asBearer = await api('GET', customerDetail, { headers: { Authorization: `Bearer ${key}` } });

    expectErrorEnvelope(inQuery, 401, 'UNAUTHORIZED');
    expectErrorEnvelope(asBearer, 401, 'UNAUTHORIZED');
  });

  it.each(['x-api-key', 'X-API-KEY', 'X-Api-Key', 'x-API-key'])(
    'accepts the key header spelled %s',
    async (headerName) => {
      const res = await rawGet(customerDetail, { [headerName]: demoKey('platform') });

      expect(res.status, res.body).toBe(404);
      expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    },
  );
});

describe('API key: missing key on every protected route', () => {
  it.each(protectedRoutes().map((c) => [routeKey(c), c] as const))(
    'answers 401 on %s without a key, even without a body',
    async (_route, c) => {
      const res = await api(c.method, concretePath(c));

      expectErrorEnvelope(res, 401, 'UNAUTHORIZED');
    },
  );
});

describe('allowedRoutes: 403 outside the list', () => {
  it('answers 403 FORBIDDEN in the error envelope when the route is not in the key list', async () => {
    const { key } = await newKey(['GET /api/v1/customers/search'], 'integrator', GULF);

    const res = await api('GET', `/api/v1/customers/${SOME_ID}`, { key });

    expectErrorEnvelope(res, 403, 'FORBIDDEN');
  });

  it('matches the route template, so the allowed route itself passes with the same key', async () => {
    const { key } = await newKey([`GET /api/v1/customers/{id}`], 'integrator', GULF);

    const res = await api('GET', `/api/v1/customers/${SOME_ID}`, { key });

    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('answers 403 to a key with no allowed routes at all', async () => {
    const { key } = await newKey([], 'integrator', GULF);

    const res = await api('GET', `/api/v1/customers/${SOME_ID}`, { key });

    expectErrorEnvelope(res, 403, 'FORBIDDEN');
  });
});

describe.each(protectedRoutes().map((c) => [routeKey(c), c] as const))('allowedRoutes on %s', (_route, route) => {
  it('answers 403 FORBIDDEN to a key allowed only another route', async () => {
    const { key } = await newKey([someOtherRoute(route)]);

    const res = await callRoute(route, key);

    expectErrorEnvelope(res, 403, 'FORBIDDEN');
  });

  it('lets a key allowed exactly this route past auth (no 401/403)', async () => {
    const { key } = await newKey([routeKey(route)]);

    const res = await callRoute(route, key);

    expect([401, 403], `${res.status} ${res.text}`).not.toContain(res.status);
  });

  it('lets a key with * past auth (no 401/403)', async () => {
    const { key } = await newKey(['*']);

    const res = await callRoute(route, key);

    expect([401, 403], `${res.status} ${res.text}`).not.toContain(res.status);
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (res: ApiResponse) => {
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  };

  it('are sent on a successful JSON answer', async () => {
    const res = await api('GET', '/api/v1/customers/search?phone=%2B971500000001', { key: demoKey('platform') });

    expect(res.status).toBe(200);
    expectSecurityHeaders(res);
  });

  it('are sent on a 401', async () => {
    const res = await api('GET', `/api/v1/customers/${SOME_ID}`);

    expect(res.status).toBe(401);
    expectSecurityHeaders(res);
  });

  it('are sent on a 403', async () => {
    const { key } = await newKey([], 'integrator', GULF);

    const res = await api('GET', `/api/v1/customers/${SOME_ID}`, { key });

    expect(res.status).toBe(403);
    expectSecurityHeaders(res);
  });

  it('are sent on the public documentation routes', async () => {
    for (const c of publicRoutes()) expectSecurityHeaders(await api(c.method, concretePath(c)));
  });
});

describe('public documentation routes', () => {
  it('serves /api/v1/openapi.json without a key as an OpenAPI 3.1.0 document', async () => {
    const res = await api('GET', '/api/v1/openapi.json');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(typeof res.body).toBe('object');
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('documents every route with its method, path and operationId', async () => {
    const res = await api('GET', '/api/v1/openapi.json');
    const paths = res.body.paths as Record<string, Record<string, { operationId?: string }>>;

    const missing = allRoutes
      .filter((c) => paths[c.path]?.[c.method.toLowerCase()]?.operationId !== c.id)
      .map(routeKey);

    expect(missing).toEqual([]);
  });

  it('declares the X-API-Key scheme, and no key for the public routes', async () => {
    const res = await api('GET', '/api/v1/openapi.json');

    expect(res.body.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Key',
    });
    for (const c of publicRoutes()) expect(res.body.paths[c.path][c.method.toLowerCase()].security).toEqual([]);
  });

  it('answers the printed base address /api/v1 without a key: the reference, the document and every route with who may call it', async () => {
    const res = await api('GET', '/api/v1');

    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { reference, openapi, routes } = res.body.data as {
      reference: string;
      openapi: string;
      routes: Array<{ method: string; path: string; access: string }>;
    };
    expect((await api('GET', new URL(reference).pathname)).status).toBe(200);
    expect((await api('GET', new URL(openapi).pathname)).body.openapi).toBe('3.1.0');
    expect(routes.map((r) => `${r.method} ${r.path}`).sort()).toEqual(allRoutes.map(routeKey).sort());
    expect(routes.find((r) => r.path === '/api/v1/audit')?.access).toBe('admin');
    expect(routes.find((r) => r.path === '/api/v1/openapi.json')?.access).toBe('public');
  });

  it('serves /api/v1/docs without a key as HTML', async () => {
    const res = await api('GET', '/api/v1/docs');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toMatch(/<html/i);
  });

  // The webhooks are public too, but Meta proves itself otherwise (tests/e2e/notifications.test.ts).
  it.each(
    publicRoutes()
      .filter((c) => c.folder === 'docs')
      .map((c) => [routeKey(c), c] as const),
  )('answers %s without a key with 200', async (_route, c) => {
    const res = await api(c.method, concretePath(c));

    expect(res.status).toBe(200);
  });
});
