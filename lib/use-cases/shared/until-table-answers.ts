import { envNumber } from '../../config.js';
import { LeaseLost } from '../../store/outbox.js';

/** How long a consumer keeps retrying a write of an outcome before giving up on it (20 s). */
const persistMs = () => envNumber('OUTBOX_PERSIST_MS', 20_000);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a write of the consumer's own outcome (a message sent, an attempt failed), trying again
 * for a while when it fails (DynamoDB briefly unreachable): what happened is recorded as soon as
 * the table answers, so a sent message is not sent again and a failed event is not held for its
 * whole lease. A lost lease is final.
 */
export async function untilTableAnswers<T>(write: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let delay = 100; ; delay = Math.min(2_000, delay * 2)) {
    try {
      return await write();
    } catch (error) {
      if (error instanceof LeaseLost || Date.now() - started + delay > persistMs()) throw error;
      await pause(delay);
    }
  }
}
