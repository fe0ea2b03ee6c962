import { processDue } from '../../lib/use-cases/outbox/process-event.js';
import { remindExportDeadlines } from '../../lib/use-cases/orders/export.js';
import { sweepWebhooks } from '../../lib/use-cases/webhooks/deliver.js';

/** The daily reminder schedule of AWS, every few seconds here. */
const REMINDERS_EVERY_MS = 5_000;

type Log = ((line: string) => void) | undefined;

/**
 * Runs `pass` every `intervalMs` after the previous one ends, until stopped. Each loop is on its
 * own, as the Lambdas are in AWS: a slow webhook sweep over many endpoints holds no chat
 * notification back, and a burst of outbox events holds no webhook back.
 */
export function loop(name: string, intervalMs: number, pass: () => Promise<void>, log: Log): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = pass()
      .catch((error: Error) => log?.(`${name}: ${error.message}\n`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/**
 * The local stand-in for the DynamoDB Streams triggers and the sweeper schedules: polls for due
 * outbox events (and the export reminders) in one loop and for webhook deliveries in another,
 * each every `intervalMs`, with the same code the Lambdas run.
 */
export function startOutboxRunner(options: { intervalMs: number; log?: (line: string) => void }): {
  stop(): Promise<void>;
} {
  const { log } = options;
  let lastReminders = 0;
  const outbox = loop(
    'outbox runner',
    options.intervalMs,
    async () => {
      const counts = await processDue();
      if (counts.done + counts.retry + counts.parked > 0) log?.(`outbox: ${JSON.stringify(counts)}\n`);
      if (Date.now() - lastReminders < REMINDERS_EVERY_MS) return;
      lastReminders = Date.now();
      const told = await remindExportDeadlines();
      if (told > 0) log?.(`export deadlines: ${told} reminders\n`);
    },
    log,
  );
  const webhooks = loop(
    'webhook sweeper',
    options.intervalMs,
    async () => {
      const counts = await sweepWebhooks();
      if (counts.delivered + counts.retry + counts.failed > 0) log?.(`webhooks: ${JSON.stringify(counts)}\n`);
    },
    log,
  );
  return { stop: async () => void (await Promise.all([outbox.stop(), webhooks.stop()])) };
}
