import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { generateCatalogue } from '../demo-catalogue/generate.js';
import { demoImageFiles } from '../demo-catalogue/images.js';
import { importCars } from '../../lib/use-cases/import-catalogue.js';
import { bucketName } from '../../lib/config.js';
import { getCataloguePointer } from '../../lib/store/cars.js';

const DEMO_IMAGE_PREFIX = 'demo-images';

/**
 * Seeds a synthetic catalogue once (skipped when one exists): the demo car pictures go to the
 * local S3 bucket, which serves them over HTTP, so the demo needs no internet.
 */
export async function seedCatalogue(options: { count: number; s3Endpoint: string; progress?: (phase: string) => void }): Promise<{ seeded: boolean; count: number }> {
  const pointer = await getCataloguePointer();
  if (pointer) return { seeded: false, count: pointer.count };
  options.progress?.(`catalogue: empty, generating and importing ${options.count} demo cars (first start only)`);
  const bucket = bucketName();
  // Its own client: the service's gives up connecting after 2 s, which a busy machine (a test run
  // beside npm start) can exceed while this process also bundles and seeds.
  const s3 = new S3Client({ forcePathStyle: true, requestHandler: { connectionTimeout: 30_000, requestTimeout: 60_000 }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  await Promise.all(
    demoImageFiles().map((file) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key: `${DEMO_IMAGE_PREFIX}/${file.name}`, Body: file.svg, ContentType: 'image/svg+xml' })),
    ),
  );
  const cars = generateCatalogue({ count: options.count, seed: 42, imageBaseUrl: `${options.s3Endpoint}/${bucket}/${DEMO_IMAGE_PREFIX}` });
  // The import is idempotent (cars are keyed by provider and advertisement number), so a busy
  // machine's timeout is simply tried again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const summary = await importCars(cars);
      return { seeded: true, count: summary.catalogueSize };
    } catch (error) {
      if (attempt >= 3) throw error;
      options.progress?.(`catalogue: import attempt ${attempt} failed (${(error as Error).message}); trying again`);
    }
  }
}
