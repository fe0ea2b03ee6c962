import { listObjects } from '../../lib/archive/feed-objects.js';
import { bucketName } from '../../lib/config.js';
import { FEED_PREFIX } from '../../lib/domain/catalogue-feeds.js';
import { checkFeedHealth } from '../../lib/use-cases/catalogue-feeds/feed-status.js';
import { continueFeedImports, feedFileId, receiveFeedObject } from '../../lib/use-cases/catalogue-feeds/import-feed.js';
import { loop } from './outbox-runner.js';

/** How often the late-feed check runs here (every five minutes in AWS, after the imports). */
const HEALTH_EVERY_MS = 60_000;

/**
 * The local stand-in for the bucket's "Object Created" events and the feed schedule: looks in
 * the bucket's feeds/ prefix every `intervalMs` and imports each new file with the code the
 * function runs in AWS (each key and ETag once), then carries on with any file left open.
 */
export function startFeedRunner(options: { intervalMs: number; log?: (line: string) => void }): {
  stop(): Promise<void>;
} {
  const { log } = options;
  const seen = new Set<string>();
  let lastHealth = 0;
  return loop(
    'feed runner',
    options.intervalMs,
    async () => {
      for (const object of await listObjects(bucketName(), FEED_PREFIX)) {
        const id = feedFileId(object.key, object.etag);
        if (seen.has(id)) continue;
        const file = await receiveFeedObject(object);
        seen.add(id);
        if (file) log?.(`catalogue feed ${object.key}: ${file.status} ${JSON.stringify(file.counts)}\n`);
      }
      await continueFeedImports();
      if (Date.now() - lastHealth < HEALTH_EVERY_MS) return;
      lastHealth = Date.now();
      const health = await checkFeedHealth();
      if (health.stale.length > 0) log?.(`catalogue feeds late: ${health.stale.join(', ')}\n`);
    },
    log,
  );
}
