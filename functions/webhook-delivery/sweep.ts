import { log } from '../../lib/logger.js';
import { sweepWebhooks } from '../../lib/use-cases/webhooks/deliver.js';

/** Every minute: retries whose time has come, and anything a stream trigger missed. */
export const handler = async (): Promise<void> => {
  const counts = await sweepWebhooks();
  log.info('webhook sweep', { ...counts });
};
