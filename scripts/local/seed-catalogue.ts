import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { generateCatalogue } from '../demo-catalogue/generate.js';
import { DEMO_IMAGE_PREFIX, demoImageBase, demoImageFiles } from '../demo-catalogue/images.js';
import { importCars } from '../../lib/use-cases/import-catalogue.js';
import { bucketName } from '../../lib/config.js';
import type { CarRecord } from '../../lib/domain/car.js';
import { findCarIds, getCar, getCataloguePointer } from '../../lib/store/cars.js';

const SEED = 42;

/** How data folders from before kept the demo pictures: an address on the S3 emulator's port of the day. */
const PORT_BOUND = /^https?:\/\/(127\.0\.0\.1|localhost):\d+\//;

type Progress = (phase: string) => void;

/**
 * Seeds a synthetic catalogue once (skipped when one exists): the demo car pictures go to the
 * local S3 bucket, and the cars name them by s3:// URI, which the API turns into an address on
 * the current S3 port when it answers, so the demo needs no internet and survives other ports.
 * A catalogue seeded before that (pictures on a fixed port) has its demo cars imported again
 * once, with s3:// URIs.
 */
export async function seedCatalogue(options: {
  count: number;
  s3Endpoint: string;
  progress?: Progress;
}): Promise<{ seeded: boolean; count: number }> {
  const progress = options.progress ?? (() => undefined);
  const bucket = bucketName();
  const pointer = await getCataloguePointer();
  if (pointer) {
    const stale = await portBoundDemoCars(bucket, pointer.count);
    if (stale.length === 0) return { seeded: false, count: pointer.count };
    progress(
      `catalogue: the demo pictures name an S3 port; importing ${stale.length} demo cars again with s3:// URIs (once)`,
    );
    await uploadPictures(bucket, options.s3Endpoint);
    return { seeded: false, count: await importWithRetries(stale, progress) };
  }
  progress(`catalogue: empty, generating and importing ${options.count} demo cars (first start only)`);
  await uploadPictures(bucket, options.s3Endpoint);
  const cars = generateCatalogue({ count: options.count, seed: SEED, imageBaseUrl: demoImageBase(bucket) });
  return { seeded: true, count: await importWithRetries(cars, progress) };
}

/**
 * The demo cars stored with port-bound picture addresses, as they are to be (s3:// URIs); none
 * when the first demo car's thumbnail is not port-bound (one read per start). The catalogue's
 * size bounds how many demo cars there can be; only those the table holds are returned.
 */
async function portBoundDemoCars(bucket: string, catalogueSize: number): Promise<CarRecord[]> {
  const generate = (count: number) => generateCatalogue({ count, seed: SEED, imageBaseUrl: demoImageBase(bucket) });
  const first = generate(1)[0]!;
  const firstId = (await findCarIds([first])).get(`${first.provider}#${first.advertisementNumber}`);
  const stored = firstId === undefined ? undefined : await getCar(firstId);
  if (!stored || !PORT_BOUND.test(stored.thumbnailUrl)) return [];
  const candidates = generate(catalogueSize);
  const known = await findCarIds(candidates);
  return candidates.filter((car) => known.has(`${car.provider}#${car.advertisementNumber}`));
}

async function uploadPictures(bucket: string, endpoint: string): Promise<void> {
  // Its own client: the service's gives up connecting after 2 s, which a busy machine (a test run
  // beside npm start) can exceed while this process also bundles and seeds.
  const s3 = new S3Client({
    endpoint,
    forcePathStyle: true,
    requestHandler: { connectionTimeout: 30_000, requestTimeout: 60_000 },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await Promise.all(
      demoImageFiles().map((file) =>
        s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${DEMO_IMAGE_PREFIX}/${file.name}`,
            Body: file.svg,
            ContentType: 'image/svg+xml',
          }),
        ),
      ),
    );
  } finally {
    s3.destroy();
  }
}

/** The import is idempotent (cars are keyed by provider and advertisement number), so a busy machine's timeout is simply tried again. */
async function importWithRetries(cars: CarRecord[], progress: Progress): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await importCars(cars)).catalogueSize;
    } catch (error) {
      if (attempt >= 3) throw error;
      progress(`catalogue: import attempt ${attempt} failed (${(error as Error).message}); trying again`);
    }
  }
}
