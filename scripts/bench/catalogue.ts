/**
 * Car list speed at scale: builds the in-memory index from a generated catalogue (100,000 and
 * 300,000 cars by default) and times, for a realistic mix of queries, side by side in one run:
 * - the previous engine (every query scans every row through per-row checks; kept in
 *   scripts/bench/_previous-catalogue-query.ts) and the current one (row lists per value, row
 *   sets, pages cut by rank or by walking the sort order until full), on the same index;
 * - the whole warm handler path with the current engine (runListQuery: filter/sort/count ->
 *   price -> project). No DynamoDB or S3 is touched on this path: 0 round trips.
 */
import { performance } from 'node:perf_hooks';
import { generateCars } from '../demo-catalogue/generate.js';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { queryIndex } from '../../lib/catalogue/query.js';
import { runListQuery, type Storefront } from '../../lib/use-cases/cars.js';
import { previousIndex, previousQueryIndex } from './_previous-catalogue-query.js';
import { MIX } from './_catalogue-mix.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { intOption, option, percentile, renderTable, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const storefront: Storefront = {
  visibility: { providers: new Set(['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer']), publishedOnly: true },
  markup: '1.08',
};
const rates = new Map([
  ['KRW->USD', '0.00072'],
  ['USD->AED', '3.6725'],
  ['USD->SAR', '3.75'],
]);

function parsed(query: Partial<CarListQuery>) {
  const result = parseCarQuery({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc', ...query } as CarListQuery);
  if (!result.ok) throw new Error(`bench query is invalid: ${JSON.stringify(result.errors)}`);
  return result.value;
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

export const suite: BenchSuite = {
  name: 'catalogue',
  description:
    'GET /api/v1/cars warm path per query kind at 100k and 300k cars: the previous scanning engine against the current one, side by side; index build time and memory',
  flags: {
    '--sizes <a,b>': 'catalogue sizes (default 100000,300000)',
    '--iterations <n>': 'timed runs per query kind (default 100)',
    '--cold-sizes <a,b>': 'catalogue sizes of the cold-load measurement (default 100000,1000000)',
  },

  async run(context: BenchContext): Promise<SuiteReport> {
    const sizes = (option(context.argv, 'sizes') ?? '100000,300000').split(',').map(Number);
    const iterations = intOption(context.argv, 'iterations', 100);
    const rows: Array<Array<string | number>> = [];
    const data: Record<string, unknown> = {};
    let peakRss = process.memoryUsage().rss;
    let worstP50 = 0;
    let worstRatio = Infinity;
    let worstSelectiveRatio = Infinity;
    for (const size of sizes) {
      context.log(`catalogue: generating ${size} cars`);
      const carRows: CarRow[] = [];
      for (const car of generateCars({ count: size, seed: 42, imageBaseUrl: 'http://127.0.0.1/img' })) carRows.push(toRow(car));
      globalThis.gc?.();
      const started = performance.now();
      const index = buildIndex(carRows);
      const buildMs = performance.now() - started;
      const previous = previousIndex(carRows);
      globalThis.gc?.();
      const results: Record<string, unknown> = { buildMs: round(buildMs), heapUsedMb: round(process.memoryUsage().heapUsed / 1024 / 1024) };
      for (const [label, query] of MIX) {
        const q = parsed(query);
        const before = timed(iterations, () => previousQueryIndex(previous, q.filter, storefront.visibility, q.page).total);
        const current = timed(iterations, () => queryIndex(index, q.filter, storefront.visibility, q.page).total);
        const handler = timed(iterations, () => runListQuery(index, storefront, rates, q).meta.total);
        if (before.total !== current.total) throw new Error(`${label}: the engines disagree (${before.total} against ${current.total} matches)`);
        const ratio = before.p50 / current.p50;
        worstP50 = Math.max(worstP50, handler.p50);
        worstRatio = Math.min(worstRatio, ratio);
        if (SELECTIVE.has(label)) worstSelectiveRatio = Math.min(worstSelectiveRatio, ratio);
        results[label] = {
          previousP50Ms: round(before.p50, 3),
          p50Ms: round(current.p50, 3),
          p95Ms: round(current.p95, 3),
          speedup: round(ratio, 1),
          handlerP50Ms: round(handler.p50, 3),
          matches: current.total,
        };
        rows.push([
          size,
          label,
          round(before.p50, 3),
          round(current.p50, 3),
          `${round(ratio, 1)}x`,
          round(current.p95, 3),
          round(handler.p50, 3),
          current.total,
        ]);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
      rows.push([size, `(index build ${round(buildMs)} ms)`, '', '', '', '', '', '']);
      data[String(size)] = results;
    }
    const cold = coldLoads(context, (option(context.argv, 'cold-sizes') ?? '100000,1000000').split(',').map(Number));
    data.coldLoad = cold.data;
    data.peakRssMb = round(peakRss / 1024 / 1024);
    data.worstSpeedup = round(worstRatio, 1);
    data.worstSelectiveSpeedup = round(worstSelectiveRatio, 1);
    const text = [
      renderTable(['cars', 'query kind', 'previous p50 ms', 'p50 ms', 'speedup', 'p95 ms', 'handler p50 ms', 'matches'], rows, ['right', 'left']),
      `slowest speedup ${round(worstRatio, 1)}x (selective kinds: ${round(worstSelectiveRatio, 1)}x). Peak RSS of this process: ${round(peakRss / 1024 / 1024)} MB. 0 DynamoDB round trips on the warm path.`,
      '',
      'Cold load: a fresh process reads the snapshot file and makes its index (the download from S3 comes on top). Memory after a full GC, whole process:',
      cold.text,
    ].join('\n');
    return { text, data, ok: true, withinBudget: worstP50 < 50 && worstRatio >= 2 && worstSelectiveRatio >= 10 && cold.withinBudget };
  },
};

/** Each size's snapshot built once in a child, then loaded cold in fresh children: previous format against current. */
function coldLoads(context: BenchContext, sizes: number[]): { text: string; data: unknown; withinBudget: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'vpo-cold-'));
  const child = (args: string[], heapMb: number) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        [`--max-old-space-size=${heapMb}`, '--expose-gc', '--import', 'tsx', join(context.rootDir, 'scripts', 'bench', '_cold-load.ts'), ...args],
        {
          cwd: context.rootDir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
          maxBuffer: 16 * 1024 * 1024,
        },
      )
        .trim()
        .split('\n')
        .pop()!,
    ) as Record<string, any>;
  const rows: Array<Array<string | number>> = [];
  const data: Record<string, unknown> = {};
  let withinBudget = true;
  try {
    for (const size of sizes) {
      context.log(`catalogue: building the ${size}-car snapshot`);
      const built = child(['build', String(size), dir], 8192);
      const current = child(['load', join(dir, `${size}.vpocat.gz`), 'binary', 'q'], 1024);
      const previous = built.jsonBytes ? child(['load', join(dir, `${size}.json.gz`), 'json'], 4096) : undefined;
      const slowestQuery = Math.max(...Object.values(current.queries as Record<string, number>));
      const budget =
        size <= 100_000
          ? current.loadMs < 300 && current.after.rssMb - current.before.rssMb < 40
          : current.loadMs < 3000 && current.after.rssMb < 1024 && slowestQuery < 20;
      withinBudget &&= budget;
      if (previous)
        rows.push([
          size,
          'previous (JSON rows)',
          round(built.jsonBytes / 1e6, 1),
          previous.loadMs,
          round(previous.after.rssMb - previous.before.rssMb),
          previous.after.heapUsedMb,
          previous.after.arrayBuffersMb,
          '',
        ]);
      rows.push([
        size,
        'current (binary columns)',
        round(built.binaryBytes / 1e6, 1),
        current.loadMs,
        round(current.after.rssMb - current.before.rssMb),
        current.after.heapUsedMb,
        current.after.arrayBuffersMb,
        round(slowestQuery, 2),
      ]);
      data[String(size)] = { snapshotMb: round(built.binaryBytes / 1e6, 1), previous, current, slowestQueryP50Ms: slowestQuery };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const text = renderTable(['cars', 'format', 'file MB', 'load ms', '+RSS MB', 'heap MB', 'array buffers MB', 'slowest kind p50 ms'], rows, ['right', 'left']);
  return { text: `${text}\nBudget: 100k cars load < 300 ms and < 40 MB; 1M cars load < 3 s, RSS < 1,024 MB, every kind p50 < 20 ms.`, data, withinBudget };
}
