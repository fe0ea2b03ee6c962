import { isCurrentSnapshot } from '../../catalogue/snapshot.js';
import { decodeAnySnapshot } from '../../catalogue/snapshot-older.js';
import { encodeSnapshot } from '../../catalogue/snapshot-writer.js';
import { getObjectSigned } from '../../archive/objects.js';
import { writeObject } from '../../archive/s3.js';
import { bucketName } from '../../config.js';
import { getCataloguePointer } from '../../store/cars.js';

/**
 * Rewrites the catalogue snapshot the pointer names in the current format when an older version
 * wrote it (VPOCAT2 or gzipped JSON rows), which the car list no longer maps: same key, same
 * version, same cars, so its change journal still goes with it and a warm container keeps the
 * index it has. Run once after deploying (docs/deploying.md); the local stack runs it by itself.
 * An import meanwhile is safe: it reads either form, and moves the pointer to a snapshot of its own.
 */
export async function upgradeCatalogueSnapshot(): Promise<
  'upgraded' | 'current' | 'no catalogue' | 'snapshot missing'
> {
  const pointer = await getCataloguePointer();
  if (!pointer) return 'no catalogue';
  // Nothing to convert (a bucket emptied by hand): the next import publishes a snapshot of its own.
  const body = (await getObjectSigned(bucketName(), pointer.objectKey))?.body;
  if (!body) return 'snapshot missing';
  if (isCurrentSnapshot(body)) return 'current';
  const { version, index } = decodeAnySnapshot(body);
  await writeObject(bucketName(), pointer.objectKey, encodeSnapshot(version, index), 'application/octet-stream');
  return 'upgraded';
}
