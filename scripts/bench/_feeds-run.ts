/**
 * The feeds bench's child process (run by scripts/bench/feeds.ts, never alone), so each import's
 * memory peak is its own. The environment names the table, the bucket and the local endpoints.
 *
 *   previous <file.ndjson>        the one-shot import as it was (scripts/bench/_previous-catalogue-import.ts):
 *                                 reads the whole file, parses every line, imports them
 *   feed <key> <file>             puts the file in the bucket under <key>, then imports it with
 *                                 receiveFeedObject, as the bucket's event does in AWS
 *   reader <adNo> <price> <gone>  a list reader (CATALOGUE_REFRESH_SECONDS in its environment): loads
 *                                 the catalogue, prints {"ready":true}, then asks currentCatalogue()
 *                                 every 50 ms until it answers with a snapshot where listing <adNo>
 *                                 costs <price> and listing <gone> is off the list
 *
 * An import is measured from its start to its end: wall time; peak RSS from the kernel (VmHWM,
 * reset just before the start, so the set-up and the upload are not in it); arrayBuffers sampled
 * every 20 ms; read and write units as DynamoDB Local reports them (ReturnConsumedCapacity on every
 * call of the store's client), and the items written, told apart by kind. Prints its result as one
 * line on stdout, `BENCH {...}` (the reader two: ready, then what it saw).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describeObject, putObject } from '../../lib/archive/feed-objects.js';
import { rowAt } from '../../lib/catalogue/catalogue-index.js';
import { currentCatalogue } from '../../lib/catalogue/live.js';
import { bucketName, tableName } from '../../lib/config.js';
import { getCataloguePointer } from '../../lib/store/cars.js';
import { ddb } from '../../lib/store/client.js';
import { receiveFeedObject } from '../../lib/use-cases/catalogue-feeds/import-feed.js';
import { ensureTableAndBucket } from '../local/bootstrap.js';
import { previousImportCars, previousParseCatalogueLines } from './_previous-catalogue-import.js';

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);
const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);

const tally = { writeUnits: 0, readUnits: 0, carItemsWritten: 0, otherItemsWritten: 0, writeCalls: 0, readCalls: 0 };
let counting = false;

type Key = Record<string, unknown> | undefined;
const pkOf = (key: Key): string => {
  const pk = key?.pk;
  return typeof pk === 'string'
    ? pk
    : typeof pk === 'object' && pk !== null
      ? String((pk as { S?: string }).S ?? '')
      : '';
};
/** The keys a write call writes (the car and its reference are the catalogue's items; the rest is the import's bookkeeping). */
function writtenKeys(command: string, input: Record<string, any>): Key[] {
  if (command === 'BatchWriteItemCommand')
    return Object.values(input.RequestItems ?? {}).flatMap((requests) =>
      (requests as Array<{ PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }>).map(
        (r) => r.PutRequest?.Item ?? r.DeleteRequest?.Key,
      ),
    );
  if (command === 'TransactWriteItemsCommand')
    return (input.TransactItems ?? []).flatMap((t: Record<string, any>) =>
      t.Put ? [t.Put.Item] : t.Update ? [t.Update.Key] : t.Delete ? [t.Delete.Key] : [],
    );
  return [input.Item ?? input.Key];
}

ddb.middlewareStack.add(
  (next, context) => async (args) => {
    const command = String(context.commandName);
    const kind = WRITES.has(command) ? 'write' : READS.has(command) ? 'read' : undefined;
    if (!counting || !kind) return next(args);
    const input = args.input as Record<string, any>;
    input.ReturnConsumedCapacity = 'TOTAL';
    if (kind === 'write') {
      tally.writeCalls += 1;
      for (const key of writtenKeys(command, input)) {
        const pk = pkOf(key);
        if (pk.startsWith('CAR#') || pk.startsWith('CARREF#')) tally.carItemsWritten += 1;
        else tally.otherItemsWritten += 1;
      }
    } else tally.readCalls += 1;
    const result = await next(args);
    const consumed = (
      result.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> }
    ).ConsumedCapacity;
    const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
      (sum, part) => sum + (part.CapacityUnits ?? 0),
      0,
    );
    if (kind === 'write') tally.writeUnits += units;
    else tally.readUnits += units;
    return result;
  },
  { step: 'initialize', name: 'benchFeedUnits' },
);

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The kernel's peak resident set of this process (VmHWM), in bytes. */
function peakRss(): number {
  const line = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
}

async function measured<T>(work: () => Promise<T>): Promise<Record<string, unknown> & { result: T }> {
  globalThis.gc?.();
  const start = process.memoryUsage();
  // Resets VmHWM to the current RSS (Linux): the peak from here on is the import's.
  writeFileSync('/proc/self/clear_refs', '5');
  let sampledRss = start.rss;
  let arrayBuffers = start.arrayBuffers;
  const sample = () => {
    const m = process.memoryUsage();
    sampledRss = Math.max(sampledRss, m.rss);
    arrayBuffers = Math.max(arrayBuffers, m.arrayBuffers);
  };
  const timer = setInterval(sample, 20);
  counting = true;
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  counting = false;
  clearInterval(timer);
  sample();
  return {
    ms: Math.round(ms),
    startRssMb: mb(start.rss),
    peakRssMb: mb(Math.max(peakRss(), sampledRss)),
    sampledPeakRssMb: mb(sampledRss),
    peakArrayBuffersMb: mb(arrayBuffers),
    ...tally,
    writeUnits: Math.round(tally.writeUnits * 10) / 10,
    readUnits: Math.round(tally.readUnits * 10) / 10,
    result,
  };
}

const [command, ...args] = process.argv.slice(2);
/** Marked, so a log line on stdout is never taken for the result. */
const print = (value: unknown) => process.stdout.write(`BENCH ${JSON.stringify(value)}\n`);

if (command === 'previous') {
  const file = args[0]!;
  await ensureTableAndBucket(tableName(), bucketName());
  print(
    await measured(async () => {
      const { cars, errors } = previousParseCatalogueLines(readFileSync(file, 'utf8'));
      return { lines: cars.length, errors, ...(await previousImportCars(cars)) };
    }),
  );
} else if (command === 'feed') {
  const [key, file] = [args[0]!, args[1]!];
  await ensureTableAndBucket(tableName(), bucketName());
  const putAt = Date.now();
  await putObject(
    bucketName(),
    key,
    readFileSync(file),
    key.endsWith('.gz') ? 'application/gzip' : 'application/x-ndjson',
  );
  const object = await describeObject(bucketName(), key);
  if (!object) throw new Error(`${key} is not in the bucket after the upload`);
  const uploadMs = Date.now() - putAt;
  const outcome = await measured(async () => {
    const done = await receiveFeedObject(object);
    if (!done) throw new Error(`${key} was not taken as a feed`);
    return {
      status: done.status,
      counts: done.counts,
      steps: done.steps,
      events: done.events ?? 0,
      reason: done.reason,
      version: done.snapshotVersion,
    };
  });
  print({ ...outcome, putAt, uploadMs, bytes: object.size });
} else if (command === 'reader') {
  const [advertisementNumber, price, gone] = [args[0]!, Number(args[1]), args[2]!];
  const first = await currentCatalogue();
  if (!first) throw new Error('the catalogue has no snapshot yet');
  let target: number | undefined;
  let goneId: number | undefined;
  for (let i = 0; i < first.size; i += 1) {
    const row = rowAt(first, i);
    if (row.advertisementNumber === advertisementNumber) target = row.id;
    if (row.advertisementNumber === gone) goneId = row.id;
  }
  if (target === undefined || goneId === undefined)
    throw new Error(`listings ${advertisementNumber} and ${gone} are not both in the catalogue`);
  const startVersion = (await getCataloguePointer())?.version;
  print({ ready: true, size: first.size, startVersion });
  const positionOf = (index: typeof first, id: number) => index.id.indexOf(id);
  let last = first;
  let pointerMovedAt: number | undefined;
  let lastPointerCheck = 0;
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = Date.now();
    if (now > deadline) throw new Error('the reader never saw the change');
    if (pointerMovedAt === undefined && now - lastPointerCheck >= 250) {
      lastPointerCheck = now;
      if ((await getCataloguePointer())?.version !== startVersion) pointerMovedAt = Date.now();
    }
    const index = await currentCatalogue();
    if (!index || index === last) continue;
    last = index;
    const at = positionOf(index, target);
    if (at >= 0 && rowAt(index, at).price === price && positionOf(index, goneId) < 0) {
      print({ seenAt: Date.now(), pointerMovedAt: pointerMovedAt ?? Date.now(), size: index.size });
      break;
    }
  }
} else {
  throw new Error('usage: _feeds-run.ts previous <file> | feed <key> <file> | reader <adNo> <price> <gone adNo>');
}
process.exit(0);
