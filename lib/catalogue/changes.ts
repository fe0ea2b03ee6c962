import { gunzipSync, gzipSync } from 'node:zlib';
import type { Provider, RemovedAvailability } from '../domain/car.js';
import type { CarRow } from './car-row.js';

/** One change an import makes to the list: a car listed (new or changed), or a car gone. */
export type CarChange =
  | { kind: 'upsert'; row: CarRow; created: boolean /** The price before, when it changed. */; from?: number }
  | {
      kind: 'remove';
      id: number;
      provider: Provider;
      advertisementNumber: string;
      availability: RemovedAvailability;
      removedAt: string;
    };

/**
 * What changed in the list and when, kept beside each snapshot (catalogue/snapshots/<version>
 * .changes.json.gz) for `GET /cars?updatedSince=`: per car, the instant its last change reached
 * the list, and for a car gone, how and when it left. Entries older than the retention are
 * dropped when the next snapshot is made. Columns, sorted by (instant, id): a million entries
 * are three number arrays, not a million objects.
 */
export interface ChangeJournal {
  /** The distinct instants (epoch ms), ascending: one per snapshot that changed something. */
  times: number[];
  id: number[];
  /** Index into `times`. */
  time: number[];
  /** id -> how the car left, for cars gone from the list. */
  removed: Map<
    number,
    { provider: Provider; advertisementNumber: string; availability: RemovedAvailability; removedAt: string }
  >;
}

export const emptyJournal = (): ChangeJournal => ({ times: [], id: [], time: [], removed: new Map() });

/** The journal after a snapshot's changes at `at`: each car's entry moves to `at`; entries before `oldest` go. */
export function journalWith(
  previous: ChangeJournal,
  changes: Iterable<CarChange>,
  at: number,
  oldest: number,
): ChangeJournal {
  const latest = new Map<number, number>();
  const removed = new Map(previous.removed);
  for (let i = 0; i < previous.id.length; i += 1) {
    const when = previous.times[previous.time[i]!]!;
    if (when >= oldest) latest.set(previous.id[i]!, when);
  }
  for (const change of changes) {
    if (change.kind === 'upsert') {
      latest.set(change.row.id, at);
      removed.delete(change.row.id);
    } else {
      latest.set(change.id, at);
      removed.set(change.id, {
        provider: change.provider,
        advertisementNumber: change.advertisementNumber,
        availability: change.availability,
        removedAt: change.removedAt,
      });
    }
  }
  const entries = [...latest].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const times: number[] = [];
  const journal: ChangeJournal = { times, id: [], time: [], removed: new Map() };
  for (const [id, when] of entries) {
    if (times[times.length - 1] !== when) times.push(when);
    journal.id.push(id);
    journal.time.push(times.length - 1);
    const gone = removed.get(id);
    if (gone) journal.removed.set(id, gone);
  }
  return journal;
}

/** Positions of the entries changed strictly after `since` (epoch ms), oldest first. */
export function firstAfter(journal: ChangeJournal, since: number): number {
  let low = 0;
  let high = journal.id.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (journal.times[journal.time[mid]!]! <= since) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function encodeJournal(journal: ChangeJournal): Buffer {
  return gzipSync(
    JSON.stringify({ times: journal.times, id: journal.id, time: journal.time, removed: [...journal.removed] }),
  );
}

export function decodeJournal(body: Uint8Array): ChangeJournal {
  const parsed = JSON.parse(gunzipSync(body).toString('utf8')) as Omit<ChangeJournal, 'removed'> & {
    removed: Array<[number, ChangeJournal['removed'] extends Map<number, infer V> ? V : never]>;
  };
  return { times: parsed.times, id: parsed.id, time: parsed.time, removed: new Map(parsed.removed) };
}

/** Where a snapshot's journal is kept. */
export const journalKey = (version: string) => `catalogue/snapshots/${version}.changes.json.gz`;
