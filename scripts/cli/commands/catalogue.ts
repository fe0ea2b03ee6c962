/** `catalogue import|status|feeds|report|confirm|discard|generate`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FailedError, positiveInteger, required, text, UsageError, type Args } from '../args.js';
import { notFoundAs, type CommandEntries, type Context } from '../command.js';
import { emit, table } from '../output.js';
import { bucketName } from '../../../lib/config.js';
import { PROVIDERS, type Provider } from '../../../lib/domain/car.js';
import { STAFF_TOOL } from '../../../lib/domain/caller.js';
import { FEED_KINDS, type FeedKind, feedKey } from '../../../lib/domain/catalogue-feeds.js';

/** The feed import needs the store and the S3 client, so it is loaded (after applyTarget) only by its commands. */
const loadFeeds = async () => ({
  ...(await import('../../../lib/use-cases/catalogue-feeds/import-feed.js')),
  ...(await import('../../../lib/use-cases/catalogue-feeds/feed-status.js')),
  ...(await import('../../../lib/archive/feed-objects.js')),
  ...(await import('../../../lib/store/feed-files.js')),
});

/** One provider's part of the file given: its lines, and where each came from in the file. */
interface Part {
  provider: Provider;
  lines: string[];
  origin: number[];
}

/** Splits a file's lines by the provider each names (or --provider's), so each part goes to its provider's folder. */
function partsOf(
  text: string,
  provider: Provider | undefined,
): { parts: Part[]; errors: Array<{ line: number; message: string }> } {
  const parts = new Map<Provider, Part>();
  const errors: Array<{ line: number; message: string }> = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    let named: unknown;
    try {
      named = (JSON.parse(raw) as { provider?: unknown } | null)?.provider;
    } catch (error) {
      if (provider === undefined) {
        errors.push({ line: i + 1, message: `not JSON: ${(error as Error).message}` });
        return;
      }
    }
    const target = provider ?? (PROVIDERS as readonly unknown[]).find((p) => p === named);
    if (!target) {
      errors.push({
        line: i + 1,
        message: `names no provider the service knows (${PROVIDERS.join(', ')}); give --provider or fix the line`,
      });
      return;
    }
    const part = parts.get(target as Provider) ?? { provider: target as Provider, lines: [], origin: [] };
    part.lines.push(raw);
    part.origin.push(i + 1);
    parts.set(target as Provider, part);
  });
  return { parts: [...parts.values()], errors };
}

async function importCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const file = args.positionals[0]!;
  const kind = (text(args.values, 'kind') ?? 'delta') as FeedKind;
  if (!(FEED_KINDS as readonly string[]).includes(kind)) throw new UsageError('--kind must be full or delta');
  const provider = text(args.values, 'provider') as Provider | undefined;
  if (provider !== undefined && !(PROVIDERS as readonly string[]).includes(provider))
    throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const body = file.endsWith('.gz') ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  // A car line without `op` in a file given as a delta is an upsert: the cars of `catalogue generate` import as they are.
  const asDelta = (line: string) => {
    if (kind !== 'delta') return line;
    try {
      const value = JSON.parse(line) as Record<string, unknown>;
      return value !== null && typeof value === 'object' && !('op' in value)
        ? JSON.stringify({ op: 'upsert', ...value })
        : line;
    } catch {
      return line;
    }
  };
  const { parts, errors } = partsOf(body, provider);
  const feeds = await loadFeeds();
  const reports: Array<Record<string, unknown>> = [];
  for (const part of parts) {
    const key = feedKey(part.provider, kind, basename(file).replace(/\.gz$/, ''), new Date());
    await feeds.putObject(bucketName(), key, `${part.lines.map(asDelta).join('\n')}\n`, 'application/x-ndjson');
    const object = await feeds.describeObject(bucketName(), key);
    if (!object) throw new FailedError(`${key} was uploaded but the bucket does not show it`);
    // The import runs here too: whichever of this command and the stack's own import (S3 event,
    // local runner) takes the provider's lock does the work; this one waits for the outcome.
    let report = await feeds.receiveFeedObject(object);
    for (
      const deadline = Date.now() + 15 * 60_000;
      report && ['queued', 'importing'].includes(report.status) && Date.now() < deadline;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await feeds.continueFeedImports();
      report = await feeds.getFeedFile(report.id);
    }
    if (!report) throw new FailedError(`${key} was not taken as a feed`);
    const refusedLines = report.refusedLines.map((r) => ({
      line: part.origin[r.line - 1] ?? r.line,
      message: r.reason,
    }));
    reports.push({ ...feeds.feedFileSummary(report), refusedLines });
  }
  const all = [...errors, ...reports.flatMap((r) => r.refusedLines as Array<{ line: number; message: string }>)].sort(
    (a, b) => a.line - b.line,
  );
  for (const e of all) console.error(`line ${e.line}: ${e.message}`);
  const total = (name: string) => reports.reduce((n, r) => n + ((r.counts as Record<string, number>)[name] ?? 0), 0);
  const summary = {
    received: total('created') + total('updated') + total('unchanged') + total('removed'),
    created: total('created'),
    updated: total('updated') + total('unchanged'),
    unchanged: total('unchanged'),
    removed: total('removed'),
    skipped: all.length,
    errors: all,
    files: reports,
  };
  const unsettled = reports.filter((r) => r.status !== 'applied');
  emit(ctx, summary, [
    ...reports.map(
      (r) =>
        `${r.key}: ${r.status}${r.reason ? ` (${r.reason})` : ''}; ${Object.entries(r.counts as Record<string, number>)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
    ),
    `Imported ${summary.received} line(s): ${summary.created} new, ${summary.updated} updated, ${summary.removed} removed; ${all.length} bad line(s) skipped.`,
    ...(unsettled.some((r) => r.status === 'held')
      ? ['A held full list waits for you: `cli catalogue confirm ID` applies it, `cli catalogue discard ID` drops it.']
      : []),
    'The API serves the new snapshot within its refresh interval (60 s in AWS).',
  ]);
  if (parts.length === 0)
    throw new FailedError(`Nothing imported: ${errors.length} bad line(s) and no good one in ${file}`);
  if (unsettled.length > 0 || summary.received === 0)
    throw new FailedError(
      summary.received === 0
        ? `Nothing imported: ${all.length} bad line(s) and no good one in ${file}`
        : `${unsettled.length} file(s) not applied: ${unsettled.map((r) => `${r.id} ${r.status}`).join(', ')}`,
    );
}

async function statusCommand(_args: Args, ctx: Context): Promise<void> {
  const feeds = await loadFeeds();
  const status = await feeds.catalogueStatus(STAFF_TOOL);
  const rows = status.providers.map((p) => [
    p.provider,
    p.lastGoodFeedAt ?? '-',
    p.lastFeedAt ?? '-',
    p.stale ? 'LATE' : p.lastGoodFeedAt ? 'ok' : 'no feed yet',
    p.listedCars === null ? '-' : String(p.listedCars),
    p.openFiles.map((f) => `${f.id.slice(0, 12)} ${f.status}`).join(', ') || '-',
  ]);
  emit(ctx, status, [
    status.snapshot
      ? `Snapshot ${status.snapshot.version}: ${status.snapshot.cars} cars, since ${status.snapshot.createdAt}`
      : 'No snapshot yet.',
    ...table(['provider', 'last good feed', 'last feed', 'state', 'listed', 'open files'], rows),
    `A full list removing over ${status.settings.maxRemovalShare * 100}% of a provider's cars is held; a feed older than ${status.settings.staleAfterHours} h raises the alarm.`,
  ]);
}

async function feedsCommand(args: Args, ctx: Context): Promise<void> {
  const feeds = await loadFeeds();
  const provider = text(args.values, 'provider') as Provider | undefined;
  if (provider !== undefined && !(PROVIDERS as readonly string[]).includes(provider))
    throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}`);
  const limit = text(args.values, 'limit') === undefined ? 20 : positiveInteger('limit', text(args.values, 'limit')!);
  const files = await feeds.listFeedFiles(STAFF_TOOL, { ...(provider ? { provider } : {}), limit });
  emit(
    ctx,
    files,
    table(
      ['id', 'provider', 'kind', 'status', 'received', 'read', 'created', 'updated', 'removed', 'refused'],
      files.map((f) => [
        f.id,
        f.provider,
        f.kind,
        f.status,
        f.receivedAt,
        String(f.counts.read),
        String(f.counts.created),
        String(f.counts.updated),
        String(f.counts.removed),
        String(f.counts.refused),
      ]),
    ),
  );
}

async function reportCommand(args: Args, ctx: Context): Promise<void> {
  const feeds = await loadFeeds();
  const file = await feeds
    .getFeedFileReport(STAFF_TOOL, args.positionals[0]!)
    .catch(notFoundAs(`no feed file with id "${args.positionals[0]}" (see \`cli catalogue feeds\`)`));
  emit(ctx, file, [
    `${file.key} (${file.provider}, ${file.kind}): ${file.status}${file.reason ? `: ${file.reason}` : ''}`,
    Object.entries(file.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', '),
    ...file.refusedLines.map((r) => `line ${r.line}: ${r.reason}`),
  ]);
}

const decideCommand = (confirm: boolean) => async (args: Args, ctx: Context) => {
  const feeds = await loadFeeds();
  const id = args.positionals[0]!;
  const by = `staff-cli (${process.env.USER ?? 'unknown user'})`;
  const decided = await (confirm ? feeds.confirmFeedFile : feeds.discardFeedFile)(STAFF_TOOL, id, by).catch(
    notFoundAs(`no feed file with id "${id}" (see \`cli catalogue status\`)`),
  );
  // Confirmed: applied now (it was first in its provider's line); discarded: the files behind it go on.
  await feeds.continueFeedImports();
  const file = (await feeds.getFeedFile(id)) ?? decided;
  emit(ctx, feeds.feedFileSummary(file), [
    `${file.key}: ${file.status}; ${Object.entries(file.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  ]);
};

async function generateCatalogueCommand(args: Args, ctx: Context): Promise<void> {
  const count = positiveInteger('count', required(args, 'count'));
  if (count > 1_000_000) throw new UsageError('--count must be at most 1000000');
  const seed = text(args.values, 'seed') === undefined ? 1 : positiveInteger('seed', text(args.values, 'seed')!);
  const { generateCars, demoImageBase } = await import('../../demo-catalogue/generate.js');
  // By default the demo pictures `npm start` keeps in the target's bucket, as an s3:// URI: no port in the catalogue.
  const imageBaseUrl = text(args.values, 'image-base-url') ?? demoImageBase(bucketName());
  if (!/^(https?|s3):\/\/\S+$/.test(imageBaseUrl))
    throw new UsageError('--image-base-url must be an http(s) URL or an s3://bucket/prefix URI');
  const out = text(args.values, 'out');
  const lines: string[] = [];
  for (const car of generateCars({ count, seed, imageBaseUrl })) lines.push(JSON.stringify(car));
  const body = `${lines.join('\n')}\n`;
  if (out === undefined) {
    process.stdout.write(body);
    return;
  }
  writeFileSync(out, body);
  emit(ctx, { written: count, file: out, seed }, [
    `Wrote ${count} cars to ${out} (seed ${seed}). Import them with: npm run -s cli -- catalogue import ${out}`,
  ]);
}

export const catalogueCommands: CommandEntries = [
  [
    'catalogue import',
    {
      options: { kind: { type: 'string' }, provider: { type: 'string' } },
      positionals: ['file'],
      run: importCatalogueCommand,
    },
  ],
  ['catalogue status', { options: {}, positionals: [], run: statusCommand }],
  [
    'catalogue feeds',
    { options: { provider: { type: 'string' }, limit: { type: 'string' } }, positionals: [], run: feedsCommand },
  ],
  ['catalogue report', { options: {}, positionals: ['id'], run: reportCommand }],
  ['catalogue confirm', { options: {}, positionals: ['id'], run: decideCommand(true) }],
  ['catalogue discard', { options: {}, positionals: ['id'], run: decideCommand(false) }],
  [
    'catalogue generate',
    {
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        'image-base-url': { type: 'string' },
      },
      positionals: [],
      run: generateCatalogueCommand,
    },
  ],
];
