import { s3Endpoint } from '../config.js';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * One S3 client per container. A custom endpoint (AWS_ENDPOINT_URL_S3: the local s3rver) needs
 * path-style addressing and no default checksums, which s3rver rejects; AWS keeps the defaults.
 */
const localEndpoint = s3Endpoint() !== undefined;

export const s3 = new S3Client({
  forcePathStyle: localEndpoint,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 30_000 },
  ...(localEndpoint
    ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
    : {}),
});

/** Writes one object (the catalogue import's snapshot): only the staff CLI's import does this. */
export async function writeObject(bucket: string, key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}
