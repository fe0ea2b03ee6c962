/**
 * Catalogue feeds against today's one-shot import, side by side in one run, on DynamoDB Local and
 * the S3 emulator of the local stack (ports of its own):
 *
 *   1. the one-shot import as it was before feeds (scripts/bench/_previous-catalogue-import.ts)
 *      of N generated cars (300,000 by default) into an empty catalogue;
 *   2. a full feed of the same N cars, gzipped in the bucket, through receiveFeedObject, into an
 *      empty catalogue of its own;
 *   3. the same full feed again (a new file, nothing changed);
 *   4. a delta of D lines (20,000 by default: half repriced cars, a quarter new cars, a quarter
 *      removed), and the one-shot import of the same upserted cars (it cannot remove) on its
 *      catalogue; then a delta a third its size, to see whether an import's memory follows its file;
 *   5. how long from the delta's upload until a reader process (currentCatalogue() with
 *      CATALOGUE_REFRESH_SECONDS=1) serves the new snapshot, the repriced and removed cars in it.
 *
 * All cars are one provider's (glovis): a full list is one provider's cars. Every import runs in
 * a child process (scripts/bench/_feeds-run.ts), so its memory peak is its own: peak RSS is the
 * kernel's high-water mark (VmHWM), reset when the import starts; arrayBuffers is sampled every
 * 20 ms. Write and read units are what DynamoDB Local reports with ReturnConsumedCapacity: TOTAL
 * set on every call of the store's client (1 WU per KB an item written weighs, rounded up per
 * item); the items written are counted from the calls, car and reference items apart from the
 * import's own bookkeeping (the file's record, the provider's lock and status, counters).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import type { CarRecord } from '../../lib/domain/car.js';
import { advertisementNumber, generateCars } from '../demo-catalogue/generate.js';
import {
  hasFlag,
  intOption,
  renderTable,
  round,
  type BenchContext,
  type BenchSuite,
  type SuiteReport,
} from './_suite.js';

const PORTS = { dynamo: 8760, s3: 4760, lambda: 3762 };
const PROVIDER = 'glovis';
const IMAGE_BASE = 'https://img.example.com/cars';
const BUDGETS = {
  /** The full feed reads every car's reference and keeps its place after each step: at most twice the one-shot's time. */
  fullFeedTimeRatio: 2,
  /** An unchanged full list writes (almost) no car: car and reference items written, as a share of the cars. */
  unchangedCarWriteShare: 0.01,
  /** A day's delta is imported within a minute. */
  deltaMs: 60_000,
  /** A step's memory does not follow the file: the delta's peak RSS within 25% of that of a delta a third its size. */
  deltaRssGrowth: 1.25,
  /** The list shows a delta within 75 s of its upload (the import, the reader's refresh and its load of the snapshot). */
  visibleMs: 75_000,
};

type Measured = Record<string, any> & {
  ms: number;
  peakRssMb: number;
  peakArrayBuffersMb: number;
  writeUnits: number;
  readUnits: number;
  carItemsWritten: number;
  otherItemsWritten: number;
};

interface Child {
  process: ChildProcess;
  /** The child's next result line; throws when it exits first. */
  next(): Promise<Measured>;
  /** Settles with the exit code once the child is gone. */
  closed: Promise<number | null>;
}

function startChild(context: BenchContext, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=8192',
      '--expose-gc',
      '--import',
      'tsx',
      join(context.rootDir, 'scripts', 'bench', '_feeds-run.ts'),
      ...args,
    ],
    { cwd: context.rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    process: child,
    closed,
    async next() {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`_feeds-run.ts ${args[0]} exited (${await closed}) without a result: ${stderr}`);
        if (value.startsWith('BENCH ')) return JSON.parse(value.slice('BENCH '.length)) as Measured;
      }
    },
  };
}

async function runChild(context: BenchContext, args: string[], env: NodeJS.ProcessEnv): Promise<Measured> {
  const child = startChild(context, args, env);
  const result = await child.next();
  await child.closed;
  return result;
}

/** A generated car as its provider's feed lists it: no id (the import gives it), one provider. */
const listing = (car: CarRecord) => {
  const { id, ...rest } = car;
  return { ...rest, provider: PROVIDER, advertisementNumber: advertisementNumber(PROVIDER, id) };
};

interface Delta {
  file: string;
  upsertsFile: string;
  lines: number;
  repriced: number;
  created: number;
  removed: number;
  /** One repriced listing, its new price, and one removed listing: what the reader waits for. */
  probe: { advertisementNumber: string; price: number; gone: string };
}

interface Files {
  plain: string;
  gzip: string;
  gzipBytes: number;
  plainBytes: number;
  deltas: Delta[];
}

/** The full list (plain for the one-shot import, gzipped for the feed) and the deltas, written to `dir`. */
async function writeFiles(dir: string, cars: number, deltaSizes: number[]): Promise<Files> {
  const used = new Set<number>();
  /** `count` distinct car ids spread over the catalogue, none picked before. */
  const pick = (count: number, offset: number): number[] =>
    Array.from({ length: count }, (_, j) => {
      let id = 1 + ((Math.floor((j * cars) / count) + offset) % cars);
      while (used.has(id)) id = (id % cars) + 1;
      used.add(id);
      return id;
    });
  let nextNewId = cars + 1;
  const plans = deltaSizes.map((size, n) => {
    const repriced = Math.floor(size / 2);
    const created = Math.floor(size / 4);
    const removed = size - repriced - created;
    const plan = { size, reprice: pick(repriced, n), created, firstNew: nextNewId, remove: pick(removed, n + 7) };
    nextNewId += created;
    return plan;
  });
  const wanted = new Map<number, ReturnType<typeof listing>>();
  const repriceIds = new Set(plans.flatMap((p) => p.reprice));

  const plain = join(dir, 'full.ndjson');
  const out = createWriteStream(plain);
  let batch: string[] = [];
  for (const car of generateCars({ count: cars, seed: 42, imageBaseUrl: IMAGE_BASE })) {
    const line = listing(car);
    if (repriceIds.has(car.id)) wanted.set(car.id, line);
    batch.push(JSON.stringify(line));
    if (batch.length === 1000) {
      if (!out.write(`${batch.join('\n')}\n`)) await once(out, 'drain');
      batch = [];
    }
  }
  if (batch.length > 0) out.write(`${batch.join('\n')}\n`);
  out.end();
  await once(out, 'finish');
  const gzip = join(dir, 'full.ndjson.gz');
  await pipeline(createReadStream(plain), createGzip(), createWriteStream(gzip));

  const deltas = plans.map((plan, n): Delta => {
    const newPrice = (price: number) => (price > 1000 ? Math.round(price * 0.97) : price + 1);
    const reprices = plan.reprice.map((id) => {
      const car = wanted.get(id)!;
      return { ...car, price: newPrice(car.price) };
    });
    const fresh = [
      ...generateCars({ count: plan.created, startId: plan.firstNew, seed: 42, imageBaseUrl: IMAGE_BASE }),
    ].map(listing);
    const removes = plan.remove.map((id, j) => ({
      op: 'remove',
      advertisementNumber: advertisementNumber(PROVIDER, id),
      availability: j % 2 === 0 ? 'sold' : 'withdrawn',
    }));
    // Interleaved, as a day's changes come.
    const lines: string[] = [];
    for (let i = 0; i < Math.max(reprices.length, fresh.length, removes.length); i += 1) {
      if (reprices[i]) lines.push(JSON.stringify({ op: 'upsert', ...reprices[i] }));
      if (fresh[i]) lines.push(JSON.stringify({ op: 'upsert', ...fresh[i] }));
      if (removes[i]) lines.push(JSON.stringify(removes[i]));
    }
    const file = join(dir, `delta-${n + 1}.ndjson.gz`);
    writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
    const upsertsFile = join(dir, `delta-${n + 1}-upserts.ndjson`);
    writeFileSync(upsertsFile, `${[...reprices, ...fresh].map((line) => JSON.stringify(line)).join('\n')}\n`);
    return {
      file,
      upsertsFile,
      lines: lines.length,
      repriced: reprices.length,
      created: fresh.length,
      removed: removes.length,
      probe: {
        advertisementNumber: reprices[0]!.advertisementNumber,
        price: reprices[0]!.price,
        gone: removes[0]!.advertisementNumber,
      },
    };
  });
  return { plain, gzip, plainBytes: statSync(plain).size, gzipBytes: statSync(gzip).size, deltas };
}

export const suite: BenchSuite = {
  name: 'feeds',
  description:
    "Catalogue feeds against today's one-shot import at 300k cars: full list, unchanged full list, delta (time, peak RSS, write units), and the time until the list shows a delta",
  flags: {
    '--cars <n>': 'cars in the catalogue and the full list (default 300000)',
    '--delta <n>': 'lines of the delta: half repriced, a quarter new, a quarter removed (default 20000)',
    '--no-small-delta': 'skip the delta a third the size (the memory check)',
  },

  async run(context: BenchContext): Promise<SuiteReport> {
    const cars = intOption(context.argv, 'cars', 300_000);
    const deltaSize = intOption(context.argv, 'delta', 20_000, 4);
    const deltaSizes = hasFlag(context.argv, 'no-small-delta')
      ? [deltaSize]
      : [deltaSize, Math.max(4, Math.round(deltaSize / 3))];
    // Repriced and removed cars are distinct existing cars: a quarter of each delta's lines are new.
    if (deltaSizes.reduce((sum, size) => sum + size - Math.floor(size / 4), 0) > cars)
      throw new Error('--delta is too big for --cars');

    const dir = mkdtempSync(join(tmpdir(), 'vpo-feeds-'));
    const { localEnvironment } = await import('../local/bootstrap.js');
    const { startDynamoDbLocal } = await import('../local/dynamodb-local.js');
    const { startS3Local } = await import('../local/s3-local.js');
    const env = (name: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
      ...process.env,
      ...localEnvironment({
        dynamoEndpoint: `http://127.0.0.1:${PORTS.dynamo}`,
        s3Endpoint: `http://127.0.0.1:${PORTS.s3}`,
        lambdaEndpoint: `http://127.0.0.1:${PORTS.lambda}`,
        tableName: `bench-feeds-${name}`,
        bucketName: `bench-feeds-${name}`,
      }),
      LOG_LEVEL: 'error',
      ...extra,
    });
    const previousEnv = env('previous');
    const currentEnv = env('current');
    const key = (kind: 'full' | 'delta', name: string) => `feeds/${PROVIDER}/${kind}/${name}.ndjson.gz`;

    let dynamo: Awaited<ReturnType<typeof startDynamoDbLocal>> | undefined;
    let s3: Awaited<ReturnType<typeof startS3Local>> | undefined;
    let reader: Child | undefined;
    try {
      context.log(`feeds: generating ${cars} cars and deltas of ${deltaSizes.join(', ')} lines`);
      const files = await writeFiles(dir, cars, deltaSizes);
      const delta = files.deltas[0]!;
      context.log(`feeds: DynamoDB Local on ${PORTS.dynamo}, the S3 emulator on ${PORTS.s3}`);
      dynamo = await startDynamoDbLocal({ port: PORTS.dynamo });
      s3 = await startS3Local({ port: PORTS.s3 });

      const log = (label: string, r: Measured) =>
        context.log(
          `feeds: ${label}: ${round(r.ms / 1000, 1)} s, peak RSS ${r.peakRssMb} MB, ${r.writeUnits} WU, ${r.carItemsWritten} car items written`,
        );
      context.log(`feeds: 1. one-shot import (previous) of ${cars} cars`);
      const previousFull = await runChild(context, ['previous', files.plain], previousEnv);
      log('one-shot', previousFull);
      context.log(`feeds: 2. full feed of ${cars} cars`);
      const fullFeed = await runChild(context, ['feed', key('full', 'cars-1'), files.gzip], currentEnv);
      log('full feed', fullFeed);
      context.log('feeds: 3. the same full feed again');
      const sameFeed = await runChild(context, ['feed', key('full', 'cars-2'), files.gzip], currentEnv);
      log('unchanged full feed', sameFeed);

      context.log('feeds: 4/5. a reader process loads the catalogue, then the delta is put in the bucket and imported');
      reader = startChild(
        context,
        ['reader', delta.probe.advertisementNumber, String(delta.probe.price), delta.probe.gone],
        {
          ...currentEnv,
          CATALOGUE_REFRESH_SECONDS: '1',
        },
      );
      await reader.next();
      const deltaFeed = await runChild(context, ['feed', key('delta', 'delta-1'), delta.file], currentEnv);
      log('delta', deltaFeed);
      const seen = await reader.next();
      await reader.closed;
      reader = undefined;
      const visibleMs = seen.seenAt - deltaFeed.putAt;
      context.log(`feeds: the reader served the delta ${round(visibleMs / 1000, 1)} s after its upload`);
      context.log(
        `feeds: 4b. one-shot import (previous) of the delta's ${delta.repriced + delta.created} upserted cars`,
      );
      const previousDelta = await runChild(context, ['previous', delta.upsertsFile], previousEnv);
      log('one-shot delta', previousDelta);
      const smallDelta = files.deltas[1];
      let smallFeed: Measured | undefined;
      if (smallDelta) {
        context.log(`feeds: 4c. a delta of ${smallDelta.lines} lines`);
        smallFeed = await runChild(context, ['feed', key('delta', 'delta-2'), smallDelta.file], currentEnv);
        log('small delta', smallFeed);
      }

      const feeds = [fullFeed, sameFeed, deltaFeed, ...(smallFeed ? [smallFeed] : [])];
      const applied = feeds.every((f) => f.result.status === 'applied');
      const row = (label: string, lines: number, r: Measured) => [
        label,
        lines,
        round(r.ms / 1000, 1),
        r.peakRssMb,
        r.peakArrayBuffersMb,
        r.writeUnits,
        r.carItemsWritten,
        r.otherItemsWritten,
        r.readUnits,
      ];
      const table = renderTable(
        [
          'import',
          'lines',
          'time s',
          'peak RSS MB',
          'arrayBuffers MB',
          'write units',
          'car items written',
          'other items written',
          'read units',
        ],
        [
          row('1. one-shot (previous), empty catalogue', cars, previousFull),
          row('2. full feed, empty catalogue', cars, fullFeed),
          row('3. same full feed again', cars, sameFeed),
          row(
            `4. delta (${delta.repriced} repriced, ${delta.created} new, ${delta.removed} removed)`,
            delta.lines,
            deltaFeed,
          ),
          row('4. one-shot (previous) of its upserts', delta.repriced + delta.created, previousDelta),
          ...(smallFeed && smallDelta
            ? [
                row(
                  `4. delta a third the size (${smallDelta.repriced}/${smallDelta.created}/${smallDelta.removed})`,
                  smallDelta.lines,
                  smallFeed,
                ),
              ]
            : []),
        ],
        ['left'],
      );
      const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${round(a / b, 2)}x`);
      const checks = [
        {
          what: `full feed time <= ${BUDGETS.fullFeedTimeRatio}x the one-shot's`,
          measured: ratio(fullFeed.ms, previousFull.ms),
          ok: fullFeed.ms <= BUDGETS.fullFeedTimeRatio * previousFull.ms,
        },
        {
          what: `unchanged full feed writes < ${BUDGETS.unchangedCarWriteShare * 100}% of the cars (car + reference items)`,
          measured: `${sameFeed.carItemsWritten} items (${round((sameFeed.carItemsWritten / cars) * 100, 2)}%)`,
          ok: sameFeed.carItemsWritten < BUDGETS.unchangedCarWriteShare * cars,
        },
        {
          what: `delta import < ${BUDGETS.deltaMs / 1000} s`,
          measured: `${round(deltaFeed.ms / 1000, 1)} s`,
          ok: deltaFeed.ms < BUDGETS.deltaMs,
        },
        ...(smallFeed
          ? [
              {
                what: `delta's peak RSS <= ${BUDGETS.deltaRssGrowth}x that of a delta a third its size`,
                measured: ratio(deltaFeed.peakRssMb, smallFeed.peakRssMb),
                ok: deltaFeed.peakRssMb <= BUDGETS.deltaRssGrowth * smallFeed.peakRssMb,
              },
            ]
          : []),
        {
          what: `list shows the delta < ${BUDGETS.visibleMs / 1000} s after its upload`,
          measured: `${round(visibleMs / 1000, 1)} s`,
          ok: visibleMs < BUDGETS.visibleMs,
        },
        { what: 'every feed applied', measured: feeds.map((f) => f.result.status).join(', '), ok: applied },
      ];
      const text = [
        `${cars} cars of one provider (full list ${round(files.plainBytes / 1e6)} MB, ${round(files.gzipBytes / 1e6)} MB gzipped), FEED_CHUNK_LINES ${process.env.FEED_CHUNK_LINES ?? 1000}; DynamoDB Local and the S3 emulator; each import in a child process.`,
        'Peak RSS: the kernel high-water mark (VmHWM) of the importing process, reset at its start; arrayBuffers sampled every 20 ms. Write and read units as DynamoDB Local reports them (ReturnConsumedCapacity TOTAL on every call).',
        table,
        '',
        `Against the one-shot: full feed ${ratio(fullFeed.ms, previousFull.ms)} the time, ${ratio(fullFeed.peakRssMb, previousFull.peakRssMb)} the peak RSS, ${ratio(fullFeed.writeUnits, previousFull.writeUnits)} the write units; unchanged full feed ${ratio(sameFeed.ms, previousFull.ms)} the time, ${ratio(sameFeed.writeUnits, previousFull.writeUnits)} the write units; delta ${ratio(deltaFeed.ms, previousDelta.ms)} the time and ${ratio(deltaFeed.writeUnits, previousDelta.writeUnits)} the write units of the one-shot of its upserts (which removes nothing).`,
        `DynamoDB Local wrote ${round((previousFull.carItemsWritten + previousFull.otherItemsWritten) / (previousFull.ms / 1000), 0)} items/s in the one-shot on this machine: writes to it dominate every time here. It reports no read units for keys it does not find (DynamoDB charges them).`,
        `Time until the list shows the delta: ${round(visibleMs / 1000, 1)} s from its upload (the pointer moved after ${round((seen.pointerMovedAt - deltaFeed.putAt) / 1000, 1)} s; a reader refreshing every second then loads the snapshot). The import runs as the upload ends here; in AWS the bucket's event starts the function first.`,
        '',
        'Budgets:',
        renderTable(
          ['budget', 'measured', ''],
          checks.map((c) => [c.what, c.measured, c.ok ? 'ok' : 'OVER']),
          ['left', 'left', 'left'],
        ),
      ].join('\n');
      return {
        text,
        data: {
          cars,
          provider: PROVIDER,
          files: {
            plainBytes: files.plainBytes,
            gzipBytes: files.gzipBytes,
            deltas: files.deltas.map(({ file: _f, upsertsFile: _u, ...d }) => d),
          },
          budgets: BUDGETS,
          previousFull,
          fullFeed,
          sameFeed,
          deltaFeed,
          previousDelta,
          ...(smallFeed ? { smallFeed } : {}),
          visibleMs,
          pointerMovedMs: seen.pointerMovedAt - deltaFeed.putAt,
          checks,
        },
        ok: applied,
        withinBudget: checks.every((c) => c.ok),
      };
    } finally {
      reader?.process.kill('SIGKILL');
      await s3?.stop();
      await dynamo?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
