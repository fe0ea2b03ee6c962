import type { Context, EventBridgeEvent } from 'aws-lambda';
import { log } from '../../lib/logger.js';
import { continueFeedImports, receiveFeedObject } from '../../lib/use-cases/catalogue-feeds/import-feed.js';
import { checkFeedHealth } from '../../lib/use-cases/catalogue-feeds/feed-status.js';

type ObjectCreated = EventBridgeEvent<'Object Created', { object: { key: string; size?: number; etag?: string } }>;

/**
 * A feed file landed (S3 "Object Created" through EventBridge), or the five-minute schedule:
 * either way the import goes as far as this run's time allows and the schedule carries on.
 */
export const handler = async (event: ObjectCreated | { 'detail-type'?: string }, context: Context): Promise<void> => {
  const budget = { remainingMs: () => context.getRemainingTimeInMillis() };
  if (event['detail-type'] === 'Object Created') {
    const { detail, time } = event as ObjectCreated;
    const file = await receiveFeedObject(
      { key: detail.object.key, etag: detail.object.etag ?? '', size: detail.object.size ?? 0, lastModified: time },
      budget,
    );
    log.info('catalogue feed received', { key: detail.object.key, id: file?.id, status: file?.status });
    return;
  }
  await continueFeedImports(budget);
  await checkFeedHealth();
};
