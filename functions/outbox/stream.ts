import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describeError, log } from '../../lib/logger.js';
import { processEvent } from '../../lib/use-cases/outbox/process-event.js';

/**
 * Triggered by DynamoDB Streams for new or replayed outbox events (serverless.yml filters the
 * stream to them), so side effects start within a second of the change committing. A failed
 * attempt is rescheduled by processEvent itself, so this never throws a batch back at the
 * stream; the sweeper picks retries up when they are due.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<void> => {
  const ids = new Set(
    event.Records.map((r) => r.dynamodb?.NewImage?.id?.S).filter((id): id is string => id !== undefined),
  );
  for (const id of ids) {
    try {
      const outcome = await processEvent(id);
      log.info('outbox event processed', { eventId: id, outcome });
    } catch (error) {
      // A DynamoDB outage while recording: the event stays pending and the sweeper retries it.
      log.error('outbox event not processed', { eventId: id, ...describeError(error) });
    }
  }
};
