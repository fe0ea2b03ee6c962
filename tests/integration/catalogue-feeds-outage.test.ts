import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '../../lib/archive/s3.js';
import { describeObject, putObject } from '../../lib/archive/feed-objects.js';
import { bucketName } from '../../lib/config.js';
import { findCarIds } from '../../lib/store/cars.js';
import { getFeedFile } from '../../lib/store/feed-files.js';
import { continueFeedImports, feedFileId, receiveFeedObject } from '../../lib/use-cases/catalogue-feeds/import-feed.js';
import { generateCatalogue } from '../../scripts/demo-catalogue/generate.js';
import { outageSwitch, useOwnTable } from '../support/outage.js';

/**
 * DynamoDB gone for a while in the middle of a feed's import, in this process only (a table and
 * a bucket of its own, which the stack's runner never sees): the import stops, and the next runs
 * carry on from its saved place once the table answers and the dead run's lease is over.
 */
useOwnTable('feeds-outage');
beforeAll(async () => {
  const bucket = `feeds-outage-${Date.now().toString(36)}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  process.env.BUCKET_NAME = bucket;
});

describe('a feed import while DynamoDB is unreachable', () => {
  it('stops, then finishes from its saved place with every car written once', async () => {
    process.env.FEED_CHUNK_LINES = '100';
    process.env.FEED_LEASE_SECONDS = '2';
    const token = `fo${Date.now().toString(36)}`;
    const cars = generateCatalogue({ count: 1500, seed: 21, imageBaseUrl: 'http://127.0.0.1/img' }).map((car, i) => ({
      ...car,
      provider: 'autohub' as const,
      advertisementNumber: `${token}-${i}`,
    }));
    const key = `feeds/autohub/delta/${token}.ndjson`;
    await putObject(
      bucketName(),
      key,
      `${cars.map((c) => JSON.stringify({ op: 'upsert', ...c })).join('\n')}\n`,
      'application/x-ndjson',
    );
    const object = (await describeObject(bucketName(), key))!;

    const outage = outageSwitch();
    const started = Date.now();
    const id = feedFileId(key, object.etag);
    const running = receiveFeedObject(object).then(
      () => undefined,
      (error: Error) => error,
    );
    // The table goes away for 3 seconds once the import has saved its place past line 200.
    for (let file = await getFeedFile(id); (file?.cursor ?? 0) < 200; file = await getFeedFile(id))
      await new Promise((resolve) => setTimeout(resolve, 20));
    outage.state.down = true;
    setTimeout(() => {
      outage.state.down = false;
    }, 3000);
    const first = await running;
    try {
      expect(first?.message).toContain('ECONNREFUSED');
      expect(outage.state.refused).toBeGreaterThan(0);
      while (outage.state.down) await new Promise((resolve) => setTimeout(resolve, 100));
      const cutOff = await getFeedFile(id);
      expect(cutOff?.status).toBe('importing');
      expect(cutOff!.cursor).toBeGreaterThanOrEqual(200);
      expect(cutOff!.cursor).toBeLessThan(1500);

      // The schedule's runs: nothing until the dead run's lease is over, then the rest.
      let file = cutOff;
      for (
        const deadline = Date.now() + 60_000;
        file?.status !== 'applied' && Date.now() < deadline;
        file = await getFeedFile(id)
      ) {
        await continueFeedImports();
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(file).toMatchObject({ status: 'applied', counts: { read: 1500, refused: 0 } });
      expect(file!.counts.created + file!.counts.unchanged).toBe(1500);
      const ids = await findCarIds(cars);
      expect(ids.size).toBe(1500);
      expect(new Set(ids.values()).size).toBe(1500);
      console.log(
        `feed outage: ${outage.state.refused} DynamoDB calls refused during 3 s; cut off at line ${cutOff!.cursor} of 1500; applied ${Date.now() - started} ms after the start`,
      );
    } finally {
      outage.remove();
    }
  });
});
