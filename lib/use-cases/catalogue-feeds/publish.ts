import type { Provider } from '../../domain/car.js';
import { changeInstant } from '../../domain/catalogue-feeds.js';
import { newId } from '../../domain/ids.js';
import {
  type CarChange,
  decodeJournal,
  emptyJournal,
  encodeJournal,
  journalKey,
  journalWith,
} from '../../catalogue/changes.js';
import type { CarRow } from '../../catalogue/car-row.js';
import { buildIndexFrom, rowAt } from '../../catalogue/catalogue-index.js';
import { downloadSnapshot, snapshotKey } from '../../catalogue/snapshot.js';
import { decodeAnySnapshot } from '../../catalogue/snapshot-older.js';
import { encodeSnapshot } from '../../catalogue/snapshot-writer.js';
import { readObject } from '../../archive/objects.js';
import { writeObject } from '../../archive/s3.js';
import { bucketName, catalogueChangesDays } from '../../config.js';
import { getCataloguePointer, putCataloguePointer } from '../../store/cars.js';
import { RETRY, withRetries } from '../shared/retry.js';

export interface Published {
  version: string;
  /** Cars in the new snapshot. */
  count: number;
  /** The provider's cars in the new snapshot. */
  listed: Record<Provider, number>;
  /** When the changes reached the list (what `updatedSince` compares). */
  changedAt: string;
}

/**
 * Publishes a new snapshot: the current one with `changes` applied (cars listed or changed, cars
 * gone), and its change journal. Readers keep the snapshot they have until the pointer moves.
 * Two imports at once must not drop each other's cars: the pointer moves only from the snapshot
 * this one merged into, otherwise it merges again onto the newer one, reading the changes again.
 */
export async function publishChanges(
  changes: () => AsyncIterable<readonly CarChange[]> | Iterable<readonly CarChange[]>,
): Promise<Published> {
  return withRetries(
    async () => {
      const pointer = await getCataloguePointer();
      const current = pointer ? (await downloadSnapshot(pointer.objectKey, decodeAnySnapshot)).index : undefined;
      const journal = pointer?.changesKey
        ? decodeJournal(await readObject(bucketName(), pointer.changesKey))
        : emptyJournal();
      const applied: CarChange[] = [];
      const listedNow = new Map<number, CarRow>();
      const gone = new Set<number>();
      for await (const set of changes()) {
        for (const change of set) {
          if (change.kind === 'upsert') {
            listedNow.set(change.row.id, change.row);
            gone.delete(change.row.id);
          } else {
            listedNow.delete(change.id);
            gone.add(change.id);
          }
          applied.push(change);
        }
      }
      // The new list streams into the index builder: the current snapshot's rows but the changed
      // ones, then the changed ones. Only the changes are held as objects, not the catalogue.
      const listed = {} as Record<Provider, number>;
      let count = 0;
      function* rows(): Generator<CarRow> {
        const tally = (row: CarRow) => {
          listed[row.provider] = (listed[row.provider] ?? 0) + 1;
          count += 1;
          return row;
        };
        for (let i = 0; i < (current?.size ?? 0); i += 1) {
          const id = current!.id[i]!;
          if (!listedNow.has(id) && !gone.has(id)) yield tally(rowAt(current!, i));
        }
        for (const row of listedNow.values()) yield tally(row);
      }
      const index = buildIndexFrom(rows());
      const at = changeInstant(Date.now(), pointer?.createdAt);
      const createdAt = new Date(at).toISOString();
      const version = `${createdAt.replace(/[:.]/g, '-')}-${newId().slice(0, 8)}`;
      const objectKey = snapshotKey(version);
      const changesKey = journalKey(version);
      await writeObject(bucketName(), objectKey, encodeSnapshot(version, index), 'application/octet-stream');
      const oldest = at - catalogueChangesDays() * 86_400_000;
      await writeObject(
        bucketName(),
        changesKey,
        encodeJournal(journalWith(journal, applied, at, oldest)),
        'application/gzip',
      );
      if (!(await putCataloguePointer({ version, objectKey, count, createdAt, changesKey }, pointer?.version)))
        return RETRY;
      return { version, count, listed, changedAt: createdAt };
    },
    () => new Error('the catalogue kept changing during the import; run it again'),
  );
}
