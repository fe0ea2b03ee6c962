import { log } from '../../lib/logger.js';
import { processDue } from '../../lib/use-cases/outbox/process-event.js';

/** Every minute: retries whose back-off has passed, and anything a stream trigger missed. */
export const handler = async (): Promise<void> => {
  const counts = await processDue(undefined, 100);
  log.info('outbox sweep', counts);
};
