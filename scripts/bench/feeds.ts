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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Child, type Measured, runChild, startChild } from './_feeds-children.js';
import { PROVIDER, writeFiles } from './_feeds-files.js';
import { feedsReport } from './_feeds-report.js';
import { hasFlag, intOption, round, type BenchContext, type BenchSuite, type SuiteReport } from './_suite.js';

const PORTS = { dynamo: 8760, s3: 4760, lambda: 3762 };

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
      return feedsReport({
        cars,
        files,
        previousFull,
        fullFeed,
        sameFeed,
        deltaFeed,
        previousDelta,
        smallFeed,
        visibleMs,
        seen,
      });
    } finally {
      reader?.process.kill('SIGKILL');
      await s3?.stop();
      await dynamo?.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
