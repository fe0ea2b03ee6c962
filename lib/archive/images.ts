import { extname } from 'node:path';
import { bucketName, envNumber } from '../config.js';
import { putObjectSigned } from './objects.js';

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

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif', '.svg': 'image/svg+xml' };

/** orders/{orderNumber}/{nn}-{file name}: the order of the photos and their file type are kept. */
export function archiveKey(orderNumber: number, index: number, url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image').replace(/[^A-Za-z0-9._-]/g, '_');
  return `orders/${orderNumber}/${String(index + 1).padStart(2, '0')}-${name}`;
}

/** Copies one image from its source URL into the bucket. */
export async function copyImage(url: string, key: string): Promise<string> {
  const timeoutMs = envNumber('ARCHIVE_FETCH_TIMEOUT_MS', 10_000);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new ArchiveError(`${url}: ${(error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message}`, false);
  }
  if (response.status === 404 || response.status === 410) throw new ArchiveError(`${url}: the source has no such image (HTTP ${response.status})`, true);
  if (!response.ok) throw new ArchiveError(`${url}: HTTP ${response.status}`, false);
  const body = new Uint8Array(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? TYPES[extname(new URL(url).pathname).toLowerCase()] ?? 'application/octet-stream';
  await putObjectSigned(bucketName(), key, body, contentType);
  return key;
}
