import { extname } from 'node:path';
import { bucketName, envNumber } from '../config.js';
import { getObjectSigned, putObjectSigned } from './objects.js';
import { s3Object } from './picture-url.js';

/** A failed copy; `permanent` when retrying cannot help (the source says the image is gone). */
export class ArchiveError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** orders/{orderNumber}/{nn}-{file name}: the order of the photos and their file type are kept. */
export function archiveKey(orderNumber: number, index: number, url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image').replace(/[^A-Za-z0-9._-]/g, '_');
  return `orders/${orderNumber}/${String(index + 1).padStart(2, '0')}-${name}`;
}

/** Copies one image into the bucket: from its source URL, or from a bucket when it is an s3:// URI. */
export async function copyImage(url: string, key: string): Promise<string> {
  const { body, contentType } = s3Object(url) ? await readFromBucket(url) : await download(url);
  await putObjectSigned(
    bucketName(),
    key,
    body,
    contentType ?? TYPES[extname(new URL(url).pathname).toLowerCase()] ?? 'application/octet-stream',
  );
  return key;
}

type Picture = { body: Uint8Array; contentType?: string };

async function download(url: string): Promise<Picture> {
  const timeoutMs = envNumber('ARCHIVE_FETCH_TIMEOUT_MS', 10_000);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ArchiveError(
      `${url}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message}`,
      false,
    );
  }
  if (response.status === 404 || response.status === 410)
    throw new ArchiveError(`${url}: the source has no such image (HTTP ${response.status})`, true);
  if (!response.ok) throw new ArchiveError(`${url}: HTTP ${response.status}`, false);
  return {
    body: new Uint8Array(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? undefined,
  };
}

/** A picture kept in a bucket is read with the service's own credentials (it need not be public). */
async function readFromBucket(uri: string): Promise<Picture> {
  const { bucket, key } = s3Object(uri)!;
  let picture: Picture | undefined;
  try {
    picture = await getObjectSigned(bucket, key);
  } catch (error) {
    throw new ArchiveError(`${uri}: ${(error as Error).message}`, false);
  }
  if (!picture) throw new ArchiveError(`${uri}: the bucket has no such image (HTTP 404)`, true);
  return picture;
}
