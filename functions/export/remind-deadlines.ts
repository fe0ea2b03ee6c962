import { log } from '../../lib/logger.js';
import { remindExportDeadlines } from '../../lib/use-cases/orders/export.js';

/** Every morning: operations hear of each export deadline due within 5 days, once. */
export const handler = async (): Promise<void> => {
  const told = await remindExportDeadlines();
  log.info('export deadline reminders', { told });
};
