/** `outbox parked`, `outbox replay`: side effects (notifications, archival) that failed every retry. */
import { FailedError, type Args } from '../args.js';
import type { CommandEntries, Context } from '../command.js';
import { emit, table } from '../output.js';

/** Reads the table, so it is loaded (after applyTarget) only by these commands. */
const loadOutboxStore = () => import('../../../lib/store/outbox.js');

async function parkedOutboxCommand(_args: Args, ctx: Context): Promise<void> {
  const { parkedEvents } = await loadOutboxStore();
  const parked = await parkedEvents(200);
  const rows = parked.map((e) => [
    e.id,
    e.kind,
    e.event ?? '',
    e.orderId,
    String(e.attempts),
    e.updatedAt,
    (e.lastError ?? '').slice(0, 80),
  ]);
  emit(
    ctx,
    parked,
    rows.length === 0
      ? ['No parked side effects.']
      : table(['id', 'kind', 'event', 'order', 'attempts', 'parked at', 'last error'], rows),
  );
}

async function replayOutboxCommand(args: Args, ctx: Context): Promise<void> {
  const { replay } = await loadOutboxStore();
  const id = args.positionals[0]!;
  if (!(await replay(id)))
    throw new FailedError(`No outbox event ${id} waiting to be replayed (unknown, or already done)`);
  emit(ctx, { replayed: id }, [
    `Event ${id} is due again; the consumer delivers it within a minute (a second locally).`,
  ]);
}

export const outboxCommands: CommandEntries = [
  ['outbox parked', { options: {}, positionals: [], run: parkedOutboxCommand }],
  ['outbox replay', { options: {}, positionals: ['eventId'], run: replayOutboxCommand }],
];
