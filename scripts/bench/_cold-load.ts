/**
 * The catalogue bench's child process (run by scripts/bench/catalogue.ts, never alone), so that
 * each measurement has a process of its own and its true memory (RSS, array buffers included):
 *
 *   build <count> <dir>               generates <count> cars (seed 42) and builds the snapshot
 *                                     from them as the import does (<dir>/<count>.vpocat.gz);
 *                                     reports the build time and the peak RSS of the process
 *   json <count> <dir>                writes the same cars in the previous JSON format
 *                                     (<dir>/<count>.json.gz), for the load comparison
 *   load <file> binary|json [q <n>]   a cold start in this fresh process: reads the file, then
 *                                     times making the index from it (the previous format:
 *                                     gunzip, parse, one object per car, then indexing), and
 *                                     reports true memory; with `q`, also the p50 over <n> runs
 *                                     and the matches of each bench query kind
 *
 * Prints one JSON line on stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildIndexFrom } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { queryIndex } from '../../lib/catalogue/query.js';
import { decodeSnapshot } from '../../lib/catalogue/snapshot.js';
import { encodeSnapshot } from '../../lib/catalogue/snapshot-writer.js';
import { generateCars } from '../demo-catalogue/generate.js';
import { previousIndex } from './_previous-catalogue-query.js';
import { MIX, withImportRules } from './_catalogue-mix.js';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return {
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    arrayBuffersMb: mb(m.arrayBuffers),
    externalMb: mb(m.external),
  };
}

/** The highest RSS this process has had so far (the kernel's count: heap, array buffers and all). */
const peakRssMb = () => mb(process.resourceUsage().maxRSS * 1024);

const cars = (count: number) => generateCars({ count, seed: 42, imageBaseUrl: 'https://img.example.com/cars' });

const [command, ...args] = process.argv.slice(2);

if (command === 'build') {
  const [count, dir] = [Number(args[0]), args[1]!];
  const before = memory();
  // The cars come one at a time, as from a feed; the time spent making them is not the build's.
  let generateMs = 0;
  function* rows(): Generator<CarRow> {
    const source = cars(count)[Symbol.iterator]();
    for (;;) {
      const t = performance.now();
      const next = source.next();
      generateMs += performance.now() - t;
      if (next.done) return;
      yield toRow(next.value);
    }
  }
  const started = performance.now();
  const binary = encodeSnapshot(`bench-${count}`, buildIndexFrom(rows()));
  const totalMs = performance.now() - started;
  writeFileSync(join(dir, `${count}.vpocat.gz`), binary);
  console.log(
    JSON.stringify({
      binaryBytes: binary.length,
      buildMs: Math.round(totalMs - generateMs),
      generateMs: Math.round(generateMs),
      baseRssMb: before.rssMb,
      peakRssMb: peakRssMb(),
    }),
  );
} else if (command === 'json') {
  const [count, dir] = [Number(args[0]), args[1]!];
  const rows: CarRow[] = [];
  for (const car of cars(count)) rows.push(toRow(car));
  const fields = Object.keys(rows[0]!);
  const json = gzipSync(
    JSON.stringify({
      version: `bench-${count}`,
      fields,
      rows: rows.map((row) => fields.map((f) => (row as unknown as Record<string, unknown>)[f] ?? null)),
    }),
  );
  writeFileSync(join(dir, `${count}.json.gz`), json);
  console.log(JSON.stringify({ jsonBytes: json.length }));
} else if (command === 'load') {
  const [file, format, withQueries, runs] = [args[0]!, args[1]!, args[2] === 'q', Number(args[3] ?? 25)];
  const before = memory();
  // As after a download: the bytes are dropped once the index is made from them.
  let body: Buffer | undefined = readFileSync(file);
  const fileBytes = body.length;
  const started = performance.now();
  let query: ((q: Parameters<typeof queryIndex>[1], page: Parameters<typeof queryIndex>[3]) => number) | undefined;
  if (format === 'binary') {
    const { index } = decodeSnapshot(body);
    body = undefined;
    query = (filter, page) =>
      queryIndex(
        index,
        filter,
        { publishedOnly: true, providers: new Set(['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer']) },
        page,
      ).total;
  } else {
    // The previous cold start: gunzip, JSON.parse, one object per car, then the scanning engine's index.
    const parsed = JSON.parse(gunzipSync(body).toString('utf8')) as { fields: string[]; rows: unknown[][] };
    body = undefined;
    const rows = parsed.rows.map((values) => {
      const record: Record<string, unknown> = {};
      parsed.fields.forEach((field, i) => {
        record[field] = values[i] === null ? undefined : values[i];
      });
      return toRow(record as unknown as CarRow);
    });
    (globalThis as { keep?: unknown }).keep = previousIndex(rows);
  }
  const loadMs = Math.round(performance.now() - started);
  const after = memory();
  const queries: Record<string, number> = {};
  const matches: Record<string, number> = {};
  if (withQueries && query) {
    for (const [label, raw] of MIX) {
      const parsed = parseCarQuery({
        page: 1,
        limit: 20,
        sortBy: 'createdAt',
        sortOrder: 'desc',
        ...raw,
      } as CarListQuery);
      if (!parsed.ok) throw new Error(label);
      parsed.value = withImportRules(parsed.value);
      for (let i = 0; i < Math.min(20, runs); i += 1) matches[label] = query(parsed.value.filter, parsed.value.page);
      const samples: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t = performance.now();
        query(parsed.value.filter, parsed.value.page);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      queries[label] = Math.round(samples[Math.ceil(samples.length / 2) - 1]! * 1000) / 1000;
    }
  }
  const afterQueries = memory();
  console.log(
    JSON.stringify({ loadMs, before, after, afterQueries, peakRssMb: peakRssMb(), fileBytes, queries, matches }),
  );
} else {
  throw new Error('usage: _cold-load.ts build <count> <dir> | json <count> <dir> | load <file> binary|json [q <runs>]');
}
