import type { Provider } from '../../domain/car.js';
import { changeInstant } from '../../domain/catalogue-feeds.js';
import { newId } from '../../domain/ids.js';
import { type CarChange, decodeJournal, emptyJournal, encodeJournal, journalKey, journalWith } from '../../catalogue/changes.js';
import type { CarRow } from '../../catalogue/car-row.js';
import { buildIndex, rowAt } from '../../catalogue/catalogue-index.js';
import { downloadSnapshot, encodeSnapshot, snapshotKey } from '../../catalogue/snapshot.js';
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
export async function publishChanges(changes: () => AsyncIterable<readonly CarChange[]> | Iterable<readonly CarChange[]>): Promise<Published> {
  return withRetries(
    async () => {
      const pointer = await getCataloguePointer();
      const rows = new Map<number, CarRow>();
      if (pointer) {
        const { index } = await downloadSnapshot(pointer.objectKey);
        for (let i = 0; i < index.size; i += 1) rows.set(index.id[i]!, rowAt(index, i));
      }
      const journal = pointer?.changesKey ? decodeJournal(await readObject(bucketName(), pointer.changesKey)) : emptyJournal();
      const applied: CarChange[] = [];
      for await (const set of changes()) {
        for (const change of set) {
          if (change.kind === 'upsert') rows.set(change.row.id, change.row);
          else rows.delete(change.id);
          applied.push(change);
        }
      }
      const at = changeInstant(Date.now(), pointer?.createdAt);
      const createdAt = new Date(at).toISOString();
      const version = `${createdAt.replace(/[:.]/g, '-')}-${newId().slice(0, 8)}`;
      const objectKey = snapshotKey(version);
      const changesKey = journalKey(version);
      const listed = {} as Record<Provider, number>;
      for (const row of rows.values()) listed[row.provider] = (listed[row.provider] ?? 0) + 1;
      await writeObject(bucketName(), objectKey, encodeSnapshot(version, buildIndex([...rows.values()])), 'application/octet-stream');
      const oldest = at - catalogueChangesDays() * 86_400_000;
      await writeObject(bucketName(), changesKey, encodeJournal(journalWith(journal, applied, at, oldest)), 'application/gzip');
      if (!(await putCataloguePointer({ version, objectKey, count: rows.size, createdAt, changesKey }, pointer?.version))) return RETRY;
      return { version, count: rows.size, listed, changedAt: createdAt };
    },
    () => new Error('the catalogue kept changing during the import; run it again'),
  );
}
