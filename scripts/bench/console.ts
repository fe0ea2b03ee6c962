/**
 * The staff console's budgets, on a local stack of its own:
 *
 * - first load: the JS and CSS index.html loads, raw, gzip (9) and brotli (11), as CloudFront
 *   would send them compressed;
 * - the order page with 10,000 orders in the tenant: from navigation until the moves the caller
 *   can make are on the page (the page usable), in Debian's chromium, next to the same page's API
 *   calls made alone from this process, in the order and with the parallelism the page made them;
 * - the lists: how many API requests each list screen makes to show its first page (one each:
 *   every list reads one page, whatever the tenant's size).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  intOption,
  percentile,
  renderTable,
  round,
  type BenchContext,
  type BenchSuite,
  type SuiteReport,
} from './_suite.js';

const PORTS = { httpPort: 3320, lambdaPort: 3322, dynamoPort: 8320, s3Port: 4730 };
const GULF = 'demotenantgulfmotors0001';
const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);
const SESSION_KEY = 'vpo.console.apiKey';

interface Asset {
  file: string;
  kind: 'js' | 'css';
  rawKb: number;
  gzipKb: number;
  brotliKb: number;
}

const kb = (bytes: number) => round(bytes / 1024, 1);

/** The JS and CSS the console's index.html loads (its module script, preloads and styles). */
function firstLoad(dist: string): Asset[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/(?:src|href)="\/console\/([^"]+\.(js|css))"/g)].map((m) => ({
    file: m[1]!,
    kind: m[2] as 'js' | 'css',
  }));
  return [...new Map(urls.map((u) => [u.file, u])).values()].map(({ file, kind }) => {
    const bytes = readFileSync(join(dist, file));
    return {
      file,
      kind,
      rawKb: kb(bytes.length),
      gzipKb: kb(gzipSync(bytes, { level: 9 }).length),
      brotliKb: kb(brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
    };
  });
}

/** Seeds `count` orders in the demo tenant straight into the table, 25 per batch. */
async function seedOrders(count: number, customerId: string): Promise<string> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { tableName } = await import('../../lib/config.js');
  const { ddb } = await import('../../lib/store/client.js');
  const keys = await import('../../lib/store/keys.js');
  const run = randomBytes(4).toString('hex');
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const items = Array.from({ length: count }, (_, n) => {
    const createdAt = new Date(base + n * 60_000).toISOString();
    const order = {
      id: `bench${run}order${n}`,
      orderNumber: 800_000 + n,
      status: 'DepositSubmitted',
      version: 1,
      customerId,
      tenantId: GULF,
      carDetails: { makeEn: 'Kia', modelEn: 'K5', year: 2021 },
      totalAmount: 18_500,
      currency: 'USD',
      notes: null,
      inspectionDate: null,
      paidFromWallet: false,
      customer: { id: customerId, name: 'Bench customer' },
      createdByKeyId: 'bench',
      createdAt,
      updatedAt: createdAt,
    };
    return { ...keys.order(order.id), ...keys.orderIndexes(order), entity: 'order', ...order };
  });
  for (let i = 0; i < items.length; i += 25) {
    let request: Record<string, unknown> | undefined = {
      [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (request && Object.keys(request).length > 0) {
      const result = await ddb.send(new BatchWriteCommand({ RequestItems: request as never }));
      request = result.UnprocessedItems as Record<string, unknown> | undefined;
    }
  }
  return items[count - 1]!.id;
}

export const suite: BenchSuite = {
  name: 'console',
  description:
    "The staff console: first-load JS and CSS, the order page's time to usable with 10,000 orders next to its API calls alone, requests per list",
  flags: { '--orders <n>': 'orders in the tenant (default 10000)', '--runs <n>': 'page loads measured (default 7)' },

  async run(context: BenchContext): Promise<SuiteReport> {
    const ordersInTenant = intOption(context.argv, 'orders', 10_000);
    const runs = intOption(context.argv, 'runs', 7);
    const { buildConsole } = await import('../console/build.js');
    const { dir } = await buildConsole({ root: context.rootDir, progress: (line) => context.log(line) });
    const assets = firstLoad(dir);
    const total = (kind: 'js' | 'css', field: 'rawKb' | 'gzipKb' | 'brotliKb') =>
      round(
        assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a[field], 0),
        1,
      );
    if (!CHROMIUM)
      throw new Error("chromium is not installed (apt-get install chromium): the console's page is measured in it");

    const { startStack } = await import('../local/stack.js');
    context.log('console: starting a local stack of its own');
    const stack = await startStack({
      root: context.rootDir,
      ...PORTS,
      withApi: true,
      catalogueSize: 100,
      outboxIntervalMs: 600_000,
      rateLimit: { rps: 1_000_000, burst: 1_000_000, quotaPerDay: 1_000_000_000 },
      log: undefined,
    });
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    });
    try {
      const key = stack.keys.find((k) => k.role === 'operations' && k.tenantId === GULF)!.key;
      const { createCustomer } = await import('../../lib/use-cases/customers.js');
      const customer = await createCustomer(
        { keyId: 'bench', tenantId: GULF, role: 'operations', allowedRoutes: ['*'] },
        { name: 'Bench customer', mobileNumber: `+97150${String(Date.now() % 1e7).padStart(7, '0')}` },
      );
      context.log(`console: seeding ${ordersInTenant} orders`);
      const orderId = await seedOrders(ordersInTenant, customer.id);

      const context_ = await browser.newContext();
      await context_.addInitScript(([name, value]) => sessionStorage.setItem(name!, value!), [SESSION_KEY, key]);
      const page = await context_.newPage();
      const origin = stack.baseUrl;

      /** One load of a console URL: ms until `ready` shows, and the API requests made meanwhile. */
      const load = async (hash: string, ready: () => Promise<unknown>) => {
        const requests: Array<{ url: string; startedMs: number }> = [];
        const t0 = performance.now();
        const onRequest = (request: { url(): string }) => {
          if (request.url().includes('/api/')) requests.push({ url: request.url(), startedMs: performance.now() - t0 });
        };
        page.on('request', onRequest);
        await page.goto(`${origin}/console/?bench=${Math.random()}#${hash}`);
        await ready();
        const ms = performance.now() - t0;
        page.off('request', onRequest);
        return { ms, requests };
      };
      const orderUsable = () =>
        page
          .locator('section[aria-labelledby="moves-title"] button')
          .first()
          .waitFor({ state: 'visible', timeout: 60_000 });

      // Warm up: the browser's cache and the functions' first loads.
      for (let i = 0; i < 2; i += 1) await load(`/orders/${orderId}/show`, orderUsable);
      const pageSamples: number[] = [];
      let calls: Array<{ url: string; startedMs: number }> = [];
      for (let i = 0; i < runs; i += 1) {
        const { ms, requests } = await load(`/orders/${orderId}/show`, orderUsable);
        pageSamples.push(ms);
        calls = requests;
      }
      // The same calls from here: those the page started together (within 5 ms) go together.
      const waves: string[][] = [];
      let lastStart = -Infinity;
      for (const call of calls) {
        if (call.startedMs - lastStart > 5) waves.push([]);
        waves[waves.length - 1]!.push(call.url);
        lastStart = call.startedMs;
      }
      const apiSamples: number[] = [];
      for (let i = 0; i < runs + 2; i += 1) {
        const t0 = performance.now();
        for (const wave of waves)
          await Promise.all(
            wave.map((url) => fetch(url, { headers: { 'X-API-Key': key } }).then((res) => res.arrayBuffer())),
          );
        if (i >= 2) apiSamples.push(performance.now() - t0);
      }

      // Requests per list screen, first page.
      const lists: Array<[string, string, () => Promise<unknown>]> = [
        ['orders', '/orders', () => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 })],
        ['customers', '/customers', () => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 })],
        ['cars', '/cars', () => page.getByRole('row').nth(1).waitFor({ timeout: 60_000 })],
      ];
      const listRows: Array<Array<string | number>> = [];
      const listData: Record<string, unknown> = {};
      for (const [name, hash, ready] of lists) {
        await load(hash, ready);
        const { ms, requests } = await load(hash, ready);
        await page.waitForLoadState('networkidle');
        const listCalls = requests.filter((r) => new URL(r.url).pathname === `/api/v1/${name}`);
        listRows.push([name, listCalls.length, round(ms, 0)]);
        listData[name] = {
          listRequests: listCalls.length,
          ms: round(ms, 0),
          requests: requests.map((r) => new URL(r.url).pathname),
        };
      }
      await context_.close();

      const pageP50 = percentile(pageSamples, 50);
      const apiP50 = percentile(apiSamples, 50);
      const text = [
        renderTable(
          ['first load', 'files', 'raw KB', 'gzip KB', 'brotli KB'],
          (['js', 'css'] as const).map((kind) => [
            kind,
            assets.filter((a) => a.kind === kind).length,
            total(kind, 'rawKb'),
            total(kind, 'gzipKb'),
            total(kind, 'brotliKb'),
          ]),
        ),
        '',
        renderTable(
          [`order page, ${ordersInTenant} orders in the tenant`, 'p50 ms', 'p95 ms', 'API requests'],
          [
            [
              'console: navigation to moves shown',
              round(pageP50, 0),
              round(percentile(pageSamples, 95), 0),
              calls.length,
            ],
            ['its API calls alone (same waves)', round(apiP50, 0), round(percentile(apiSamples, 95), 0), calls.length],
            ['ratio', `${round(pageP50 / apiP50, 1)}x`, '', ''],
          ],
        ),
        '',
        renderTable(['list screen', 'list requests for page 1', 'ms to first row'], listRows),
      ].join('\n');
      return {
        text,
        ok: true,
        withinBudget: Object.values(listData).every((l) => (l as { listRequests: number }).listRequests === 1),
        data: {
          ordersInTenant,
          runs,
          firstLoad: {
            assets,
            js: { rawKb: total('js', 'rawKb'), gzipKb: total('js', 'gzipKb'), brotliKb: total('js', 'brotliKb') },
            css: { brotliKb: total('css', 'brotliKb') },
          },
          orderPage: {
            samplesMs: pageSamples.map((ms) => round(ms, 0)),
            p50Ms: round(pageP50, 0),
            apiAloneP50Ms: round(apiP50, 0),
            ratio: round(pageP50 / apiP50, 2),
            apiRequests: calls.map((c) => new URL(c.url).pathname),
            waves: waves.length,
          },
          lists: listData,
        },
      };
    } finally {
      await browser.close();
      await stack.stop();
    }
  },
};
