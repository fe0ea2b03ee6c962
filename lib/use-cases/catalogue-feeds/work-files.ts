import type { CarChange } from '../../catalogue/changes.js';
import { deleteObjects, putObject, readText } from '../../archive/feed-objects.js';
import { bucketName } from '../../config.js';
import type { FeedCountsRecord } from '../../store/feed-files.js';

/**
 * An import's working files in the bucket, under catalogue/feed-work/<file id>/: what each step
 * changed (read back when the snapshot is published) and a full list's removals. A step's file
 * is written before its cars, and a step done again after a timeout adds to it, so no change is
 * lost to a step cut short between writing cars and saving its place.
 */
const workPrefix = (fileId: string) => `catalogue/feed-work/${fileId}/`;
const stepKey = (fileId: string, step: number) => `${workPrefix(fileId)}step-${String(step).padStart(6, '0')}.ndjson`;
const removalsKey = (fileId: string) => `${workPrefix(fileId)}removals.json`;

export interface StepRecord {
  /** The step's counts as its first attempt saw them (a repeat sees its own writes as unchanged). */
  counts: Partial<FeedCountsRecord>;
  changes: CarChange[];
}

/**
 * A change's listing: a repeat of a step whose cars were never written reserves new ids, so
 * changes are matched by listing, the repeat's winning.
 */
const listingOf = (change: CarChange) =>
  change.kind === 'upsert'
    ? `${change.row.provider}#${change.row.advertisementNumber}`
    : `${change.provider}#${change.advertisementNumber}`;

async function readStep(fileId: string, step: number): Promise<StepRecord | undefined> {
  const text = await readText(bucketName(), stepKey(fileId, step));
  if (text === undefined) return undefined;
  const [head, ...lines] = text.split('\n').filter((line) => line !== '');
  return {
    counts: JSON.parse(head ?? '{}') as StepRecord['counts'],
    changes: lines.map((line) => JSON.parse(line) as CarChange),
  };
}

/** Writes a step's changes, joined with what an earlier attempt of the same step recorded. */
export async function writeStep(fileId: string, step: number, attempt: StepRecord): Promise<StepRecord> {
  const earlier = await readStep(fileId, step);
  const merged = new Map<string, CarChange>();
  for (const change of earlier?.changes ?? []) merged.set(listingOf(change), change);
  for (const change of attempt.changes) merged.set(listingOf(change), change);
  const record: StepRecord = { counts: earlier?.counts ?? attempt.counts, changes: [...merged.values()] };
  const body = [JSON.stringify(record.counts), ...record.changes.map((c) => JSON.stringify(c))].join('\n');
  await putObject(bucketName(), stepKey(fileId, step), `${body}\n`, 'application/x-ndjson');
  return record;
}

/** Every step's changes, in order. */
export async function* stepChanges(fileId: string, steps: number): AsyncGenerator<CarChange[]> {
  for (let step = 1; step <= steps; step += 1) yield (await readStep(fileId, step))?.changes ?? [];
}

export async function writeRemovals(fileId: string, advertisementNumbers: readonly string[]): Promise<void> {
  await putObject(bucketName(), removalsKey(fileId), JSON.stringify(advertisementNumbers), 'application/json');
}

export async function readRemovals(fileId: string): Promise<string[]> {
  const text = await readText(bucketName(), removalsKey(fileId));
  return text === undefined ? [] : (JSON.parse(text) as string[]);
}

export const deleteWorkFiles = (fileId: string) => deleteObjects(bucketName(), workPrefix(fileId));
