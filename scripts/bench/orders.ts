/**
 * Order creation at 10 concurrent callers, side by side in one run on a local stack of its own:
 *
 * - on DynamoDB Local, in this process: the previous design (the order counter read, then moved
 *   on a condition inside the order's transaction, re-read and retried when another creation won)
 *   against the current createOrder (one atomic increment for the number, then the transaction);
 * - over HTTP (serverless-offline): POST /orders against a floor route at the same concurrency
 *   (POST /customers: one transaction of three items, no number).
 *
 * Reports throughput, p50/p95, p95/p50 and DynamoDB round trips per creation.
 *
 * Then the order list: page 1 of 20 at 100, 1,000 and 10,000 orders in one tenant, the current
 * one-page read (queryOrderPage) against the previous read-everything-then-slice (queryOrders),
 * in this process on DynamoDB Local: latency and items read per page.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  intOption,
  option,
  percentile,
  renderTable,
  round,
  type BenchContext,
  type BenchSuite,
  type SuiteReport,
} from './_suite.js';

const PORTS = { httpPort: 3310, lambdaPort: 3312, dynamoPort: 8310, s3Port: 4710 };
const GULF = 'demotenantgulfmotors0001';

interface Run {
  label: string;
  durationsMs: number[];
  wallMs: number;
  roundTrips: number;
  maxRoundTrips?: number;
  retried?: number;
}

/** `total` calls of `call` with `concurrency` callers; each call's duration. */
async function pool(
  total: number,
  concurrency: number,
  call: (i: number) => Promise<void>,
): Promise<{ durationsMs: number[]; wallMs: number }> {
  const durationsMs: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t = performance.now();
        await call(i);
        durationsMs.push(performance.now() - t);
      }
    }),
  );
  return { durationsMs, wallMs: performance.now() - started };
}

const row = (run: Run, baseline?: Run) => {
  const perSecond = (run.durationsMs.length / run.wallMs) * 1000;
  const p50 = percentile(run.durationsMs, 50);
  const p95 = percentile(run.durationsMs, 95);
  const baseRate = baseline ? (baseline.durationsMs.length / baseline.wallMs) * 1000 : undefined;
  return {
    cells: [
      run.label,
      round(perSecond),
      baseRate ? `${round(perSecond / baseRate, 2)}x` : '',
      round(p50),
      round(p95),
      round(p95 / p50, 2),
      round(run.roundTrips / run.durationsMs.length, 2),
      run.maxRoundTrips ?? '',
      run.retried === undefined ? '' : `${round((100 * run.retried) / run.durationsMs.length)}%`,
    ],
    data: {
      perSecond: round(perSecond),
      p50Ms: round(p50),
      p95Ms: round(p95),
      p95OverP50: round(p95 / p50, 2),
      roundTripsPerCreation: round(run.roundTrips / run.durationsMs.length, 2),
      maxRoundTrips: run.maxRoundTrips,
      retried: run.retried,
    },
  };
};

export const suite: BenchSuite = {
  name: 'orders',
  description:
    'Order creation at 10 concurrent callers: previous design (conditional counter in the transaction) vs current (atomic increment), and POST /orders vs a floor route over HTTP',
  flags: {
    '--orders <n>': 'creations per design (default 400)',
    '--concurrency <n>': 'concurrent callers (default 10)',
    '--list-sizes <a,b,c>': 'orders in the listed tenant (default 100,1000,10000)',
  },

  async run(context: BenchContext): Promise<SuiteReport> {
    const total = intOption(context.argv, 'orders', 400);
    const concurrency = intOption(context.argv, 'concurrency', 10);
    const { startStack } = await import('../local/stack.js');
    context.log('orders: starting a local stack of its own');
    const stack = await startStack({
      root: context.rootDir,
      ...PORTS,
      withApi: true,
      catalogueSize: 100,
      outboxIntervalMs: 600_000,
      rateLimit: { rps: 1_000_000, burst: 1_000_000, quotaPerDay: 1_000_000_000 },
      log: undefined,
    });
    try {
      // Loaded only now: the data layer reads the stack's endpoints when its client is created.
      const { ddb } = await import('../../lib/store/client.js');
      const { roundTrips } = await import('../../lib/store/round-trips.js');
      const { createCustomer } = await import('../../lib/use-cases/customers.js');
      const { createOrder } = await import('../../lib/use-cases/orders/create-order.js');
      const { previousDesignCreateOrder } = await import('./_previous-order-design.js');
      const key = stack.keys.find((k) => k.role === 'accountant' && k.tenantId === GULF)!;
      const integrator = stack.keys.find((k) => k.role === 'integrator' && k.tenantId === GULF)!;
      const caller = { keyId: 'bench', tenantId: GULF, role: 'accountant' as const, allowedRoutes: ['*'] };
      const customers = await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          createCustomer(caller, {
            name: `Bench customer ${i}`,
            mobileNumber: `+9715${String(Date.now() % 1e7).padStart(7, '0')}${i}`.slice(0, 13),
          }),
        ),
      );
      void ddb;

      const runs: Run[] = [];
      // Warm both paths up (module init, DynamoDB Local's JIT), then measure.
      for (const [label, create] of [
        [
          'previous design: counter in the transaction',
          (i: number) => previousDesignCreateOrder(caller, customers[i % concurrency]!.id),
        ],
        [
          'current: atomic increment, then the transaction',
          async (i: number) =>
            void (await createOrder(
              caller,
              { customerId: customers[i % concurrency]!.id, totalAmount: 100 },
              undefined,
            )),
        ],
      ] as const) {
        await pool(40, concurrency, async (i) => void (await create(i)));
        context.log(`orders: ${total} creations, ${label}`);
        roundTrips.reset();
        const retriedBefore = previousDesignCreateOrder.stats.retried;
        const maxBefore = previousDesignCreateOrder.stats.maxRoundTrips;
        previousDesignCreateOrder.stats.maxRoundTrips = 0;
        const measured = await pool(total, concurrency, async (i) => void (await create(i)));
        const isPrevious = label.startsWith('previous');
        runs.push({
          label,
          ...measured,
          roundTrips: roundTrips.reset(),
          maxRoundTrips: isPrevious ? previousDesignCreateOrder.stats.maxRoundTrips : 3,
          retried: isPrevious ? previousDesignCreateOrder.stats.retried - retriedBefore : 0,
        });
        if (!isPrevious) previousDesignCreateOrder.stats.maxRoundTrips = maxBefore;
      }

      const http = async (path: string, apiKey: string, body: unknown) => {
        const response = await fetch(`${stack.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-API-Key': apiKey },
          body: JSON.stringify(body),
        });
        if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      };
      const httpRuns: Run[] = [];
      for (const [label, call] of [
        [
          'HTTP floor: POST /customers',
          (i: number) =>
            http('/api/v1/customers', integrator.key, {
              name: `Floor ${i}`,
              mobileNumber: `+97155${randomBytes(4).readUInt32BE() % 10_000_000}`.padEnd(13, '0'),
            }),
        ],
        [
          'HTTP: POST /orders',
          (i: number) =>
            http('/api/v1/orders', key.key, { customerId: customers[i % concurrency]!.id, totalAmount: 100 }),
        ],
      ] as const) {
        await pool(40, concurrency, call);
        context.log(`orders: ${total} requests, ${label}`);
        httpRuns.push({ label, ...(await pool(total, concurrency, call)), roundTrips: Number.NaN });
      }

      const listing = await measureLists(
        context,
        (option(context.argv, 'list-sizes') ?? '100,1000,10000').split(',').map(Number),
      );

      const header = [
        'design',
        'orders/s',
        'vs previous',
        'p50 ms',
        'p95 ms',
        'p95/p50',
        'round trips/creation',
        'max round trips',
        'retried',
      ];
      const [previous, current] = runs as [Run, Run];
      const inProcess = [row(previous), row(current, previous)];
      const [floor, orders] = httpRuns as [Run, Run];
      const overHttp = [row(floor), row(orders, floor)];
      const text = [
        `Order creation, ${total} per design, ${concurrency} concurrent callers, DynamoDB Local (in this process):`,
        renderTable(
          header,
          inProcess.map((r) => r.cells),
          ['left'],
        ),
        '',
        `Over HTTP on the local stack (serverless-offline), ${total} requests each, ${concurrency} concurrent callers; "vs previous" is against the floor route:`,
        renderTable(
          ['route', 'req/s', 'vs floor', 'p50 ms', 'p95 ms', 'p95/p50', '', '', ''],
          overHttp.map((r) => r.cells.map((c, i) => (i >= 6 ? '' : c))),
          ['left'],
        ),
        '',
        'GET /orders?limit=20, page 1, one tenant (in this process on DynamoDB Local): the previous read-everything-then-slice against the one-page read:',
        listing.text,
      ].join('\n');
      const speedup = inProcess[1]!.data.perSecond / inProcess[0]!.data.perSecond;
      return {
        text,
        data: {
          concurrency,
          total,
          previous: inProcess[0]!.data,
          current: inProcess[1]!.data,
          speedup: round(speedup, 2),
          http: { floor: overHttp[0]!.data, orders: overHttp[1]!.data },
          lists: listing.data,
        },
        ok: true,
        withinBudget: inProcess[1]!.data.p95OverP50 <= 3,
      };
    } finally {
      await stack.stop();
      void join;
    }
  },
};

/** Seeds `sizes` orders (cumulatively) in a tenant of their own and times page 1 of 20 both ways. */
async function measureLists(context: BenchContext, sizes: number[]): Promise<{ text: string; data: unknown }> {
  const { BatchWriteCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { tableName } = await import('../../lib/config.js');
  const { ddb } = await import('../../lib/store/client.js');
  const keys = await import('../../lib/store/keys.js');
  const { queryOrderPage, queryOrders } = await import('../../lib/store/orders.js');
  const tenantId = `benchlists${randomBytes(7).toString('hex')}`;
  const scope = { tenantId };
  let itemsRead = 0;
  ddb.middlewareStack.add(
    (next, ctx) => async (args) => {
      const result = await next(args);
      if (ctx.commandName === QueryCommand.name || String(ctx.commandName) === 'QueryCommand')
        itemsRead += Number((result.output as { ScannedCount?: number }).ScannedCount ?? 0);
      return result;
    },
    { step: 'initialize', name: 'bench-items-read' },
  );
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  let seeded = 0;
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  for (const size of sizes) {
    context.log(`orders: seeding ${size - seeded} orders for the list bench`);
    const fresh = Array.from({ length: size - seeded }, (_, i) => {
      const n = seeded + i;
      const createdAt = new Date(base + n * 60_000).toISOString();
      const order = {
        id: `benchorder${tenantId}${n}`,
        orderNumber: 900_000 + n,
        status: 'DepositSubmitted',
        version: 1,
        customerId: `benchcustomer${n % 50}`,
        tenantId,
        carDetails: { makeEn: 'Kia', modelEn: 'K5' },
        totalAmount: 100,
        currency: 'USD',
        notes: null,
        inspectionDate: null,
        paidFromWallet: false,
        customer: { id: `benchcustomer${n % 50}`, name: 'Bench' },
        createdByKeyId: 'bench',
        createdAt,
        updatedAt: createdAt,
      };
      return { ...keys.order(order.id), ...keys.orderIndexes(order), entity: 'order', ...order };
    });
    for (let i = 0; i < fresh.length; i += 25) {
      let request: Record<string, unknown> | undefined = {
        [tableName()]: fresh.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
      };
      while (request && Object.keys(request).length > 0) {
        const result = await ddb.send(new BatchWriteCommand({ RequestItems: request as never }));
        request = result.UnprocessedItems as Record<string, unknown> | undefined;
      }
    }
    seeded = size;
    const time = async (read: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i += 1) await read();
      const samples: number[] = [];
      itemsRead = 0;
      const runs = size >= 10_000 ? 10 : 30;
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        await read();
        samples.push(performance.now() - t);
      }
      return { p50Ms: round(percentile(samples, 50), 2), itemsPerPage: Math.round(itemsRead / runs) };
    };
    const previous = await time(async () => (await queryOrders(scope, {})).slice(0, 20));
    const current = await time(() => queryOrderPage(scope, {}, { limit: 20, skip: 0 }));
    rows.push([
      size,
      previous.p50Ms,
      previous.itemsPerPage,
      current.p50Ms,
      current.itemsPerPage,
      `${round(previous.p50Ms / current.p50Ms, 1)}x`,
    ]);
    data[String(size)] = { previous, current };
  }
  ddb.middlewareStack.remove('bench-items-read');
  return {
    text: renderTable(
      [
        'orders in tenant',
        'previous p50 ms',
        'previous items read',
        'one page p50 ms',
        'one page items read',
        'speedup',
      ],
      rows,
    ),
    data,
  };
}
