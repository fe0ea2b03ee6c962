/**
 * `chat log` (the messages the local chat transport "sent"; `chat outbox` still works),
 * `chat templates` (the WhatsApp template catalogue, ready for Meta), and `chat status` /
 * `chat inbound` (Meta's side on the local stack: signed webhook calls to the API).
 */
import { CHAT_LANGUAGES } from '../../../lib/text/chat-template.js';
import { CHAT_TEMPLATES } from '../../../lib/text/chat-templates.js';
import { LOCAL_WHATSAPP, inboundPayload, postWebhook, statusPayload } from '../../local/whatsapp-webhook.js';
import { FailedError, oneOf, positiveInteger, required, text, UsageError, type Args } from '../args.js';
import type { Command, CommandEntries, Context } from '../command.js';
import { emit, oneLine, table } from '../output.js';

/** Reads the table, so it is loaded (after applyTarget) only by its command. */
const loadChatLog = () => import('../../../lib/store/chat-log.js');

async function chatLogCommand(args: Args, ctx: Context): Promise<void> {
  const given = text(args.values, 'limit');
  const limit = given === undefined ? 20 : positiveInteger('limit', given);
  if (limit > 200) throw new UsageError('--limit must be at most 200 a page; --cursor pages on');
  const to = text(args.values, 'to');
  const cursor = text(args.values, 'cursor');
  const { chatLogPage } = await loadChatLog();
  const page = await chatLogPage({
    limit,
    ...(to === undefined ? {} : { to }),
    ...(cursor === undefined ? {} : { cursor }),
  }).catch((error: Error) => {
    throw error instanceof RangeError ? new UsageError(`--cursor: ${error.message}`) : error;
  });
  // The text in full, as the recipient reads it; the template it came from beside it.
  const rows = page.messages.map((m) => [
    m.createdAt,
    m.to,
    m.template ? `${m.template.name} (${m.template.language})` : 'free-form text',
    m.messageId,
    oneLine(m.text ?? ''),
  ]);
  const older = page.next
    ? [`older messages: npm run -s cli -- chat log --limit ${limit}${to ? ` --to ${to}` : ''} --cursor ${page.next}`]
    : [];
  emit(ctx, page, [...table(['time', 'to', 'template', 'message id', 'text'], rows), ...older]);
}

const chatLog: Command = {
  options: { limit: { type: 'string' }, to: { type: 'string' }, cursor: { type: 'string' } },
  positionals: [],
  run: chatLogCommand,
};

/** The catalogue as Meta's "create message template" requests take it, one per name and language. */
function metaTemplates(prefix: string) {
  return CHAT_TEMPLATES.flatMap((template) =>
    CHAT_LANGUAGES.map((language) => ({
      name: `${prefix}${template.key}`,
      category: template.category,
      language,
      components: [{ type: 'BODY', text: template.body[language], example: { body_text: [[...template.examples]] } }],
    })),
  );
}

/** The catalogue as docs/notifications.md shows it: one row per template, both languages side by side. */
export function markdownCatalogue(): string[] {
  const cell = (value: string) => value.replace(/\|/g, '\\|');
  return [
    '| name (after the stage prefix) | parameters | English | Arabic |',
    '|---|---|---|---|',
    ...CHAT_TEMPLATES.map(
      (t) =>
        `| \`${t.key}\` | ${t.parameters.map((p, i) => `{{${i + 1}}} ${p}`).join(', ')} | ${cell(t.body.en)} | ${cell(t.body.ar)} |`,
    ),
  ];
}

async function chatTemplatesCommand(args: Args, ctx: Context): Promise<void> {
  if (args.values.markdown === true) {
    console.log(markdownCatalogue().join('\n'));
    return;
  }
  const prefix = text(args.values, 'prefix') ?? process.env.WHATSAPP_TEMPLATE_PREFIX ?? 'vpo_';
  if (!/^[a-z0-9_]*$/.test(prefix))
    throw new UsageError(
      "--prefix may hold only lower-case letters, digits and underscores (as Meta's template names)",
    );
  const rows = metaTemplates(prefix).map((t) => [t.name, t.language, t.category, t.components[0]!.text]);
  emit(ctx, metaTemplates(prefix), table(['name', 'language', 'category', 'body'], rows));
}

/** `--api URL`, else the API of the stack the other commands use (scripts/cli/target.ts: `.local/stack.json`). */
function apiOf(args: Args, ctx: Context): string {
  const given = text(args.values, 'api');
  if (given) return given;
  if (!ctx.target.api)
    throw new UsageError(
      `"${args.command}" with --target ${ctx.target.target.kind} needs --api URL, the address of the stage's API`,
    );
  return ctx.target.api.url;
}
const secretOf = (args: Args) => text(args.values, 'secret') ?? LOCAL_WHATSAPP.appSecret;

async function deliver(args: Args, ctx: Context, payload: unknown, done: string): Promise<void> {
  const api = apiOf(args, ctx);
  const answer = await postWebhook(api, payload, secretOf(args)).catch((error: unknown) => {
    const cause = error instanceof Error ? oneLine(causeOf(error)) : String(error);
    throw new FailedError(
      text(args.values, 'api') || !ctx.target.api
        ? `the API at ${api} did not answer (${cause})`
        : ctx.target.api.unreachable(api, cause),
    );
  });
  if (answer.status !== 200)
    throw new FailedError(`the webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const data = (answer.body as { data?: unknown }).data;
  emit(ctx, data, [done, JSON.stringify(data)]);
}

/** fetch() says only "fetch failed"; what failed (ECONNREFUSED ...) is in its cause. */
function causeOf(error: Error): string {
  const cause = error.cause;
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return error.message;
}

async function chatStatusCommand(args: Args, ctx: Context): Promise<void> {
  const [messageId = ''] = args.positionals;
  const status = oneOf('status', required(args, 'status'), ['sent', 'delivered', 'read', 'failed'] as const);
  const code = text(args.values, 'error-code');
  if (code !== undefined && status !== 'failed') throw new UsageError('--error-code goes with --status failed');
  const payload = statusPayload(messageId, status, {
    ...(code === undefined ? {} : { errorCode: positiveInteger('error-code', code) }),
  });
  await deliver(args, ctx, payload, `WhatsApp reported ${messageId} ${status}.`);
}

async function chatInboundCommand(args: Args, ctx: Context): Promise<void> {
  const [from = ''] = args.positionals;
  const message = required(args, 'text');
  await deliver(args, ctx, inboundPayload(from, message), `${from} wrote "${oneLine(message)}".`);
}

const WEBHOOK_OPTIONS = { api: { type: 'string' }, secret: { type: 'string' } } as const;

export const chatCommands: CommandEntries = [
  ['chat log', chatLog],
  // Deprecated: the name from before "outbox" came to mean only the side-effect events table. Same
  // output, so old scripts keep working; left out of the usage text and the list of commands.
  ['chat outbox', { ...chatLog, aliasOf: 'chat log' }],
  [
    'chat templates',
    {
      options: { prefix: { type: 'string' }, markdown: { type: 'boolean' } },
      positionals: [],
      run: chatTemplatesCommand,
    },
  ],
  [
    'chat status',
    {
      options: { ...WEBHOOK_OPTIONS, status: { type: 'string' }, 'error-code': { type: 'string' } },
      positionals: ['messageId'],
      run: chatStatusCommand,
    },
  ],
  [
    'chat inbound',
    { options: { ...WEBHOOK_OPTIONS, text: { type: 'string' } }, positionals: ['phone'], run: chatInboundCommand },
  ],
];
