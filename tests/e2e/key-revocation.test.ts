/**
 * A key in heavy use stops everywhere within 5 seconds of being revoked, of its rotation's grace
 * period ending, or of its user's deactivation (docs/api.md, "API keys"), whichever function serves it:
 * three routes (three functions, each with its own key cache: serverless-offline loads each
 * function's bundle once) are called by ten concurrent loops each with one key while it is
 * stopped. The figures are printed so they can be quoted.
 *
 * Also the cost of the key check on a warm container: DynamoDB round trips and capacity units
 * per request, counted on the data layer with ReturnConsumedCapacity.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { lookupApiKey } from '../../lib/use-cases/shared/api-key-cache.js';
import { hashApiKey, readRevocationStamp } from '../../lib/store/api-keys.js';
import { ddb } from '../../lib/store/client.js';
import { roundTrips } from '../../lib/store/round-trips.js';
import { STAFF_TOOL } from '../../lib/domain/caller.js';
import { revokeApiKey } from '../../lib/use-cases/api-keys.js';
import { api, closedByServer } from '../support/http.js';
import { newApiKey, newStaffUser } from '../support/staff.js';
import { createTenant } from '../../lib/store/tenants.js';
import { newId } from '../../lib/domain/ids.js';

const GULF = 'demotenantgulfmotors0001';
/** A cuid-looking id: passes the path validators, matches no record (404 once past auth). */
const SOME_ID = 'abcdefghijklmnopqrstuvwx';
/** Three keyed routes, three functions: each has its own key cache and revocation stamp. */
const ROUTES = [
  '/api/v1/orders?limit=5',
  `/api/v1/customers/${SOME_ID}`,
  '/api/v1/customers/search?phone=%2B971500000001',
];
const LOOPS_PER_ROUTE = 10;
const BOUND_MS = 5_000;
/** How long the loops go on after the change: past the bound, to catch a late acceptance. */
const WATCH_AFTER_MS = BOUND_MS + 3_000;

interface Answer {
  route: string;
  startedAt: number;
  endedAt: number;
  status: number;
}

/** Ten loops per route calling it back to back with the key until told to stop. */
function load(key: string): { answers: Answer[]; stop: () => Promise<void> } {
  const base = inject('baseUrl');
  const answers: Answer[] = [];
  let stopped = false;
  const loop = async (route: string) => {
    while (!stopped) {
      const startedAt = Date.now();
      // A GET sent on a kept-alive socket the local server was closing is sent again, as a browser does.
      const get = () => fetch(`${base}${route}`, { headers: { 'X-API-Key': key } });
      const response = await get().catch((error: unknown) => {
        if (closedByServer(error)) return get();
        throw error;
      });
      await response.arrayBuffer();
      answers.push({ route, startedAt, endedAt: Date.now(), status: response.status });
    }
  };
  const loops = ROUTES.flatMap((route) => Array.from({ length: LOOPS_PER_ROUTE }, () => loop(route)));
  return {
    answers,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

interface Figures {
  /** From the moment the key stopped (the change's answer, or the end of the grace period). */
  firstRefusalMs: number;
  /** The last request answered as the key's (not 401) started this long after: every route refuses every later one. */
  lastServedStartMs: number;
  /** Per route, when it started refusing every request. */
  perRouteRefusingFromMs: Record<string, number>;
  servedStartedAfter: number;
  servedAnsweredAfter: number;
  requestsAfter: number;
  requestsPerSecond: number;
}

function figuresOf(answers: Answer[], stoppedAt: number): Figures {
  const after = answers.filter((a) => a.startedAt >= stoppedAt);
  const served = (a: Answer) => a.status !== 401;
  const refusals = answers.filter((a) => a.status === 401);
  const perRouteRefusingFromMs: Record<string, number> = {};
  for (const route of ROUTES) {
    const ofRoute = answers.filter((a) => a.route === route);
    const lastServed = Math.max(stoppedAt, ...ofRoute.filter(served).map((a) => a.startedAt));
    const firstRefusedAfter = ofRoute
      .filter((a) => a.status === 401 && a.startedAt >= lastServed)
      .map((a) => a.startedAt);
    perRouteRefusingFromMs[route] =
      firstRefusedAfter.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...firstRefusedAfter) - stoppedAt;
  }
  const windowMs = Math.max(
    1,
    Math.max(...answers.map((a) => a.endedAt)) - Math.min(...answers.map((a) => a.startedAt)),
  );
  return {
    firstRefusalMs:
      refusals.length === 0 ? Number.POSITIVE_INFINITY : Math.min(...refusals.map((a) => a.endedAt)) - stoppedAt,
    lastServedStartMs: Math.max(0, ...after.filter(served).map((a) => a.startedAt - stoppedAt)),
    perRouteRefusingFromMs,
    servedStartedAfter: after.filter(served).length,
    servedAnsweredAfter: answers.filter((a) => a.endedAt >= stoppedAt && served(a)).length,
    requestsAfter: after.length,
    requestsPerSecond: Math.round((answers.length / windowMs) * 1000),
  };
}

/**
 * Puts the key under load, checks every route serves it, makes the change, and watches every
 * route until well past the bound. `change` returns the moment the key is meant to stop.
 */
async function measure(
  label: string,
  key: string,
  change: () => Promise<{ stoppedAt: number; note?: string }>,
): Promise<Figures> {
  const running = load(key);
  // Warm: every route has answered a few times (a function's first call loads its bundle).
  const warmedBy = Date.now() + 60_000;
  while (ROUTES.some((route) => running.answers.filter((a) => a.route === route).length < 20) && Date.now() < warmedBy)
    await sleep(100);
  await sleep(500);
  const warm = running.answers.slice();
  const { stoppedAt, note } = await change();
  await sleep(Math.max(0, stoppedAt + WATCH_AFTER_MS - Date.now()));
  await running.stop();

  for (const route of ROUTES) {
    const before = warm.filter((a) => a.route === route);
    expect(before.length, `${route} answered during the warm-up`).toBeGreaterThan(0);
    expect(
      before.filter((a) => a.status === 401),
      `${route} refused the key before the change`,
    ).toEqual([]);
  }
  // Nothing but the route's own answers (200, or 404 for the made-up id) and 401: no 5xx, no 429.
  expect(running.answers.filter((a) => ![200, 404, 401].includes(a.status))).toEqual([]);
  const figures = figuresOf(running.answers, stoppedAt);
  console.log(
    `${label}: ${ROUTES.length} routes x ${LOOPS_PER_ROUTE} loops, ~${figures.requestsPerSecond} requests/s${note ? `; ${note}` : ''}\n` +
      `  first 401 answered ${figures.firstRefusalMs} ms after; every route refusing every request started from ${Math.max(...Object.values(figures.perRouteRefusingFromMs))} ms ` +
      `(${ROUTES.map((r) => `${r.split('?')[0]!.replace(SOME_ID, '{id}')} ${figures.perRouteRefusingFromMs[r]} ms`).join(', ')}); ` +
      `last request served started ${figures.lastServedStartMs} ms after\n` +
      `  requests started after: ${figures.requestsAfter}, of which served ${figures.servedStartedAfter}; served answers that arrived after (in flight included): ${figures.servedAnsweredAfter}`,
  );
  return figures;
}

function expectWithinBound(figures: Figures): void {
  expect(figures.firstRefusalMs).toBeLessThanOrEqual(BOUND_MS);
  for (const route of ROUTES) expect(figures.perRouteRefusingFromMs[route], route).toBeLessThanOrEqual(BOUND_MS);
  expect(figures.lastServedStartMs).toBeLessThanOrEqual(BOUND_MS);
}

let admin: string;
/** A tenant of this file's own for the user it deactivates: Gulf's staff get the messages other test files count. */
let leaversTenant: string;
let leaversAdmin: string;

beforeAll(async () => {
  admin = (await newApiKey({ name: 'revocation test admin', role: 'admin', tenantId: GULF })).key;
  const subdomain = `leavers${newId().slice(0, 8)}`;
  leaversTenant = (
    await createTenant({
      name: `Leavers ${subdomain}`,
      subdomain,
      markup: '1',
      visibleProviders: ['sk'],
      publishedOnly: false,
    })
  ).id;
  leaversAdmin = (await newApiKey({ name: 'revocation test admin (leavers)', role: 'admin', tenantId: leaversTenant }))
    .key;
});

describe('a stopped key answers 401 on every route within 5 seconds, under continuous parallel use', () => {
  it('revoked: from the revoke answer', async () => {
    const { key, id } = await newApiKey({ name: 'revoked under load', role: 'integrator', tenantId: GULF });

    const figures = await measure('revoke', key, async () => {
      const res = await api('POST', `/api/v1/api-keys/${id}/revoke`, { key: admin });
      expect(res.status, res.text).toBe(200);
      return { stoppedAt: Date.now() };
    });

    expectWithinBound(figures);
    const after = await api('GET', ROUTES[0]!, { key });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/revoked/);
  }, 60_000);

  it("rotated: from the end of the old key's grace period", async () => {
    const { key, id } = await newApiKey({ name: 'rotated under load', role: 'integrator', tenantId: GULF });
    let successor = '';

    const figures = await measure('rotate (graceSeconds 1)', key, async () => {
      const res = await api('POST', `/api/v1/api-keys/${id}/rotate`, { key: admin, body: { graceSeconds: 1 } });
      const answeredAt = Date.now();
      expect(res.status, res.text).toBe(201);
      successor = res.body.data.key;
      const graceEnds = Date.parse(res.body.data.previous.expiresAt);
      return { stoppedAt: graceEnds, note: `grace ended ${graceEnds - answeredAt} ms after the rotate answer` };
    });

    expectWithinBound(figures);
    const old = await api('GET', ROUTES[0]!, { key });
    expect(old.status).toBe(401);
    expect(old.body.error).toMatch(/rotated/);
    expect((await api('GET', ROUTES[0]!, { key: successor })).status).toBe(200);
  }, 60_000);

  it("deactivated user: from the deactivate answer, for the user's key", async () => {
    const userId = await newStaffUser('operations', leaversTenant, { name: 'Leaving Under Load' });
    const { key } = await newApiKey({ name: 'key of a leaver', userId });

    const figures = await measure('deactivate user', key, async () => {
      const res = await api('POST', `/api/v1/users/${userId}/deactivate`, { key: leaversAdmin });
      expect(res.status, res.text).toBe(200);
      return { stoppedAt: Date.now() };
    });

    expectWithinBound(figures);
    const after = await api('GET', ROUTES[0]!, { key });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/deactivated/);
  }, 60_000);
});

/** What the data layer of this process asks DynamoDB, and what DynamoDB says it consumed (ReturnConsumedCapacity TOTAL). */
const consumed = { read: 0, write: 0, stampReads: 0, keyReads: 0, keyWrites: 0 };
const STAMP_PK = 'APIKEYS#REVOCATION';
ddb.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { ReturnConsumedCapacity?: string; Key?: { pk?: string } };
    input.ReturnConsumedCapacity ??= 'TOTAL';
    // The DocumentClient runs the SDK's own command: GetItemCommand, UpdateItemCommand.
    const command = context.commandName ?? '';
    const pk = input.Key?.pk ?? '';
    const isGet = /^Get(Item)?Command$/.test(command);
    if (isGet && pk === STAMP_PK) consumed.stampReads += 1;
    if (pk.startsWith('APIKEY#')) {
      if (isGet) consumed.keyReads += 1;
      if (/^Update(Item)?Command$/.test(command)) consumed.keyWrites += 1;
    }
    const result = await next(args);
    const capacity = (
      result.output as {
        ConsumedCapacity?: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
      }
    ).ConsumedCapacity;
    if (capacity) {
      // DynamoDB Local gives the total only: count it by the call's kind.
      const units = capacity.CapacityUnits ?? (capacity.ReadCapacityUnits ?? 0) + (capacity.WriteCapacityUnits ?? 0);
      if (/Update|Put|Delete|Write/.test(command)) consumed.write += units;
      else consumed.read += units;
    }
    return result;
  },
  { step: 'initialize', name: 'sumConsumedCapacity' },
);

describe('cost of the key check on a warm container', () => {
  const previous = process.env.API_KEY_CACHE_SECONDS;
  // As in AWS (the test stack shortens it to 10 s).
  beforeAll(() => {
    process.env.API_KEY_CACHE_SECONDS = '60';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.API_KEY_CACHE_SECONDS;
    else process.env.API_KEY_CACHE_SECONDS = previous;
  });

  /** Calls the key check about 45 times a second, sequentially as a Lambda container does. */
  const run = async (hash: string, durationMs: number) => {
    // Other test files revoke and rotate keys at the same time: each change is one more re-read here.
    const stampBefore = await readRevocationStamp();
    roundTrips.reset();
    Object.assign(consumed, { read: 0, write: 0, stampReads: 0, keyReads: 0, keyWrites: 0 });
    let requests = 0;
    const started = Date.now();
    while (Date.now() - started < durationMs) {
      const record = await lookupApiKey(hash);
      expect(record?.revokedAt).toBeUndefined();
      requests += 1;
      await sleep(20);
    }
    const seconds = (Date.now() - started) / 1000;
    const figures = { requests, seconds, roundTrips: roundTrips.reset(), ...consumed };
    return { ...figures, changes: (await readRevocationStamp()) - stampBefore };
  };

  const line = (label: string, f: Awaited<ReturnType<typeof run>>) =>
    `${label}: ${f.requests} requests in ${f.seconds.toFixed(1)} s (~${Math.round(f.requests / f.seconds)}/s): ${f.roundTrips} DynamoDB round trips ` +
    `(${(f.roundTrips / f.requests).toFixed(4)} per request) = ${f.stampReads} stamp reads + ${f.keyReads} key re-reads (GetItem) + ${f.keyWrites} key UpdateItems; ` +
    `${f.read} read units (${(f.read / f.requests).toFixed(4)} per request), ${f.write} write units; key changes during the run: ${f.changes}`;

  it('reads one small item every few seconds per container however busy the key, and a change costs one re-read', async () => {
    const { key } = await newApiKey({ name: 'cost of the key check', role: 'integrator', tenantId: GULF });
    const hash = hashApiKey(key);
    await lookupApiKey(hash); // the cold read: the stamp, then the key (noting lastUsedAt)

    const warm = await run(hash, 12_000);
    // Another key's revocation moves the stamp: this container re-reads the key it uses, once.
    const other = await newApiKey({ name: 'revoked elsewhere', role: 'integrator', tenantId: GULF });
    await revokeApiKey(STAFF_TOOL, other.id);
    const afterChange = await run(hash, 6_000);

    console.log(`key check on a warm container (API_KEY_CACHE_SECONDS 60, stamp checked every 3 s)
  ${line('steady', warm)}
  ${line("after another key's revocation", afterChange)}`);
    for (const f of [warm, afterChange]) {
      // One stamp read per 3 s, whatever the traffic; a re-read of the key only after a change; no write.
      expect(f.stampReads).toBeLessThanOrEqual(Math.ceil(f.seconds / 3) + 1);
      expect(f.keyReads).toBeLessThanOrEqual(f.changes + 1);
      expect(f.roundTrips).toBe(f.stampReads + f.keyReads + f.keyWrites);
      expect(f.keyWrites).toBe(0);
      expect(f.write).toBe(0);
    }
    expect(afterChange.keyReads).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
