/** `archive retry`: copy an order's car pictures to the bucket again after a failure. */
import { FailedError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { emit } from '../output.js';

async function retryArchiveCommand(args: Args, ctx: Context): Promise<void> {
  const [orderId] = args.positionals as [string];
  // Reads the table and the bucket, so it is loaded (after applyTarget) only by this command.
  const { retryArchive } = await import('../../../lib/use-cases/outbox/retry-archive.js');
  const outcome = await retryArchive(orderId);
  if (!outcome.ok) {
    const messages: Record<typeof outcome.reason, string> = {
      'no-order': `No order ${orderId}`,
      'no-pictures': `Order ${orderId} has no car pictures to archive (it was created without carId)`,
      done: `The pictures of order ${orderId} are already archived`,
      'in-progress': `The archival of order ${orderId} is still ${outcome.status}; only a failed one can be retried`,
      'not-replayable': `The archive event ${outcome.eventId} cannot be replayed`,
    };
    throw new FailedError(messages[outcome.reason]);
  }
  emit(ctx, { orderId, eventId: outcome.eventId, retried: true }, [
    `Archival of order ${orderId} queued again (event ${outcome.eventId}).`,
  ]);
}

export const archiveCommands: CommandEntries = [
  ['archive retry', { options: {}, positionals: ['orderId'], run: retryArchiveCommand }],
];
