/** `chat log`: the messages the local chat transport "sent" (the old name `chat outbox` still works). */
import { positiveInteger, text, UsageError, type Args } from '../args.js';
import type { Command, CommandEntries, Context } from '../command.js';
import { emit, oneLine, table } from '../output.js';

/** Reads the table, so it is loaded (after applyTarget) only by its command. */
const loadChatLog = () => import('../../../lib/store/chat-log.js');

async function chatLogCommand(args: Args, ctx: Context): Promise<void> {
  const given = text(args.values, 'limit');
  const limit = given === undefined ? 20 : positiveInteger('limit', given);
  if (limit > 200) throw new UsageError('--limit must be at most 200');
  const { listChatLog } = await loadChatLog();
  const messages = await listChatLog(limit);
  const shown = (body: string) => (body.length > 60 ? `${body.slice(0, 59)}…` : body);
  const rows = messages.map((m) => [m.createdAt, m.to, m.text === undefined ? `template ${m.template?.name ?? '?'}` : shown(oneLine(m.text)), m.messageId]);
  emit(ctx, messages, table(['time', 'to', 'message', 'message id'], rows));
}

const chatLog: Command = { options: { limit: { type: 'string' } }, positionals: [], run: chatLogCommand };

export const chatCommands: CommandEntries = [
  ['chat log', chatLog],
  // Deprecated: the name from before "outbox" came to mean only the side-effect events table. Same
  // output, so old scripts keep working; left out of the usage text and the list of commands.
  ['chat outbox', { ...chatLog, aliasOf: 'chat log' }],
];
