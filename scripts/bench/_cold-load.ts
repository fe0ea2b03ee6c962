/**
 * The catalogue bench's child process (run by scripts/bench/catalogue.ts, never alone):
 *
 *   build <count> <dir>           generates <count> cars and writes the snapshot in the current
 *                                 binary format (<dir>/<count>.vpocat.gz) and, up to 300,000
 *                                 cars, in the previous JSON format (<dir>/<count>.json.gz)
 *   load <file> binary|json [q]   a cold start in this fresh process: reads the file, then times
 *                                 making the index from it (the previous format: gunzip, parse,
 *                                 one object per car, then indexing), and reports true memory;
 *                                 with `q`, also the p50 of each bench query kind
 *
 * Prints one JSON line on stdout.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildIndex } from '../../lib/catalogue/catalogue-index.js';
import { toRow, type CarRow } from '../../lib/catalogue/car-row.js';
import { parseCarQuery, type CarListQuery } from '../../lib/catalogue/params.js';
import { queryIndex } from '../../lib/catalogue/query.js';
import { decodeSnapshot, encodeSnapshot } from '../../lib/catalogue/snapshot.js';
import { generateCars } from '../demo-catalogue/generate.js';
import { previousIndex } from './_previous-catalogue-query.js';
import { MIX } from './_catalogue-mix.js';

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function memory() {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return { rssMb: mb(m.rss), heapUsedMb: mb(m.heapUsed), arrayBuffersMb: mb(m.arrayBuffers), externalMb: mb(m.external) };
}

const [command, ...args] = process.argv.slice(2);

if (command === 'build') {
  const [count, dir] = [Number(args[0]), args[1]!];
  const rows: CarRow[] = [];
  for (const car of generateCars({ count, seed: 42, imageBaseUrl: 'https://img.example.com/cars' })) rows.push(toRow(car));
  const binary = encodeSnapshot(`bench-${count}`, buildIndex(rows));
  writeFileSync(join(dir, `${count}.vpocat.gz`), binary);
  let jsonBytes: number | undefined;
  if (count <= 300_000) {
    const fields = Object.keys(rows[0]!);
    const json = gzipSync(
      JSON.stringify({ version: `bench-${count}`, fields, rows: rows.map((row) => fields.map((f) => (row as unknown as Record<string, unknown>)[f] ?? null)) }),
    );
    writeFileSync(join(dir, `${count}.json.gz`), json);
    jsonBytes = json.length;
  }
  console.log(JSON.stringify({ binaryBytes: binary.length, jsonBytes }));
} else if (command === 'load') {
  const [file, format, withQueries] = [args[0]!, args[1]!, args[2] === 'q'];
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
      queryIndex(index, filter, { publishedOnly: true, providers: new Set(['glovis', 'kcar', 'lotte', 'sk', 'autohub', 'heydealer']) }, page).total;
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
  if (withQueries && query) {
    for (const [label, raw] of MIX) {
      const parsed = parseCarQuery({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc', ...raw } as CarListQuery);
      if (!parsed.ok) throw new Error(label);
      const samples: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        const t = performance.now();
        query(parsed.value.filter, parsed.value.page);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      queries[label] = Math.round(samples[Math.floor(samples.length / 2)]! * 1000) / 1000;
    }
  }
  console.log(JSON.stringify({ loadMs, before, after, fileBytes, queries }));
} else {
  throw new Error('usage: _cold-load.ts build <count> <dir> | load <file> binary|json [q]');
}
