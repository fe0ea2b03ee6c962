import { processDue } from '../../lib/use-cases/outbox/process-event.js';
import { remindExportDeadlines } from '../../lib/use-cases/orders/export.js';
import { sweepWebhooks } from '../../lib/use-cases/webhooks/deliver.js';

/** The daily reminder schedule of AWS, every few seconds here. */
const REMINDERS_EVERY_MS = 5_000;

/**
 * The local stand-in for the DynamoDB Streams triggers and the sweeper schedules: polls for due
 * outbox events and webhook deliveries every `intervalMs` and processes them with the same code
 * the Lambdas run.
 */
export function startOutboxRunner(options: { intervalMs: number; log?: (line: string) => void }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let lastReminders = 0;
  const tick = () => {
    if (stopped) return;
    running = processDue()
      .then((counts) => {
        if (counts.done + counts.retry + counts.parked > 0) options.log?.(`outbox: ${JSON.stringify(counts)}\n`);
      })
      .then(async () => {
        if (Date.now() - lastReminders < REMINDERS_EVERY_MS) return;
        lastReminders = Date.now();
        const told = await remindExportDeadlines();
        if (told > 0) options.log?.(`export deadlines: ${told} reminders\n`);
      })
      .then(() => sweepWebhooks())
      .then((counts) => {
        if (counts.delivered + counts.retry + counts.failed > 0) options.log?.(`webhooks: ${JSON.stringify(counts)}\n`);
      })
      .catch((error: Error) => options.log?.(`outbox runner: ${error.message}\n`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  let timer = setTimeout(tick, options.intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
