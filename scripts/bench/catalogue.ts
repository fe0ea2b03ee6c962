/**
 * Car list speed and memory at scale, 100,000, 300,000 and 1,000,000 cars of the generator
 * (seed 42) in one run:
 * - per size, in a child process of its own: the snapshot built from the cars as they come (build
 *   time, peak RSS of the process: heap, array buffers and all); then, in a fresh child, the
 *   snapshot loaded cold (load time, RSS after the load and after the queries) and every query
 *   kind timed on it (p50);
 * - at the comparison sizes (100k and 300k; at 1M the previous engine's index alone takes
 *   minutes and gigabytes), in this process: the previous engine (every query scans every row
 *   through per-row checks; kept in scripts/bench/_previous-catalogue-query.ts) against the
 *   current one on the same rows, the warm handler path (runListQuery: filter/sort/count ->
 *   price -> project; 0 DynamoDB or S3 round trips), and the previous snapshot format's load.
 * Every size's matches are checked: the previous engine, the index built here and the snapshot
 * loaded in the child must agree on every total.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCars } from '../demo-catalogue/generate.js';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex } from '../../lib/catalogue/query.js';
import { runListQuery, type Storefront } from '../../lib/use-cases/cars.js';
import { previousIndex, previousQueryIndex } from './_previous-catalogue-query.js';
import { MIX, withImportRules } from './_catalogue-mix.js';
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

const storefront: Storefront = {
  visibility: { providers: new Set(['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer']), publishedOnly: true },
  markup: '1.08',
};
const rates = new Map([
  ['KRW->USD', '0.00072'],
  ['USD->AED', '3.6725'],
  ['USD->SAR', '3.75'],
]);

/** The budgets, at the largest size (1,000,000 cars). */
const BUDGET = { queryP50Ms: 2, loadMs: 300, rssMb: 200, buildPeakMb: 1536, linearSlack: 1.5 };

function parsed(query: Partial<CarListQuery>) {
  const result = parseCarQuery({
    page: 1,
    limit: 20,
    sortBy: 'createdAt',
    sortOrder: 'desc',
    ...query,
  } as CarListQuery);
  if (!result.ok) throw new Error(`bench query is invalid: ${JSON.stringify(result.errors)}`);
  return withImportRules(result.value);
}

/** The kinds that name rare values (a fuel and a city, trims): their cost should follow their matches. */
const SELECTIVE = new Set(['selective: hydrogen in Seoul', 'trim + currency + projection']);

function timed(iterations: number, run: () => number): { p50: number; p95: number; total: number } {
  for (let i = 0; i < Math.min(20, iterations); i += 1) run();
  const samples: number[] = [];
  let total = 0;
  for (let i = 0; i < iterations; i += 1) {
    const t = performance.now();
    total = run();
    samples.push(performance.now() - t);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), total };
}

const sizesOf = (raw: string) => raw.split(',').map(Number);

interface Measured {
  build: { binaryBytes: number; buildMs: number; generateMs: number; baseRssMb: number; peakRssMb: number };
  load: {
    loadMs: number;
    after: { rssMb: number; heapUsedMb: number; arrayBuffersMb: number };
    afterQueries: { rssMb: number };
    queries: Record<string, number>;
    matches: Record<string, number>;
  };
  previousLoad?: {
    loadMs: number;
    after: { rssMb: number; heapUsedMb: number; arrayBuffersMb: number };
    before: { rssMb: number };
  };
  jsonBytes?: number;
}

export const suite: BenchSuite = {
  name: 'catalogue',
  description:
    'GET /api/v1/cars per query kind at 100k, 300k and 1M cars: snapshot build time and peak RSS, cold load time and RSS, p50 of every kind; the previous scanning engine against the current one at 100k and 300k',
  flags: {
    '--sizes <a,b,c>':
      'catalogue sizes measured in child processes: build, load, every kind (default 100000,300000,1000000)',
    '--compare-sizes <a,b>':
      'sizes also run in this process against the previous engine and the previous snapshot format (default 100000,300000)',
    '--iterations <n>': 'timed runs per query kind (default 100)',
  },

  async run(context: BenchContext): Promise<SuiteReport> {
    const sizes = sizesOf(option(context.argv, 'sizes') ?? '100000,300000,1000000');
    const compareSizes = sizesOf(option(context.argv, 'compare-sizes') ?? '100000,300000').filter((size) =>
      sizes.includes(size),
    );
    const iterations = intOption(context.argv, 'iterations', 100);
    const data: Record<string, unknown> = { budget: BUDGET };
    const queryRows: Array<Array<string | number>> = [];
    const sizeRows: Array<Array<string | number>> = [];
    let worstRatio = Infinity;
    let worstSelectiveRatio = Infinity;
    let worstHandlerP50 = 0;
    const measured = new Map<number, Measured>();
    const dir = mkdtempSync(join(tmpdir(), 'vpo-catalogue-'));
    try {
      for (const size of sizes) {
        context.log(`catalogue: building the ${size}-car snapshot in a child process`);
        const build = child(context, ['build', String(size), dir], 8192) as Measured['build'];
        context.log(`catalogue: loading it cold and timing every kind (${size} cars)`);
        const load = child(
          context,
          ['load', join(dir, `${size}.vpocat.gz`), 'binary', 'q', String(iterations)],
          2048,
        ) as Measured['load'];
        const entry: Measured = { build, load };
        if (compareSizes.includes(size)) {
          entry.jsonBytes = (child(context, ['json', String(size), dir], 4096) as { jsonBytes: number }).jsonBytes;
          entry.previousLoad = child(
            context,
            ['load', join(dir, `${size}.json.gz`), 'json'],
            4096,
          ) as Measured['previousLoad'];
        }
        rmSync(join(dir, `${size}.vpocat.gz`), { force: true });
        rmSync(join(dir, `${size}.json.gz`), { force: true });
        measured.set(size, entry);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    for (const size of sizes) {
      const { load } = measured.get(size)!;
      const compared: Record<string, { previous: number; current: number; handler: number; speedup: number }> = {};
      if (compareSizes.includes(size)) {
        context.log(`catalogue: previous engine against the current one in this process (${size} cars)`);
        const carRows: CarRow[] = [];
        for (const car of generateCars({ count: size, seed: 42, imageBaseUrl: 'https://img.example.com/cars' }))
          carRows.push(toRow(car));
        const index = buildIndex(carRows);
        const previous = previousIndex(carRows);
        globalThis.gc?.();
        for (const [label, query] of MIX) {
          const q = parsed(query);
          const before = timed(
            iterations,
            () => previousQueryIndex(previous, q.filter, storefront.visibility, q.page).total,
          );
          const current = timed(iterations, () => queryIndex(index, q.filter, storefront.visibility, q.page).total);
          const handler = timed(iterations, () => runListQuery(index, storefront, rates, q).meta.total);
          if (before.total !== current.total || current.total !== load.matches[label])
            throw new Error(
              `${label}: the engines disagree at ${size} cars (previous ${before.total}, current ${current.total}, loaded snapshot ${load.matches[label]})`,
            );
          const ratio = before.p50 / current.p50;
          worstRatio = Math.min(worstRatio, ratio);
          if (SELECTIVE.has(label)) worstSelectiveRatio = Math.min(worstSelectiveRatio, ratio);
          worstHandlerP50 = Math.max(worstHandlerP50, handler.p50);
          compared[label] = {
            previous: round(before.p50, 3),
            current: round(current.p50, 3),
            handler: round(handler.p50, 3),
            speedup: round(ratio, 1),
          };
        }
      }
      const kinds: Record<string, unknown> = {};
      for (const [label] of MIX) {
        const c = compared[label];
        kinds[label] = {
          p50Ms: load.queries[label],
          matches: load.matches[label],
          ...(c
            ? { previousP50Ms: c.previous, inProcessP50Ms: c.current, handlerP50Ms: c.handler, speedup: c.speedup }
            : {}),
        };
        queryRows.push([
          size,
          label,
          load.queries[label]!,
          c?.previous ?? '',
          c?.current ?? '',
          c ? `${c.speedup}x` : '',
          c?.handler ?? '',
          load.matches[label]!,
        ]);
      }
      const m = measured.get(size)!;
      data[String(size)] = {
        ...kinds,
        build: m.build,
        load: m.load,
        previousLoad: m.previousLoad,
        jsonBytes: m.jsonBytes,
      };
      sizeRows.push([
        size,
        round(m.build.buildMs / 1000, 1),
        round(m.build.generateMs / 1000, 1),
        round(m.build.peakRssMb),
        round(m.build.binaryBytes / 1e6, 1),
        m.load.loadMs,
        round(m.load.after.rssMb),
        round(m.load.afterQueries.rssMb),
        m.load.after.heapUsedMb,
        m.load.after.arrayBuffersMb,
        m.previousLoad
          ? `${m.previousLoad.loadMs} ms, ${round(m.previousLoad.after.rssMb)} MB (${round(m.jsonBytes! / 1e6, 1)} MB file)`
          : '',
      ]);
    }

    // The budgets, at the largest size; linear: time and memory per car at the largest size within 1.5x of the next size down.
    const largest = Math.max(...sizes);
    const top = measured.get(largest)!;
    const slowestKind = Math.max(...Object.values(top.load.queries));
    const below = sizes.filter((s) => s < largest).sort((a, b) => b - a)[0];
    const perCar = (m: Measured, size: number) => ({
      ms: m.build.buildMs / size,
      mb: (m.build.peakRssMb - m.build.baseRssMb) / size,
    });
    const linear =
      below === undefined
        ? undefined
        : {
            time: perCar(top, largest).ms / perCar(measured.get(below)!, below).ms,
            memory: perCar(top, largest).mb / perCar(measured.get(below)!, below).mb,
          };
    const checks = {
      [`every kind p50 < ${BUDGET.queryP50Ms} ms`]: slowestKind < BUDGET.queryP50Ms,
      [`load < ${BUDGET.loadMs} ms`]: top.load.loadMs < BUDGET.loadMs,
      [`RSS < ${BUDGET.rssMb} MB (after load and queries)`]:
        Math.max(top.load.after.rssMb, top.load.afterQueries.rssMb) < BUDGET.rssMb,
      [`build peak RSS < ${BUDGET.buildPeakMb} MB`]: top.build.peakRssMb < BUDGET.buildPeakMb,
      [`build linear (per car within ${BUDGET.linearSlack}x of ${below ?? '-'} cars)`]:
        linear === undefined || (linear.time <= BUDGET.linearSlack && linear.memory <= BUDGET.linearSlack),
    };
    const withinBudget = Object.values(checks).every(Boolean);
    Object.assign(data, {
      largest,
      slowestKindP50Ms: slowestKind,
      linear,
      checks,
      worstSpeedup: round(worstRatio, 1),
      worstSelectiveSpeedup: round(worstSelectiveRatio, 1),
      worstHandlerP50Ms: worstHandlerP50,
    });

    const text = [
      renderTable(
        [
          'cars',
          'query kind',
          'p50 ms (loaded snapshot)',
          'previous p50 ms',
          'in-process p50 ms',
          'speedup',
          'handler p50 ms',
          'matches',
        ],
        queryRows,
        ['right', 'left'],
      ),
      `The previous engine is compared at ${compareSizes.join(' and ') || 'no size'} cars only: at 1M its index alone takes minutes and gigabytes. Slowest speedup ${round(worstRatio, 1)}x (selective kinds: ${round(worstSelectiveRatio, 1)}x); every size's totals agree (previous engine, index built here, snapshot loaded in the child). 0 DynamoDB round trips on the warm path.`,
      '',
      'Per size, each in fresh child processes: the snapshot built from cars that come one at a time (generating them is not counted in the build time), then loaded cold from its file (the download from S3 comes on top); RSS after a full GC, whole process:',
      renderTable(
        [
          'cars',
          'build s',
          'generate s',
          'build peak RSS MB',
          'file MB',
          'load ms',
          'RSS after load MB',
          'RSS after queries MB',
          'heap MB',
          'array buffers MB',
          'previous format load',
        ],
        sizeRows,
      ),
      linear
        ? `Build per car at ${largest} against ${below} cars: time ${round(linear.time, 2)}x, memory ${round(linear.memory, 2)}x.`
        : '',
      `Budgets at ${largest} cars: ${Object.entries(checks)
        .map(([name, ok]) => `${name}: ${ok ? 'met' : 'NOT met'}`)
        .join('; ')}.`,
    ].join('\n');
    return { text, data, ok: true, withinBudget };
  },
};

function child(context: BenchContext, args: string[], heapMb: number): Record<string, unknown> {
  return JSON.parse(
    execFileSync(
      process.execPath,
      [
        `--max-old-space-size=${heapMb}`,
        '--expose-gc',
        '--import',
        'tsx',
        join(context.rootDir, 'scripts', 'bench', '_cold-load.ts'),
        ...args,
      ],
      { cwd: context.rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 },
    )
      .trim()
      .split('\n')
      .pop()!,
  ) as Record<string, unknown>;
}
