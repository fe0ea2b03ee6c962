/**
 * The buyer's tracking page (GET /track/{token}) over HTTP on the local stack: issuing and
 * replacing links, the old link's 404, the end after the order closes, identical 404s for every
 * link that does not work, no other tenant's or staff's data, the headers, and the per-address
 * rate limit.
 *
 * Every request of this file comes from 127.0.0.1, which the page counts at 5 a second
 * (TRACKING_PAGE_RPS; the test stack keeps the default). So the page is opened through `openPage`,
 * which keeps this file under that pace (and waits out a 429 some other file's requests caused),
 * and the burst that trips the limit runs last.
 */
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import type { Role } from '../../lib/domain/caller.js';
import { ddb } from '../../lib/store/client.js';
import { createTenant } from '../../lib/store/tenants.js';
import { api, uniquePhone, type ApiResponse } from '../support/http.js';
import { changeStatus, inspectionDate } from '../support/orders.js';
import { newApiKey, newStaffUser } from '../support/staff.js';
import { completeProfile } from '../support/tenant-profile.js';

const baseUrl = () => inject('baseUrl');
const DAY_MS = 86_400_000;
const PAGE_MAX_BYTES = 60 * 1024;
/** What the test stack allows one client address (the default of TRACKING_PAGE_RPS). */
const PAGE_RPS = 5;
/** Page requests of this file start at least this far apart: 4 a second, under PAGE_RPS. */
const PAGE_SPACING_MS = 250;

// ---------------------------------------------------------------------------------------------
// The page over HTTP

interface PageAnswer {
  status: number;
  headers: Headers;
  body: string;
  /** From sending the request to having the whole body. */
  ms: number;
}

let lastPageRequest = 0;

/** Waits until this file's previous page request is PAGE_SPACING_MS behind. */
async function paced(): Promise<void> {
  const wait = lastPageRequest + PAGE_SPACING_MS - Date.now();
  if (wait > 0) await sleep(wait);
  lastPageRequest = Date.now();
}

async function fetchPage(url: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: 'manual' });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, ms: performance.now() - started };
}

/**
 * One visit of the page at `url` (a link's url, or a path on the stack), paced under the limit.
 * A 429 (another file's visits from the same address may cause one) is waited out and tried
 * again, so the cases that are not about the limit see the page's own answer.
 */
async function openPage(url: string, headers: Record<string, string> = {}): Promise<PageAnswer> {
  const absolute = url.startsWith('http') ? url : `${baseUrl()}${url}`;
  for (let attempt = 1; ; attempt++) {
    await paced();
    const answer = await fetchPage(absolute, headers);
    if (answer.status !== 429 || attempt >= 5) return answer;
    await sleep(Number(answer.headers.get('retry-after') ?? '1') * 1000 + 250);
  }
}

const trackPath = (token: string, query = '') => `/track/${token}${query}`;
/** A well-formed token no link has: 24 random bytes as 32 base64url characters, as real ones are. */
const unknownToken = () => randomBytes(24).toString('base64url');
const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** The headers of an answer, without Date (the only one that may differ between two identical answers). */
function headersWithoutDate(headers: Headers): Record<string, string> {
  const all: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (name !== 'date') all[name] = value;
  });
  return all;
}

function cspDirectives(headers: Headers): Map<string, string> {
  const csp = headers.get('content-security-policy');
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const directives = new Map<string, string>();
  for (const part of csp!.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values.join(' '));
  }
  return directives;
}

/** What every answer of the page carries, whatever its status: HTML, nothing kept, indexed or scripted. */
function expectPageHeadersAndHtml(answer: PageAnswer): void {
  const { headers, body } = answer;
  expect(headers.get('content-type')).toMatch(/^text\/html\b/i);
  expect(headers.get('cache-control')).toBe('private, no-store');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-robots-tag')).toBe('noindex, nofollow');
  const csp = cspDirectives(headers);
  expect(csp.get('default-src')).toBe("'none'");
  for (const directive of ['script-src', 'script-src-elem', 'script-src-attr'])
    expect(csp.has(directive), `CSP has ${directive}`).toBe(false);
  expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(body).toMatch(/^<!doctype html>/i);
  expect(body).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(body).not.toMatch(/<script/i);
  expect(Buffer.byteLength(body)).toBeLessThan(PAGE_MAX_BYTES);
  expect(() => JSON.parse(body)).toThrow();
}

function expectWorkingPage(answer: PageAnswer, order: { orderNumber: number }, customerName: string): void {
  expect(answer.status, answer.body.slice(0, 500)).toBe(200);
  expectPageHeadersAndHtml(answer);
  expect(answer.body).toContain(`#${order.orderNumber}`);
  expect(answer.body).toContain(customerName);
}

/** The 404 every link that does not work answers (a fresh unknown token's, for comparison). */
function expectRefusal(answer: PageAnswer, reference: PageAnswer, what: string): void {
  expect(answer.status, `${what}: ${answer.body.slice(0, 300)}`).toBe(404);
  expect(answer.body, `${what}: the body differs from the unknown token's`).toBe(reference.body);
  expect(headersWithoutDate(answer.headers), `${what}: the headers differ from the unknown token's`).toEqual(
    headersWithoutDate(reference.headers),
  );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---------------------------------------------------------------------------------------------
// Tenants, staff, customers and orders

const ok = <T = any>(res: ApiResponse, status = 200): T => {
  expect(res.status, res.text).toBe(status);
  return res.body.data as T;
};

interface Staff {
  name: string;
  userId: string;
  key: string;
}

interface TestTenant {
  id: string;
  name: string;
  admin: Staff;
  operations: Staff;
  accountant: Staff;
  inspector: Staff;
  marketer: Staff;
  otherMarketer: Staff;
  integratorKey: string;
}

let tenantCount = 0;
async function newTenant(
  label: string,
  names: Record<'admin' | 'operations' | 'accountant' | 'inspector' | 'marketer' | 'otherMarketer', string>,
): Promise<TestTenant> {
  tenantCount += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${tenantCount}`;
  const tenant = await createTenant({
    name: `${label} ${suffix}`,
    subdomain: `track${suffix}`,
    markup: '1.05',
    visibleProviders: ['glovis', 'kcar'],
    publishedOnly: false,
    country: 'AE',
    timeZone: 'Asia/Dubai',
  });
  const member = async (role: Role, name: string): Promise<Staff> => {
    const userId = await newStaffUser(role, tenant.id, { name });
    const { key } = await newApiKey({ name: `${name} tracking test`, userId });
    return { name, userId, key };
  };
  const [admin, operations, accountant, inspector, marketer, otherMarketer] = await Promise.all([
    member('admin', names.admin),
    member('operations', names.operations),
    member('accountant', names.accountant),
    member('inspector', names.inspector),
    member('marketer', names.marketer),
    member('marketer', names.otherMarketer),
  ]);
  const { key: integratorKey } = await newApiKey({
    name: `${label} integrator`,
    role: 'integrator',
    tenantId: tenant.id,
  });
  return {
    id: tenant.id,
    name: tenant.name,
    admin: admin!,
    operations: operations!,
    accountant: accountant!,
    inspector: inspector!,
    marketer: marketer!,
    otherMarketer: otherMarketer!,
    integratorKey,
  };
}

async function newCustomerOf(key: string, fields: Record<string, unknown>): Promise<{ id: string; name: string }> {
  return ok(await api('POST', '/api/v1/customers', { key, body: { mobileNumber: uniquePhone(), ...fields } }), 201);
}

async function placeOrderAs(key: string, body: Record<string, unknown>): Promise<any> {
  return ok(await api('POST', '/api/v1/orders', { key, body }), 201);
}

async function orderOf(id: string, key: string): Promise<any> {
  return ok(await api('GET', `/api/v1/orders/${id}`, { key }));
}

interface LinkView {
  url: string;
  issuedAt: string;
  endsAt: string | null;
}

const replaceLink = (orderId: string, key: string) => api('POST', `/api/v1/orders/${orderId}/tracking-link`, { key });

function expectLinkShape(link: LinkView): void {
  expect(link.url.startsWith(`${baseUrl()}/track/`), link.url).toBe(true);
  expect(tokenOf(link.url)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(Date.parse(link.issuedAt)).not.toBeNaN();
}

/** The table item of a link: keyed by the token's SHA-256 (base64url), never by the token. */
const linkKey = (token: string) => ({
  pk: `TRACKING#${createHash('sha256').update(token).digest('base64url')}`,
  sk: 'LINK',
});

async function linkItem(token: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: linkKey(token), ConsistentRead: true }),
  );
  return Item;
}

/** Time passing: the link's end moved into the past in the table (as 90 days after closing would). */
async function endLinkInThePast(token: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: linkKey(token),
      UpdateExpression: 'SET endsAt = :endsAt',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':endsAt': new Date(Date.now() - 60_000).toISOString() },
    }),
  );
}

// ---------------------------------------------------------------------------------------------

/** Names and car data found in no other record of the stack, so a leak cannot be a coincidence. */
const A = {
  customer: 'Zephyrine Alphaworth',
  email: 'zephyrine.alphaworth@example.com',
  idNumber: '784-1990-1234567-1',
  car: {
    makeEn: 'Kia',
    modelEn: 'Sorento',
    gradeEn: 'Signature Alphatrim',
    year: 2022,
    vin: 'KNAPU81BDN7A45678',
    color: 'Saffron Gold',
    kilometers: 42_000,
  },
  staff: {
    admin: 'Adalbert Rootwell',
    operations: 'Osric Portmanteau',
    accountant: 'Ledgera Coinsworth',
    inspector: 'Ingmar Lenscraft',
    marketer: 'Mirabel Marketvale',
    otherMarketer: 'Norbert Elsewhen',
  },
};
const B = {
  customer: 'Quillon Betancourt',
  email: 'quillon.betancourt@example.com',
  car: {
    makeEn: 'Genesis',
    modelEn: 'G80',
    gradeEn: 'Betatrim Prestige',
    year: 2021,
    vin: 'KMHGN41BPMU987650',
    color: 'Ultramarine Teal',
    kilometers: 31_000,
  },
  staff: {
    admin: 'Berenike Adminton',
    operations: 'Bartholomew Shipwright',
    accountant: 'Beatrix Tallyman',
    inspector: 'Balthasar Checkley',
    marketer: 'Brunhilde Dealcraft',
    otherMarketer: 'Benedikt Otherly',
  },
};
const NOTE = 'INTERNAL-NOTE-XYZ';
const STATUS_NOTE = 'STATUS-MOVE-NOTE-QRS';
const CONTRACT_NOTE = 'CONTRACT-STAFF-NOTE-JKL';

let tenantA: TestTenant;
let tenantB: TestTenant;

beforeAll(async () => {
  [tenantA, tenantB] = await Promise.all([
    newTenant('Alpha Track Motors', A.staff),
    newTenant('Beta Track Exports', B.staff),
  ]);
});

describe('GET /track/{token}', () => {
  it("opens a new order's link, replaces it (the old one then answers 404), and lets only the right callers replace it", async () => {
    const { marketer } = tenantA;
    const customer = await newCustomerOf(marketer.key, { name: 'Lifecycle Buyer Tamsin' });
    const order = await placeOrderAs(marketer.key, {
      customerId: customer.id,
      totalAmount: 9_000,
      carDetails: { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2020 },
    });

    const detail = await orderOf(order.id, marketer.key);
    const first: LinkView = detail.trackingLink;
    expect(first).toBeTruthy();
    expectLinkShape(first);
    expect(first.endsAt).toBeNull();
    expect(Date.parse(first.issuedAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt) - 1000);
    expectWorkingPage(await openPage(first.url), order, customer.name);

    // The order's marketer replaces it: a new address; the old one is gone at once.
    const replaced = await replaceLink(order.id, marketer.key);
    const second = ok<LinkView>(replaced, 201);
    expectLinkShape(second);
    expect(second.url).not.toBe(first.url);
    expect(second.endsAt).toBeNull();
    expect(Date.parse(second.issuedAt)).toBeGreaterThanOrEqual(Date.parse(first.issuedAt));
    expect((await orderOf(order.id, marketer.key)).trackingLink).toEqual(second);
    const reference = await openPage(trackPath(unknownToken()));
    expectRefusal(await openPage(first.url), reference, 'the replaced link');
    expectWorkingPage(await openPage(second.url), order, customer.name);

    // Another marketer of the same tenant, and another tenant, do not see the order at all.
    for (const [who, key] of [
      ['another marketer', tenantA.otherMarketer.key],
      ["another tenant's operations", tenantB.operations.key],
      ["another tenant's admin", tenantB.admin.key],
    ] as const) {
      const res = await replaceLink(order.id, key);
      expect(res.status, `${who}: ${res.text}`).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    // Roles that do not manage the buyer's link may not replace it.
    for (const [who, key] of [
      ['inspector', tenantA.inspector.key],
      ['accountant', tenantA.accountant.key],
    ] as const) {
      const res = await replaceLink(order.id, key);
      expect(res.status, `${who}: ${res.text}`).toBe(403);
      expect(res.body).toMatchObject({ success: false });
    }
    // None of those refusals changed the link.
    expect((await orderOf(order.id, marketer.key)).trackingLink).toEqual(second);

    // Admin, operations and integrators may; each replacement ends the link before it.
    const links: LinkView[] = [first, second];
    for (const [who, key] of [
      ['admin', tenantA.admin.key],
      ['operations', tenantA.operations.key],
      ['integrator', tenantA.integratorKey],
    ] as const) {
      const res = await replaceLink(order.id, key);
      expect(res.status, `${who}: ${res.text}`).toBe(201);
      expectLinkShape(res.body.data);
      links.push(res.body.data);
    }
    expect(new Set(links.map((link) => link.url)).size).toBe(links.length);
    const current = links.at(-1)!;
    expect((await orderOf(order.id, tenantA.admin.key)).trackingLink).toEqual(current);
    for (const old of links.slice(0, -1))
      expectRefusal(await openPage(old.url), reference, `the replaced link ${old.url}`);
    expectWorkingPage(await openPage(current.url), order, customer.name);
  });

  it('answers a malformed token with the same 404 page as an unknown one, never 400, 500 or JSON', async () => {
    const reference = await openPage(trackPath(unknownToken()));
    expect(reference.status).toBe(404);
    expectPageHeadersAndHtml(reference);
    const malformed = [
      'x',
      'A'.repeat(300),
      '%00',
      '%E2%98%83',
      '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `${unknownToken()}%20`,
      'not-a-token.json',
      '..%5C..%5Cetc',
      "'%20OR%201%3D1--",
    ];
    for (const token of malformed) {
      const answer = await openPage(trackPath(token));
      expectRefusal(answer, reference, `token ${JSON.stringify(token)}`);
    }
  });

  it('answers the same 404 for unknown, replaced and expired links, and ends a link 90 days after the order is cancelled', async () => {
    const { operations, marketer } = tenantA;
    const customer = await newCustomerOf(marketer.key, { name: 'Expiry Buyer Odalys' });
    const order = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 7_000 });
    const replacedLink: LinkView = (await orderOf(order.id, operations.key)).trackingLink;
    const live = ok<LinkView>(await replaceLink(order.id, operations.key), 201);

    // Cancelled early (allowed from DepositSubmitted): the link still works, and ends 90 days later.
    const before = Date.now();
    const cancelled = await changeStatus(order.id, operations.key, { status: 'Cancelled', version: 1 });
    expect(cancelled.status, cancelled.text).toBe(200);
    const after = Date.now();
    const detail = await orderOf(order.id, operations.key);
    expect(detail.status).toBe('Cancelled');
    const cancelledAt = detail.statusHistory.filter((entry: { to: string }) => entry.to === 'Cancelled').at(-1)
      .at as string;
    expect(Date.parse(cancelledAt)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(cancelledAt)).toBeLessThanOrEqual(after + 2_000);
    const link: LinkView = detail.trackingLink;
    expect(link.url).toBe(live.url);
    expect(link.endsAt).not.toBeNull();
    expect(Date.parse(link.endsAt!) - Date.parse(cancelledAt)).toBe(90 * DAY_MS);
    // The closing move wrote the end on the link's item (keyed by the token's hash), and its TTL.
    const item = await linkItem(tokenOf(live.url));
    expect(item).toMatchObject({
      orderId: order.id,
      endsAt: link.endsAt,
      expiresAt: Math.floor(Date.parse(link.endsAt!) / 1000),
    });
    expect(JSON.stringify(item)).not.toContain(tokenOf(live.url));
    expectWorkingPage(await openPage(live.url), order, customer.name);

    // Time passes: the link's end is in the past.
    await endLinkInThePast(tokenOf(live.url));
    const unknown = trackPath(unknownToken());
    const reference = await openPage(unknown);
    expect(reference.status).toBe(404);
    expectPageHeadersAndHtml(reference);
    expectRefusal(await openPage(replacedLink.url), reference, 'the replaced link');
    expectRefusal(await openPage(live.url), reference, 'the expired link');
    // The same in Arabic, asked for either way.
    const arabicWays: Array<{ headers: Record<string, string>; query: string }> = [
      { headers: { 'Accept-Language': 'ar' }, query: '' },
      { headers: {}, query: '?lang=ar' },
    ];
    for (const { headers, query } of arabicWays) {
      const arabic = await openPage(`${unknown}${query}`, headers);
      expect(arabic.status).toBe(404);
      expect(arabic.body).toContain('lang="ar"');
      expect(arabic.body).toContain('dir="rtl"');
      expectRefusal(await openPage(`${replacedLink.url}${query}`, headers), arabic, 'the replaced link in Arabic');
      expectRefusal(await openPage(`${live.url}${query}`, headers), arabic, 'the expired link in Arabic');
    }

    // A link issued for the closed order ends when the old one would have.
    const reissued = ok<LinkView>(await replaceLink(order.id, operations.key), 201);
    expect(reissued.endsAt).toBe(link.endsAt);

    // How long each refusal takes (printed, not asserted: nothing in the answer or its timing may tell them apart).
    const kinds = { unknown, replaced: replacedLink.url, expired: live.url };
    const times: Record<keyof typeof kinds, number[]> = { unknown: [], replaced: [], expired: [] };
    for (let round = 0; round < 30; round++) {
      for (const kind of Object.keys(kinds) as Array<keyof typeof kinds>) {
        const answer = await openPage(kinds[kind]);
        expectRefusal(answer, reference, `${kind} (timing round ${round})`);
        times[kind].push(answer.ms);
      }
    }
    const medians = Object.fromEntries(
      Object.entries(times).map(([kind, values]) => [kind, Number(median(values).toFixed(1))]),
    );
    console.info(`tracking page 404, median of 30 requests each (ms): ${JSON.stringify(medians)}`);
  }, 240_000);

  it('keeps exactly one working link when replacements race each other or the move that closes the order', async () => {
    const { operations, marketer, admin } = tenantA;
    const customer = await newCustomerOf(marketer.key, { name: 'Racing Buyer Leocadia' });

    // Two replacements at once: both answer 201, one after the other; the later one is the link.
    const order = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 6_000 });
    const [one, two] = await Promise.all([replaceLink(order.id, operations.key), replaceLink(order.id, admin.key)]);
    const links = [ok<LinkView>(one!, 201), ok<LinkView>(two!, 201)];
    expect(links[0]!.url).not.toBe(links[1]!.url);
    const current: LinkView = (await orderOf(order.id, admin.key)).trackingLink;
    const winners = links.filter((link) => link.url === current.url);
    expect(winners, `current ${current.url}, answers ${links.map((link) => link.url).join(', ')}`).toHaveLength(1);
    const reference = await openPage(trackPath(unknownToken()));
    expectRefusal(
      await openPage(links.find((link) => link.url !== current.url)!.url),
      reference,
      'the link replaced by the racing replacement',
    );
    expectWorkingPage(await openPage(current.url), order, customer.name);

    // A replacement racing the cancellation: whichever link is current ends 90 days after it, in the answer and in the table.
    for (let round = 0; round < 3; round++) {
      const racing = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 6_000 + round });
      const [replaced, cancelled] = await Promise.all([
        replaceLink(racing.id, operations.key),
        changeStatus(racing.id, operations.key, { status: 'Cancelled', version: 1 }),
      ]);
      expect(replaced.status, replaced.text).toBe(201);
      expect(cancelled.status, cancelled.text).toBe(200);
      const detail = await orderOf(racing.id, operations.key);
      const cancelledAt = detail.statusHistory.filter((entry: { to: string }) => entry.to === 'Cancelled').at(-1)
        .at as string;
      const link: LinkView = detail.trackingLink;
      expect(link.url, `round ${round}`).toBe(replaced.body.data.url);
      expect(Date.parse(link.endsAt!) - Date.parse(cancelledAt), `round ${round}`).toBe(90 * DAY_MS);
      // The new link's answer says when it ends when it was issued after the cancellation, null when before.
      expect([null, link.endsAt], `round ${round}`).toContainEqual(replaced.body.data.endsAt);
      const item = await linkItem(tokenOf(link.url));
      expect(item, `round ${round}: the current link's item`).toMatchObject({
        orderId: racing.id,
        endsAt: link.endsAt,
      });
      expectWorkingPage(await openPage(link.url), racing, customer.name);
    }
  });

  it("shows each tenant's order only its own data, and no notes, ID number, e-mail, audit data or staff other than the marketer", async () => {
    // Tenant A: every person has a hand in the order, and the order carries what the buyer must never see.
    const customerA = await newCustomerOf(tenantA.marketer.key, {
      name: A.customer,
      email: A.email,
      idNumber: A.idNumber,
      country: 'AE',
    });
    const orderA = await placeOrderAs(tenantA.marketer.key, {
      customerId: customerA.id,
      totalAmount: 18_500,
      currency: 'USD',
      carDetails: A.car,
      notes: NOTE,
      receiptAmount: 2_000,
      receiptCurrency: 'USD',
      receiptDescription: 'Deposit by bank transfer',
    });
    const [receipt] = ok<any[]>(
      await api('GET', `/api/v1/orders/${orderA.id}/billing`, { key: tenantA.accountant.key }),
    );
    ok(await api('PATCH', `/api/v1/billing/${receipt.id}/confirm`, { key: tenantA.accountant.key }));
    const deposit = await changeStatus(orderA.id, tenantA.accountant.key, {
      status: 'DepositConfirmed',
      version: 1,
      note: STATUS_NOTE,
    });
    expect(deposit.status, deposit.text).toBe(200);
    const inspection = ok(
      await api('POST', '/api/v1/inspections', {
        key: tenantA.operations.key,
        body: { orderId: orderA.id, inspectorId: tenantA.inspector.userId, inspectionDate: inspectionDate() },
      }),
      201,
    );
    ok(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: tenantA.inspector.key,
        body: { status: 'InProgress' },
      }),
    );
    const contract = ok(
      await api('POST', '/api/v1/contracts', {
        key: tenantA.operations.key,
        body: {
          orderId: orderA.id,
          customerName: A.customer,
          customerIdNumber: A.idNumber,
          customerEmail: A.email,
          notes: CONTRACT_NOTE,
        },
      }),
      201,
    );
    ok(
      await api('PATCH', `/api/v1/contracts/${contract.id}/sign`, {
        key: tenantA.operations.key,
        body: {
          signedDocument: { url: 'https://files.example.com/contracts/alpha-signed.pdf', filename: 'alpha-signed.pdf' },
        },
      }),
    );
    const detailA = await orderOf(orderA.id, tenantA.admin.key);
    expect(detailA.notes).toBe(NOTE);
    expect(detailA.signedContract).toBeTruthy();

    // Tenant B: an order with data of its own.
    const customerB = await newCustomerOf(tenantB.marketer.key, { name: B.customer, email: B.email });
    const orderB = await placeOrderAs(tenantB.marketer.key, {
      customerId: customerB.id,
      totalAmount: 24_000,
      currency: 'USD',
      carDetails: B.car,
    });
    const detailB = await orderOf(orderB.id, tenantB.admin.key);

    const pageA = await openPage(detailA.trackingLink.url, { 'Accept-Language': 'en' });
    const pageB = await openPage(detailB.trackingLink.url, { 'Accept-Language': 'en' });
    expectWorkingPage(pageA, orderA, A.customer);
    expectWorkingPage(pageB, orderB, B.customer);

    const shows = (page: PageAnswer, what: string, values: string[]) => {
      for (const value of values) expect(page.body, `${what}: ${value}`).toContain(value);
    };
    const hides = (page: PageAnswer, what: string, values: string[]) => {
      for (const value of values) expect(page.body, `${what} must not show ${value}`).not.toContain(value);
    };
    const ownData = (data: typeof A | typeof B, tenant: TestTenant) => [
      data.customer,
      data.car.makeEn,
      data.car.modelEn,
      data.car.gradeEn,
      data.car.color,
      data.car.vin.slice(-6),
      tenant.marketer.name,
      tenant.name,
    ];
    shows(pageA, "tenant A's page", ownData(A, tenantA));
    shows(pageB, "tenant B's page", ownData(B, tenantB));
    // Nothing of the other tenant's order, marketer or name.
    hides(pageA, "tenant A's page", [
      B.customer,
      B.car.makeEn,
      B.car.modelEn,
      B.car.gradeEn,
      B.car.color,
      B.car.vin.slice(-6),
      B.email,
      tenantB.name,
      ...Object.values(B.staff),
    ]);
    hides(pageB, "tenant B's page", [
      A.customer,
      A.car.makeEn,
      A.car.gradeEn,
      A.car.color,
      A.car.vin.slice(-6),
      A.email,
      tenantA.name,
      ...Object.values(A.staff),
    ]);
    // Nothing staff keep to themselves: notes, the ID number, the e-mail, the full VIN, the other staff.
    const otherStaffA = [
      A.staff.admin,
      A.staff.operations,
      A.staff.accountant,
      A.staff.inspector,
      A.staff.otherMarketer,
    ];
    const otherStaffB = [
      B.staff.admin,
      B.staff.operations,
      B.staff.accountant,
      B.staff.inspector,
      B.staff.otherMarketer,
    ];
    hides(pageA, "tenant A's page", [
      NOTE,
      STATUS_NOTE,
      CONTRACT_NOTE,
      A.idNumber,
      A.idNumber.replace(/-/g, ''),
      A.email,
      A.car.vin,
      ...otherStaffA,
    ]);
    hides(pageB, "tenant B's page", [B.email, B.car.vin, ...otherStaffB]);
    // Nothing of the audit trail: who did what (keys, users, roles' requests), or the records' ids.
    const audit = ok<any[]>(
      await api('GET', `/api/v1/audit?entity=order&id=${orderA.id}&limit=200`, { key: tenantA.admin.key }),
    );
    expect(audit.length).toBeGreaterThan(0);
    const auditStrings = new Set<string>();
    for (const record of audit) {
      auditStrings.add(record.id);
      auditStrings.add(record.actor.keyId);
      if (record.actor.userId) auditStrings.add(record.actor.userId);
      if (record.requestId) auditStrings.add(record.requestId);
      if (/[._]/.test(record.action)) auditStrings.add(record.action);
    }
    const staffIds = Object.values(tenantA)
      .filter((value): value is Staff => typeof value === 'object' && value !== null && 'userId' in value)
      .flatMap((staff) => [staff.userId, staff.key]);
    hides(pageA, "tenant A's page", [
      ...auditStrings,
      ...staffIds,
      tenantA.integratorKey,
      customerA.id,
      receipt.id,
      contract.id,
      inspection.id,
    ]);
  });

  it("carries the headers and the HTML of a light, private page, in the buyer's language", async () => {
    const { marketer } = tenantA;
    const englishBuyer = await newCustomerOf(marketer.key, { name: 'Header Buyer Corentin', language: 'en' });
    const arabicBuyer = await newCustomerOf(marketer.key, { name: 'سلمى الحربي', language: 'ar' });
    const englishOrder = await placeOrderAs(marketer.key, {
      customerId: englishBuyer.id,
      totalAmount: 11_000,
      carDetails: { makeEn: 'Kia', modelEn: 'K5', year: 2021 },
    });
    const arabicOrder = await placeOrderAs(marketer.key, {
      customerId: arabicBuyer.id,
      totalAmount: 12_000,
      carDetails: { makeEn: 'Kia', modelEn: 'K8', year: 2022 },
    });
    const englishUrl = (await orderOf(englishOrder.id, marketer.key)).trackingLink.url as string;
    const arabicUrl = (await orderOf(arabicOrder.id, marketer.key)).trackingLink.url as string;

    const english = await openPage(englishUrl);
    expectWorkingPage(english, englishOrder, englishBuyer.name);
    expect(english.body).toMatch(/<html lang="en" dir="ltr">/);
    const styleSrc = cspDirectives(english.headers).get('style-src') ?? '';
    expect(styleSrc).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(cspDirectives(english.headers).get('frame-ancestors')).toBe("'none'");

    const switched = await openPage(`${englishUrl}?lang=ar`);
    expectWorkingPage(switched, englishOrder, englishBuyer.name);
    expect(switched.body).toMatch(/<html lang="ar" dir="rtl">/);

    // A customer whose language is Arabic gets the page in Arabic without asking, and may switch to English.
    const arabic = await openPage(arabicUrl);
    expectWorkingPage(arabic, arabicOrder, arabicBuyer.name);
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl">/);
    const arabicInEnglish = await openPage(`${arabicUrl}?lang=en`);
    expectWorkingPage(arabicInEnglish, arabicOrder, arabicBuyer.name);
    expect(arabicInEnglish.body).toMatch(/<html lang="en" dir="ltr">/);
    // Any other lang is ignored: the customer's own language.
    const ignored = await openPage(`${arabicUrl}?lang=fr`);
    expectWorkingPage(ignored, arabicOrder, arabicBuyer.name);
    expect(ignored.body).toMatch(/<html lang="ar" dir="rtl">/);

    // The 404 carries the same headers and is as plain.
    const refused = await openPage(trackPath(unknownToken()));
    expect(refused.status).toBe(404);
    expectPageHeadersAndHtml(refused);
  });

  it('shows a completed inspection on the day it was done, and a booked one on its planned day', async () => {
    const { operations, inspector, marketer } = tenantA;
    const customer = await newCustomerOf(marketer.key, { name: 'Inspected Buyer Ottoline', language: 'en' });
    const order = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 14_000, currency: 'USD' });
    const url = (await orderOf(order.id, marketer.key)).trackingLink.url as string;
    const dubaiDay = (instant: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Dubai',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date(instant));
    const inspectionCard = async () =>
      /<section aria-labelledby="inspection">.*?<\/section>/s.exec((await openPage(url)).body)?.[0] ?? '';

    // Booked for a week from now, done today.
    const planned = inspectionDate();
    const inspection = ok(
      await api('POST', '/api/v1/inspections', {
        key: operations.key,
        body: { orderId: order.id, inspectorId: inspector.userId, inspectionDate: planned },
      }),
      201,
    );
    expect(await inspectionCard()).toContain(`<dt>Planned for</dt><dd>${dubaiDay(planned)}</dd>`);
    ok(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: inspector.key,
        body: { status: 'InProgress' },
      }),
    );
    const done = ok(
      await api('PATCH', `/api/v1/inspections/${inspection.id}/status`, {
        key: inspector.key,
        body: { status: 'Completed' },
      }),
    );
    const card = await inspectionCard();
    expect(card).toContain(`<dt>Done on</dt><dd>${dubaiDay(done.updatedAt)}</dd>`);
    expect(card).not.toContain(dubaiDay(planned));
  });

  it("links each paper in the page's language, though one in the other language was made after it", async () => {
    const { accountant, marketer } = tenantA;
    await completeProfile(tenantA.id);
    const customer = await newCustomerOf(marketer.key, { name: 'Papers Buyer Ysolde', language: 'en' });
    const order = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 16_000, currency: 'USD' });
    const url = (await orderOf(order.id, marketer.key)).trackingLink.url as string;
    const generate = async (language: 'en' | 'ar') =>
      ok<{ id: string }>(
        await api('POST', `/api/v1/orders/${order.id}/documents`, {
          key: accountant.key,
          body: { type: 'proforma-invoice', language },
        }),
        201,
      );

    // The proforma in English, then in Arabic: each page links its own.
    const english = await generate('en');
    const arabic = await generate('ar');
    const inEnglish = (await openPage(url)).body;
    const inArabic = (await openPage(`${url}?lang=ar`)).body;
    expect(inEnglish).toContain(`${english.id}.pdf`);
    expect(inEnglish).not.toContain(`${arabic.id}.pdf`);
    expect(inArabic).toContain(`${arabic.id}.pdf`);
    expect(inArabic).not.toContain(`${english.id}.pdf`);
  }, 120_000);

  it('tells the buyer of a cancelled wallet-paid order that the amount went back to their wallet, and asks for nothing', async () => {
    const { accountant, operations } = tenantA;
    const customer = await newCustomerOf(accountant.key, { name: 'Wallet Buyer Perpetua', language: 'en' });
    const { walletId } = customer as unknown as { walletId: string };
    ok(
      await api('POST', `/api/v1/wallets/${walletId}/transactions`, {
        key: accountant.key,
        body: { type: 'credit', amount: 8_000, currency: 'USD', description: 'top up' },
      }),
      201,
    );
    const order = await placeOrderAs(accountant.key, {
      customerId: customer.id,
      totalAmount: 7_500,
      currency: 'USD',
      useWalletBalance: true,
      inspectionDate: inspectionDate(),
    });
    const url = (await orderOf(order.id, accountant.key)).trackingLink.url as string;

    // Open: in progress (not yet on its way), and no word of a deposit it never had.
    const open = (await openPage(url)).body;
    expect(open).toMatch(/<span class="badge [^"]*">In progress<\/span>/);
    expect(open).not.toMatch(/deposit/i);

    const cancelled = await changeStatus(order.id, operations.key, { status: 'Cancelled', version: order.version });
    expect(cancelled.status, cancelled.text).toBe(200);
    const page = (await openPage(url)).body;
    expect(page).toMatch(/<span class="badge cancelled">Cancelled<\/span>/);
    expect(page).toContain('The amount paid from your wallet went back to your wallet on');
    expect(page).toMatch(/Returned to your wallet<\/dt><dd><bdi dir="ltr">US\$7,500\.00/);
    for (const asking of ['Still to pay', 'where your car is', 'will appear here']) expect(page).not.toContain(asking);
  });

  // Last: it spends this address's budget for the second.
  it('answers a burst from one address over 5 a second with 429 HTML pages carrying Retry-After, then serves the page again', async () => {
    const { marketer } = tenantA;
    const customer = await newCustomerOf(marketer.key, { name: 'Burst Buyer Philippa' });
    const order = await placeOrderAs(marketer.key, { customerId: customer.id, totalAmount: 5_000 });
    const url = (await orderOf(order.id, marketer.key)).trackingLink.url as string;
    expectWorkingPage(await openPage(url), order, customer.name);
    await sleep(1_100);

    // A loaded machine may serve a burst of 40 slower than 5 a second: then another follows at once.
    const startedAt = Date.now();
    const answers: PageAnswer[] = [];
    for (let round = 0; round < 5 && !answers.some((answer) => answer.status === 429); round += 1) {
      answers.push(...(await Promise.all(Array.from({ length: 40 }, () => fetchPage(url)))));
    }
    // The limiter's windows are whole seconds of the clock this machine shares with the stack.
    const secondsTouched = Math.floor(Date.now() / 1000) - Math.floor(startedAt / 1000) + 1;
    const statuses = answers.map((answer) => answer.status);
    const limited = answers.filter((answer) => answer.status === 429);
    const served = answers.filter((answer) => answer.status === 200);
    expect(
      statuses.filter((status) => status >= 500),
      `statuses: ${statuses.join(',')}`,
    ).toEqual([]);
    expect(served.length + limited.length, `statuses: ${statuses.join(',')}`).toBe(answers.length);
    expect(served.length).toBeGreaterThan(0);
    // Each second the burst touched admits at most PAGE_RPS; the rest are refused.
    expect(served.length, `over ${secondsTouched} s`).toBeLessThanOrEqual(PAGE_RPS * secondsTouched);
    expect(limited.length, `over ${secondsTouched} s`).toBeGreaterThanOrEqual(
      Math.max(1, answers.length - PAGE_RPS * secondsTouched),
    );
    for (const answer of limited) {
      expect(answer.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expectPageHeadersAndHtml(answer);
      expect(answer.body).not.toContain(customer.name);
    }
    for (const answer of served) expectWorkingPage(answer, order, customer.name);

    console.info(
      `tracking page burst of ${answers.length} from one address over ${secondsTouched} s: ${served.length} served, ${limited.length} answered 429`,
    );
    const wait = Math.max(...limited.map((answer) => Number(answer.headers.get('retry-after'))));
    await sleep(wait * 1000 + 200);
    const again = await fetchPage(url);
    expectWorkingPage(again, order, customer.name);
  });
});
