import { PROVIDERS, type Provider } from '../../domain/car.js';
import type { Caller } from '../../domain/caller.js';
import { isStale } from '../../domain/catalogue-feeds.js';
import { forbidden, invalidState, notFound } from '../../domain/errors.js';
import { feedSettings } from '../../config.js';
import { log } from '../../logger.js';
import { recordEvent } from '../../metrics.js';
import { getCataloguePointer } from '../../store/cars.js';
import {
  type FeedFile,
  getFeedFile,
  getFeedProviders,
  listOpenFeedFiles,
  listProviderFeedFiles,
  saveFeedFile,
} from '../../store/feed-files.js';

/** Feeds concern the whole catalogue: platform admins only (a tenant's admin key has a tenant). */
function platformAdmin(caller: Caller): void {
  if (caller.tenantId !== undefined || caller.role !== 'admin')
    throw forbidden(
      'Only platform admins (an admin key of no tenant) manage catalogue feeds; they are shared by every tenant',
    );
}

/** A file as the status and the list show it: the report without its refused lines. */
export const feedFileSummary = ({ refusedLines: _lines, ...file }: FeedFile) => file;

export interface ProviderStatus {
  provider: Provider;
  lastFeedAt: string | null;
  lastGoodFeedAt: string | null;
  /** The last good feed is older than staleAfterHours (the alarm is raised). */
  stale: boolean;
  listedCars: number | null;
  lastFile: ReturnType<typeof feedFileSummary> | null;
  /** Files queued, importing or held for a person, oldest first. */
  openFiles: Array<ReturnType<typeof feedFileSummary>>;
}

async function providerStatuses(now: number): Promise<ProviderStatus[]> {
  const { staleAfterHours } = feedSettings();
  const [records, open] = await Promise.all([getFeedProviders(), listOpenFeedFiles()]);
  const byProvider = new Map(records.map((r) => [r.provider, r]));
  return Promise.all(
    PROVIDERS.map(async (provider) => {
      const record = byProvider.get(provider);
      const last = record?.lastFileId ? await getFeedFile(record.lastFileId) : undefined;
      return {
        provider,
        lastFeedAt: record?.lastFeedAt ?? null,
        lastGoodFeedAt: record?.lastGoodFeedAt ?? null,
        stale: isStale(record?.lastGoodFeedAt, now, staleAfterHours),
        listedCars: record?.listedCars ?? null,
        lastFile: last ? feedFileSummary(last) : null,
        openFiles: open.filter((f) => f.provider === provider).map(feedFileSummary),
      };
    }),
  );
}

/** `GET /api/v1/catalogue/status`: per provider, its last feeds, cars listed, held files; and the snapshot served. */
export async function catalogueStatus(caller: Caller) {
  platformAdmin(caller);
  const [providers, pointer] = await Promise.all([providerStatuses(Date.now()), getCataloguePointer()]);
  const { maxRemovalShare, staleAfterHours } = feedSettings();
  return {
    snapshot: pointer ? { version: pointer.version, cars: pointer.count, createdAt: pointer.createdAt } : null,
    settings: { maxRemovalShare, staleAfterHours },
    providers,
  };
}

/** `GET /api/v1/catalogue/feeds`: files newest first (one provider's, or every provider's). */
export async function listFeedFiles(caller: Caller, query: { provider?: Provider; limit?: number }) {
  platformAdmin(caller);
  const limit = query.limit ?? 20;
  const providers = query.provider ? [query.provider] : PROVIDERS;
  const files = (await Promise.all(providers.map((p) => listProviderFeedFiles(p, limit)))).flat();
  return files
    .sort((a, b) => b.receivedAt.localeCompare(a.receivedAt))
    .slice(0, limit)
    .map(feedFileSummary);
}

/** `GET /api/v1/catalogue/feeds/{id}`: one file's whole report, refused lines included. */
export async function getFeedFileReport(caller: Caller, id: string): Promise<FeedFile> {
  platformAdmin(caller);
  const file = await getFeedFile(id);
  if (!file) throw notFound('Feed file', 'id');
  return file;
}

/**
 * Settles a held file. Nothing is imported here (over HTTP the gateway gives a request 29
 * seconds): the feed function's schedule or the local runner applies the file next, and the CLI
 * goes on with the import itself.
 */
async function decide(caller: Caller, id: string, by: string, confirm: boolean): Promise<FeedFile> {
  platformAdmin(caller);
  const file = await getFeedFile(id);
  if (!file) throw notFound('Feed file', 'id');
  if (file.status !== 'held')
    throw invalidState(
      `Only a held full list can be ${confirm ? 'confirmed' : 'discarded'}; this file is ${file.status}`,
      [{ field: 'status', message: `is ${file.status}, not held` }],
    );
  const now = new Date().toISOString();
  if (confirm) {
    Object.assign(file, { status: 'importing', confirmedBy: by, confirmedAt: now, updatedAt: now });
    delete file.reason;
  } else
    Object.assign(file, {
      status: 'discarded',
      phase: 'done',
      confirmedBy: by,
      finishedAt: now,
      updatedAt: now,
      reason: `discarded by ${by}`,
    });
  await saveFeedFile(file);
  return file;
}

/** A held full list applied as it is: its provider really sold or withdrew those cars. */
export const confirmFeedFile = (caller: Caller, id: string, by: string) => decide(caller, id, by, true);
/** A held full list dropped: the provider's catalogue stays as it was. */
export const discardFeedFile = (caller: Caller, id: string, by: string) => decide(caller, id, by, false);

/**
 * What the schedule checks after the imports: providers whose last good feed is too old and
 * files held for a person, as metrics (the alarms watch them) and warnings in the log.
 */
export async function checkFeedHealth(now = Date.now()): Promise<{ stale: Provider[]; held: number }> {
  const providers = await providerStatuses(now);
  const stale = providers.filter((p) => p.stale).map((p) => p.provider);
  const held = providers.reduce((n, p) => n + p.openFiles.filter((f) => f.status === 'held').length, 0);
  recordEvent('StaleCatalogueFeeds', stale.length);
  recordEvent('HeldCatalogueFeeds', held);
  for (const provider of stale)
    log.warn('catalogue feed late', {
      provider,
      lastGoodFeedAt: providers.find((p) => p.provider === provider)?.lastGoodFeedAt,
      staleAfterHours: feedSettings().staleAfterHours,
    });
  return { stale, held };
}
