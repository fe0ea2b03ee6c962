import { MAX_ENDPOINTS_PER_TENANT } from '../../lib/domain/webhook-rules.js';
import { allRoutes } from '../../lib/schemas/index.js';
import type { RouteSpec } from '../../lib/schemas/route.js';
import { LOCAL_WHATSAPP, signatureOf } from '../local/whatsapp-webhook.js';
import {
  exampleOf,
  OVERSIZED_BYTES,
  oversized,
  pathOf,
  platformOnly,
  tenantProfileRoute,
  createsRecord,
  UNKNOWN_ID,
} from './route-requests.js';
import { type CallOptions, call, calls, log, operationOf, routes } from './recorder.js';
import { type Keys, squarePng, type Walked } from './walk-data.js';

/**
 * Every route once more, for the refusals it answers where the walk recorded none: no key, a role
 * it refuses, a key whose routes leave it out, an unknown id, a closed order, an invalid input,
 * X-API-Key sent twice, a body that is not JSON or too large, and a key over its rate.
 */
export async function refusals(keys: Keys, walked: Walked): Promise<void> {
  const { admin, platform, operations } = keys;
  const unknownId = UNKNOWN_ID;
  const recorded = new Set(calls.map((c) => `${c.id} ${c.status}`));
  const wanted = (route: RouteSpec, status: number) =>
    !recorded.has(`${route.id} ${status}`) && operationOf(route).responses[String(status)] !== undefined;
  const attempt = async (route: RouteSpec, status: number, options: CallOptions) => {
    if (!wanted(route, status)) return;
    const answer = await call(route.id, { expect: status, ...options });
    if (answer.status === status) recorded.add(`${route.id} ${status}`);
  };
  const route = (id: string) => routes.get(id)!;

  // A body naming a record this tenant does not have, and a platform key naming a tenant that does not exist.
  const orderBody = { customerId: unknownId, totalAmount: 18500, currency: 'USD' };
  await attempt(route('createOrder'), 404, {
    key: operations,
    body: orderBody,
    note: 'customerId names no customer of this tenant',
  });
  const receipt = { type: 'receipt', amount: 2000, currency: 'USD', description: 'Deposit by bank transfer' };
  const noOrder = 'orderId names no order of this tenant';
  await attempt(route('createContract'), 404, {
    key: operations,
    body: { orderId: unknownId, customerName: 'Layla Haddad' },
    note: noOrder,
  });
  await attempt(route('createBillingEntry'), 404, {
    key: operations,
    body: { orderId: unknownId, ...receipt },
    note: noOrder,
  });
  await attempt(route('createInspection'), 404, {
    key: operations,
    body: { orderId: unknownId, inspectorId: 'demouserinspector0000001' },
    note: noOrder,
  });
  await attempt(route('issueApiKey'), 404, {
    key: admin,
    body: { name: 'Joon tablet', userId: unknownId },
    note: 'userId names no user of this tenant',
  });
  const stamp = { contentType: 'image/png', data: squarePng(160).toString('base64') };
  for (const [id, options] of [
    ['getTenantProfile', {}],
    ['putTenantProfile', { body: exampleOf(route('putTenantProfile')) }],
    ['putTenantProfileImage', { path: { image: 'stamp' }, body: stamp }],
    ['deleteTenantProfileImage', { path: { image: 'stamp' } }],
  ] as const)
    await attempt(route(id), 404, {
      key: platform,
      query: { tenantId: unknownId },
      note: 'a platform key naming a tenant that does not exist',
      ...options,
    });

  // A closed order takes nothing new: the walk's order is Delivered; another is cancelled here.
  await attempt(route('createContract'), 409, {
    key: operations,
    body: { orderId: walked.orderId, customerName: 'Layla Haddad' },
    note: 'the order is Delivered: it takes no new contract',
  });
  await attempt(route('createInspection'), 409, {
    key: operations,
    body: { orderId: walked.orderId, inspectorId: 'demouserinspector0000001' },
    note: 'the order is Delivered: it takes no new inspection',
  });
  if (wanted(route('createBillingEntry'), 409)) {
    const cancelled = (
      await call('createOrder', {
        key: operations,
        body: {
          customerId: walked.customerId,
          totalAmount: 9500,
          currency: 'USD',
          carDetails: { makeEn: 'Kia', modelEn: 'Sportage', year: 2020 },
        },
        skip: true,
      })
    ).body.data;
    await call('changeOrderStatus', {
      key: operations,
      path: { id: cancelled.id },
      headers: { 'If-Match': '"1"' },
      body: { status: 'Cancelled', version: 1, note: 'The customer chose another car' },
      skip: true,
    });
    await attempt(route('createBillingEntry'), 409, {
      key: operations,
      body: { orderId: cancelled.id, ...receipt },
      note: 'the order is Cancelled: it takes no new billing entry',
    });
  }

  // Integrator keys narrowed to a few routes (allowedRoutes): every other route refuses them.
  const narrowKey = async (name: string, allowedRoutes: string[]) =>
    (await call('issueApiKey', { key: admin, body: { name, role: 'integrator', allowedRoutes }, skip: true })).body.data
      .key as string;
  const catalogueKey = await narrowKey('Storefront catalogue', [
    'GET /api/v1/cars',
    'GET /api/v1/cars/{id}',
    'GET /api/v1/cars/trims',
  ]);
  const ordersKey = await narrowKey('Order sync', [
    'POST /api/v1/customers',
    'POST /api/v1/orders',
    'GET /api/v1/orders/{id}',
  ]);

  for (const r of allRoutes) {
    if (r.public) continue;
    const example = exampleOf(r);
    const params = r.params ? { path: pathOf(r, unknownId) } : {};
    // A version is required on some routes: the body example names one, else If-Match does.
    const headers: Record<string, string> =
      r.versioned?.ifMatch === 'required' && example?.version === undefined ? { 'If-Match': '"1"' } : {};
    await attempt(r, 401, { ...params, headers, body: example, note: 'no X-API-Key header' });
    const refusedRole = r.roles
      ? ['integrator', 'inspector', 'marketer', 'operations', 'accountant'].find((role) => !r.roles!.includes(role))
      : undefined;
    if (refusedRole)
      await attempt(r, 403, {
        ...params,
        headers,
        key: keys[refusedRole as keyof Keys],
        body: example,
        note: `${/^[aeiou]/.test(refusedRole) ? 'an' : 'a'} ${refusedRole} key: the route is not for this role`,
      });
    else
      await attempt(r, 403, {
        ...params,
        headers,
        key: r.path.startsWith('/api/v1/cars') ? ordersKey : catalogueKey,
        body: example,
        note: 'an integrator key whose allowedRoutes do not include this route',
      });
    if (r.params && !tenantProfileRoute(r) && !createsRecord(r))
      await attempt(r, 404, {
        ...params,
        headers,
        key: platformOnly(r) ? platform : admin,
        body: example,
        note: platformOnly(r) ? 'no such feed file' : 'no such record in this tenant',
      });
    if (r.body)
      await attempt(r, 400, {
        ...params,
        headers,
        key: admin,
        body: { ...(example ?? {}), unexpectedField: true },
        note: 'a field the operation does not have',
      });
    else if (r.params && r.id !== 'getCar')
      await attempt(r, 400, {
        path: pathOf(r, 'NOT-AN-ID'),
        key: admin,
        note: `an id that is not ${platformOnly(r) ? 'a feed file id' : 'a CUID'}`,
      });
    else if (r.query)
      await attempt(r, 400, { ...params, key: admin, query: { limit: 0 }, note: 'a query parameter out of range' });
    // Two keys in one request (two X-API-Key lines, joined with a comma on the way): neither is used.
    await attempt(r, 400, {
      ...params,
      headers: { ...headers, 'X-API-Key': `${admin}, ${keys.integrator}` },
      body: example,
      note: 'X-API-Key sent twice',
    });
    if (r.body) {
      await attempt(r, 415, {
        ...params,
        key: admin,
        rawBody: JSON.stringify(example ?? {}),
        headers: { 'Content-Type': 'text/plain' },
        note: 'a JSON body sent as Content-Type: text/plain',
      });
      await attempt(r, 413, {
        ...params,
        key: admin,
        rawBody: oversized(example ?? {}),
        headers: { 'Content-Type': 'application/json' },
        note: `a body of ${OVERSIZED_BYTES.toLocaleString('en')} bytes, over the limit`,
      });
    }
  }

  // The WhatsApp webhook: signed as Meta signs, but not what it takes.
  const whatsapp = route('receiveWhatsAppWebhook');
  const signed = (body: string, contentType = 'application/json') => ({
    rawBody: body,
    headers: { 'Content-Type': contentType, 'X-Hub-Signature-256': signatureOf(body, LOCAL_WHATSAPP.appSecret) },
  });
  await attempt(whatsapp, 400, {
    ...signed(JSON.stringify({ object: 'whatsapp_business_account' })),
    note: 'a signed body without entry',
  });
  const empty = { object: 'whatsapp_business_account', entry: [] };
  await attempt(whatsapp, 415, {
    ...signed(JSON.stringify(empty), 'text/plain'),
    note: 'a signed JSON body sent as Content-Type: text/plain',
  });
  await attempt(whatsapp, 413, {
    ...signed(oversized(empty)),
    note: `a signed body of ${OVERSIZED_BYTES.toLocaleString('en')} bytes, over the limit`,
  });

  // A tenant's webhook endpoints are limited: its branches get endpoints until one more is refused.
  for (let n = 1; n <= MAX_ENDPOINTS_PER_TENANT + 1 && wanted(route('createWebhookEndpoint'), 409); n++)
    await attempt(route('createWebhookEndpoint'), 409, {
      key: admin,
      body: {
        url: `https://branch-${n}.gulfmotors.example/hooks/contracts`,
        eventTypes: ['contract.signed'],
        description: `Branch ${n} contracts`,
      },
      quiet: true,
      note: `the tenant has ${MAX_ENDPOINTS_PER_TENANT} endpoints already`,
    });

  // Keys allowed one request a second, called again within the second: 429 until the next one.
  // The requests are ones the API refuses anyway (an unknown id, a field it does not have, a
  // read), so the one a key gets through in a second changes nothing.
  const limitedKey = async (issuer: string, name: string) =>
    (
      await call('issueApiKey', {
        key: issuer,
        body: { name, role: 'admin', rateLimit: { rps: 1, burst: 1, quotaPerDay: 100_000 } },
        skip: true,
      })
    ).body.data.key as string;
  const limited = await limitedKey(admin, 'Load test, one request a second');
  const platformLimited = await limitedKey(platform, 'Platform load test, one request a second');
  for (const r of allRoutes) {
    if (r.public || !wanted(r, 429)) continue;
    const example = exampleOf(r);
    const request: CallOptions = {
      // Never a profile image that exists (the stamp stays): a name the profile does not have.
      ...(r.params ? { path: { ...pathOf(r, unknownId), image: 'signature' } } : {}),
      ...(r.body ? { body: { ...(example ?? {}), unexpectedField: true } } : {}),
      key: platformOnly(r) ? platformLimited : limited,
    };
    for (let tries = 0; tries < 6 && wanted(r, 429); tries++) {
      const answer = await call(r.id, {
        ...request,
        expect: 429,
        quiet: true,
        note: 'a key allowed one request a second, called again within that second',
      });
      if (answer.status === 429) recorded.add(`${r.id} 429`);
    }
    if (wanted(r, 429)) log(`left out: ${r.id} never answered 429 in 6 tries`);
  }
}
