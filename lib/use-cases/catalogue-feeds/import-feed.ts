import { createHash } from 'node:crypto';
import type { Provider } from '../../domain/car.js';
import { checkRemovals, feedLocation, holdReason } from '../../domain/catalogue-feeds.js';
import { newId } from '../../domain/ids.js';
import { readFeedLine } from '../../catalogue/feed-lines.js';
import type { CarChange } from '../../catalogue/changes.js';
import type { CarImportLine } from '../../catalogue/car-schema.js';
import { rowAt } from '../../catalogue/catalogue-index.js';
import { downloadSnapshot } from '../../catalogue/snapshot.js';
import { decodeAnySnapshot } from '../../catalogue/snapshot-older.js';
import { objectLines, type StoredObject } from '../../archive/feed-objects.js';
import { bucketName, feedSettings } from '../../config.js';
import { describeError, log } from '../../logger.js';
import { getCataloguePointer } from '../../store/cars.js';
import {
  createFeedFile,
  type FeedFile,
  getFeedFile,
  listOpenFeedFiles,
  noteProviderFeed,
  releaseFeedLock,
  saveFeedFile,
  takeFeedLock,
} from '../../store/feed-files.js';
import { planRemovals, planUpserts, type Removal } from './apply-cars.js';
import { tellOrdersOfCars } from './car-events.js';
import { publishChanges } from './publish.js';
import { deleteWorkFiles, readRemovals, stepChanges, writeRemovals, writeStep } from './work-files.js';

/** A step is not started with less time than this left (the function's remaining time). */
const STEP_RESERVE_MS = 45_000;
/** Refused lines kept in the report, with their reasons (the count goes on). */
const REFUSED_KEPT = 500;

/** How long the caller may go on: the Lambda's remaining time, or unbounded for the local runner and the CLI. */
export interface Budget {
  remainingMs(): number;
}
export const UNBOUNDED: Budget = { remainingMs: () => Number.POSITIVE_INFINITY };

/** A file's id: the same key and ETag are the same file, imported once. */
export const feedFileId = (key: string, etag: string) =>
  createHash('sha256').update(`${key}\n${etag}`).digest('hex').slice(0, 32);

const emptyCounts = () => ({ read: 0, created: 0, updated: 0, unchanged: 0, removed: 0, repriced: 0, refused: 0 });

/**
 * An object landed under feeds/ (the S3 event in AWS, the watcher of the local stack, the CLI):
 * recorded once by its key and ETag, then imported with the provider's earlier files first.
 * Returns the file as it stands when this call is done with it; undefined for a key that is not
 * a feed's (logged: nothing to report it on).
 */
export async function receiveFeedObject(
  object: StoredObject,
  budget: Budget = UNBOUNDED,
): Promise<FeedFile | undefined> {
  const id = feedFileId(object.key, object.etag);
  const known = await getFeedFile(id);
  if (!known) {
    const location = feedLocation(object.key);
    if (!location.ok) {
      log.warn('catalogue feed ignored', { key: object.key, reason: location.reason });
      return undefined;
    }
    const now = new Date().toISOString();
    const file: FeedFile = {
      id,
      provider: location.provider,
      kind: location.kind,
      key: object.key,
      etag: object.etag,
      size: object.size,
      gzip: location.gzip,
      status: 'queued',
      receivedAt: object.lastModified,
      phase: 'scan',
      cursor: 0,
      steps: 0,
      counts: emptyCounts(),
      refusedLines: [],
      updatedAt: now,
    };
    if (await createFeedFile(file)) await noteProviderFeed(file.provider, { at: now, fileId: id, applied: false });
  }
  const file = known ?? (await getFeedFile(id));
  if (!file) return undefined;
  await runProvider(file.provider, budget);
  return getFeedFile(id);
}

/**
 * Works through every provider's open files while the budget lasts: what the schedule runs (and
 * the local runner), so a file whose worker timed out is taken over once its lease ends.
 */
export async function continueFeedImports(budget: Budget = UNBOUNDED): Promise<void> {
  const providers = new Set((await listOpenFeedFiles()).map((f) => f.provider));
  for (const provider of providers) {
    if (budget.remainingMs() < STEP_RESERVE_MS) return;
    await runProvider(provider, budget);
  }
}

/**
 * A provider's open files, oldest first, one at a time under the provider's lock. A held full
 * list stops the files after it (applying them first would be undone by confirming it), unless a
 * newer full list came, which supersedes it.
 */
async function runProvider(provider: Provider, budget: Budget): Promise<void> {
  const holder = newId();
  try {
    for (;;) {
      if (budget.remainingMs() < STEP_RESERVE_MS) return;
      const open = (await listOpenFeedFiles()).filter((f) => f.provider === provider);
      const next = open[0];
      if (!next) return;
      if (next.status === 'held') {
        const newer = open.find((f) => f.kind === 'full' && f.receivedAt > next.receivedAt);
        if (!newer) return;
        await finish(next, 'discarded', `superseded by the newer full list ${newer.key}`);
        continue;
      }
      if (!(await takeFeedLock(provider, next.id, holder, Date.now(), Date.now() + feedSettings().leaseMs))) return;
      if (!(await runFile(next, holder, budget))) return;
    }
  } finally {
    await releaseFeedLock(provider, holder).catch((error: unknown) =>
      log.warn('feed lock not released', { provider, ...describeError(error) }),
    );
  }
}

async function finish(file: FeedFile, status: 'applied' | 'refused' | 'discarded', reason?: string): Promise<void> {
  const now = new Date().toISOString();
  Object.assign(file, { status, phase: 'done', finishedAt: now, updatedAt: now, ...(reason ? { reason } : {}) });
  await saveFeedFile(file);
  await deleteWorkFiles(file.id).catch((error: unknown) =>
    log.warn('feed work files not deleted', { id: file.id, ...describeError(error) }),
  );
  log.info('catalogue feed done', { id: file.id, key: file.key, status, counts: file.counts, reason });
}

function refuse(file: FeedFile, line: number, reason: string): void {
  file.counts.refused += 1;
  if (file.refusedLines.length < REFUSED_KEPT) file.refusedLines.push({ line, reason });
}

/**
 * Takes one file as far as the budget allows, saving its place after every step. True when the
 * file is settled (applied, refused or held), false when time ran out.
 */
async function runFile(file: FeedFile, holder: string, budget: Budget): Promise<boolean> {
  const renew = () => takeFeedLock(file.provider, file.id, holder, Date.now(), Date.now() + feedSettings().leaseMs);
  const save = async () => {
    file.updatedAt = new Date().toISOString();
    await saveFeedFile(file);
    if (!(await renew())) throw new Error(`lost the lock on ${file.provider}'s feeds while importing ${file.key}`);
  };
  if (file.status === 'queued') {
    Object.assign(file, { status: 'importing', startedAt: new Date().toISOString() });
    await save();
  }
  for (;;) {
    if (budget.remainingMs() < STEP_RESERVE_MS) return false;
    switch (file.phase) {
      case 'scan': {
        const outcome = await scanFile(file);
        if (typeof outcome === 'object') {
          await finish(file, 'refused', outcome.refused);
          await noteProviderFeed(file.provider, { at: new Date().toISOString(), fileId: file.id, applied: false });
          return true;
        }
        if (outcome === 'held') {
          file.status = 'held';
          await save();
          log.warn('catalogue feed held', { id: file.id, key: file.key, reason: file.reason });
          return true;
        }
        Object.assign(file, { phase: 'apply', cursor: 0 });
        await save();
        break;
      }
      case 'apply': {
        const more = await applyLines(file, budget, save);
        if (more) return false;
        Object.assign(file, { phase: file.kind === 'full' ? 'remove' : 'publish', cursor: 0 });
        await save();
        break;
      }
      case 'remove': {
        const removals = await readRemovals(file.id);
        const size = feedSettings().chunkLines;
        while (file.cursor < removals.length) {
          if (budget.remainingMs() < STEP_RESERVE_MS) return false;
          const slice = removals.slice(file.cursor, file.cursor + size);
          const batch: Removal[] = slice.map((advertisementNumber) => ({
            provider: file.provider,
            advertisementNumber,
            availability: 'withdrawn',
          }));
          await runStep(file, async (at) => {
            const outcome = await planRemovals(batch, at);
            return { counts: { removed: outcome.removed }, changes: outcome.changes, write: outcome.write };
          });
          file.cursor += slice.length;
          await save();
        }
        Object.assign(file, { phase: 'publish', cursor: 0 });
        await save();
        break;
      }
      case 'publish': {
        const published = await publishChanges(() => stepChanges(file.id, file.steps));
        file.snapshotVersion = published.version;
        Object.assign(file, { phase: 'events' });
        await save();
        await noteProviderFeed(file.provider, {
          at: new Date().toISOString(),
          fileId: file.id,
          // A file whose every line was refused is no good feed: the late-feed alarm keeps counting.
          applied: file.counts.read > file.counts.refused,
          listedCars: published.listed[file.provider] ?? 0,
        });
        break;
      }
      case 'events': {
        let events = 0;
        for await (const changes of stepChanges(file.id, file.steps)) events += await tellOrdersOfCars(changes);
        file.events = events;
        await finish(file, 'applied');
        return true;
      }
      case 'done':
        return true;
    }
  }
}

/**
 * One step: its changes are recorded (with its counts) before any car is written, so a step
 * repeated after a timeout, which finds its own writes unchanged, loses nothing.
 */
async function runStep(
  file: FeedFile,
  plan: (at: string) => Promise<{ counts: Partial<FeedFile['counts']>; changes: CarChange[]; write(): Promise<void> }>,
): Promise<void> {
  const at = new Date().toISOString();
  const number = file.steps + 1;
  const planned = await plan(at);
  const recorded = await writeStep(file.id, number, { counts: planned.counts, changes: planned.changes });
  await planned.write();
  for (const [name, value] of Object.entries(recorded.counts))
    file.counts[name as keyof FeedFile['counts']] += value ?? 0;
  file.steps = number;
}

/**
 * A file's first pass, before anything is written: the whole file must read (a gzip cut short
 * is refused, not applied in part). For a full list, its cars against those the provider lists
 * now: `held` when it would remove more than the set share (unless staff confirmed it), refused
 * when no line is a car, and otherwise it records which listings it removes.
 */
async function scanFile(file: FeedFile): Promise<'go' | 'held' | { refused: string }> {
  const seen = new Set<string>();
  const listedRefused = new Set<string>();
  try {
    for await (const { text } of objectLines(bucketName(), file.key, file.gzip)) {
      if (file.kind !== 'full') continue;
      const read = readFeedLine(text, file.provider, 'full');
      if (read?.ok && read.value.op === 'upsert') seen.add(read.value.car.advertisementNumber);
      // Listed on a line refused below: the car stays as it is, neither updated nor removed.
      else if (read && !read.ok && read.advertisementNumber !== undefined) listedRefused.add(read.advertisementNumber);
    }
  } catch (error) {
    if (!unreadable(error)) throw error;
    return {
      refused: `the file cannot be read to its end (${(error as Error).message}): a cut-off or damaged upload is not applied; upload it again`,
    };
  }
  if (file.kind !== 'full') return 'go';
  if (seen.size === 0)
    return {
      refused: `no line of this full list is a car that can be read, and an empty list would remove every car of ${file.provider}`,
    };
  const listed: string[] = [];
  const pointer = await getCataloguePointer();
  if (pointer) {
    const { index } = await downloadSnapshot(pointer.objectKey, decodeAnySnapshot);
    for (let i = 0; i < index.size; i += 1) {
      const row = rowAt(index, i);
      if (row.provider === file.provider) listed.push(row.advertisementNumber);
    }
  }
  const removing = listed.filter(
    (advertisementNumber) => !seen.has(advertisementNumber) && !listedRefused.has(advertisementNumber),
  );
  const check = checkRemovals(removing.length, listed.length, feedSettings().maxRemovalShare);
  file.removals = { removing: check.removing, listed: check.listed, share: check.share, limit: check.limit };
  if (check.hold && file.confirmedAt === undefined) {
    file.reason = holdReason(file.provider, check);
    return 'held';
  }
  await writeRemovals(file.id, removing);
  return 'go';
}

/** A file that is not what it claims: a damaged gzip stream, or an object gone since it landed. */
const unreadable = (error: unknown) => {
  const code = (error as { code?: string }).code ?? '';
  const name = (error as Error).name ?? '';
  return (
    code.startsWith('Z_') ||
    name === 'NoSuchKey' ||
    /unexpected end of file|incorrect header check/i.test((error as Error).message ?? '')
  );
};

/**
 * Reads the file's lines from its cursor in steps of FEED_CHUNK_LINES, writing each step's cars
 * and saving its place. True when time ran out before the end of the file.
 */
async function applyLines(file: FeedFile, budget: Budget, save: () => Promise<void>): Promise<boolean> {
  const size = feedSettings().chunkLines;
  let upserts: CarImportLine[] = [];
  let removals: Removal[] = [];
  let last = file.cursor;
  let refused: Array<{ line: number; reason: string }> = [];
  let read = 0;
  const flush = async () => {
    const batchUpserts = upserts;
    const batchRemovals = removals;
    let unknown: Removal[] = [];
    await runStep(file, async (at) => {
      const upserted = await planUpserts(batchUpserts, at);
      const removed = await planRemovals(batchRemovals, at);
      unknown = removed.unknown;
      return {
        write: async () => {
          await upserted.write();
          await removed.write();
        },
        counts: {
          read,
          created: upserted.created,
          updated: upserted.updated,
          unchanged: upserted.unchanged + removed.unchanged,
          repriced: upserted.repriced,
          removed: removed.removed,
        },
        changes: [...upserted.changes, ...removed.changes],
      };
    });
    for (const r of unknown)
      refused.push({
        line: r.line ?? 0,
        reason: `no car of ${file.provider} with advertisementNumber "${r.advertisementNumber}" is in the catalogue`,
      });
    for (const r of refused.sort((a, b) => a.line - b.line)) refuse(file, r.line, r.reason);
    file.cursor = last;
    await save();
    upserts = [];
    removals = [];
    refused = [];
    read = 0;
  };
  for await (const { line, text } of objectLines(bucketName(), file.key, file.gzip)) {
    if (line <= file.cursor) continue;
    last = line;
    const parsed = readFeedLine(text, file.provider, file.kind);
    if (parsed !== undefined) {
      read += 1;
      if (!parsed.ok) refused.push({ line, reason: parsed.reason });
      else if (parsed.value.op === 'upsert') upserts.push(parsed.value.car);
      else removals.push({ ...parsed.value, line });
    }
    if (line - file.cursor >= size) {
      await flush();
      if (budget.remainingMs() < STEP_RESERVE_MS) return true;
    }
  }
  if (last > file.cursor || upserts.length + removals.length + refused.length > 0) await flush();
  return false;
}
