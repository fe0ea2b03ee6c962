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
import { intOption, option, percentile, renderTable, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const MIX: Array<[string, Partial<CarListQuery>]> = [
  ['default (newest first)', {}],
  ['make + model, by price', { makeModel: 'Hyundai:Grandeur,Kia:K8', sortBy: 'price', sortOrder: 'asc' }],
  ['ranges: year, price, km + fuel', { yearFrom: 2018, yearTo: 2023, priceFrom: 1500, priceTo: 4000, kmTo: 80_000, fuelType: 'Gasoline,Hybrid' }],
  ['search two words', { search: 'sorento signature' }],
  ['options + damage exclusion', { options: 'Sunroof,Navigation', damage: 'accident,flood', sortBy: 'kilometers', sortOrder: 'asc' }],
  ['deep page 40 by year', { page: 40, limit: 50, sortBy: 'year' }],
  ['trim + currency + projection', { makeEn: 'Hyundai', gradeEn: 'Exclusive,Calligraphy', currency: 'AED', fields: 'id,title,price,year,kilometers' }],
  ['selective: hydrogen in Seoul', { fuelType: 'Hydrogen', city: 'Seoul' }],
];

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
  description: 'GET /api/v1/cars warm path per query kind at 100k and 300k cars: the previous scanning engine against the current one, side by side; index build time and memory',
  flags: { '--sizes <a,b>': 'catalogue sizes (default 100000,300000)', '--iterations <n>': 'timed runs per query kind (default 100)' },

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
        results[label] = { previousP50Ms: round(before.p50, 3), p50Ms: round(current.p50, 3), p95Ms: round(current.p95, 3), speedup: round(ratio, 1), handlerP50Ms: round(handler.p50, 3), matches: current.total };
        rows.push([size, label, round(before.p50, 3), round(current.p50, 3), `${round(ratio, 1)}x`, round(current.p95, 3), round(handler.p50, 3), current.total]);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
      rows.push([size, `(index build ${round(buildMs)} ms)`, '', '', '', '', '', '']);
      data[String(size)] = results;
    }
    data.peakRssMb = round(peakRss / 1024 / 1024);
    data.worstSpeedup = round(worstRatio, 1);
    data.worstSelectiveSpeedup = round(worstSelectiveRatio, 1);
    const text = [
      renderTable(['cars', 'query kind', 'previous p50 ms', 'p50 ms', 'speedup', 'p95 ms', 'handler p50 ms', 'matches'], rows, ['right', 'left']),
      `slowest speedup ${round(worstRatio, 1)}x (selective kinds: ${round(worstSelectiveRatio, 1)}x). Peak RSS of this process: ${round(peakRss / 1024 / 1024)} MB. 0 DynamoDB round trips on the warm path.`,
    ].join('\n');
    return { text, data, ok: true, withinBudget: worstP50 < 50 && worstRatio >= 2 && worstSelectiveRatio >= 10 };
  },
};
