import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { s3 } from './s3.js';

/**
 * The catalogue feed import's S3 calls, with the S3 client (the import is a function of its own;
 * the HTTP functions keep the smaller signed fetches of objects.ts): a feed is read as a stream
 * of lines, so its memory is one line at a time whatever the file's size.
 */

export interface StoredObject {
  key: string;
  etag: string;
  size: number;
  lastModified: string;
}

const bareEtag = (etag: string | undefined) => (etag ?? '').replace(/^"|"$/g, '');

/** The object's ETag, size and time, or undefined when the bucket has no such key. */
export async function describeObject(bucket: string, key: string): Promise<StoredObject | undefined> {
  try {
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return {
      key,
      etag: bareEtag(head.ETag),
      size: head.ContentLength ?? 0,
      lastModified: (head.LastModified ?? new Date()).toISOString(),
    };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey')
      return undefined;
    throw error;
  }
}

/** Every object under `prefix`, oldest first (the local stack's stand-in for S3 event notifications). */
export async function listObjects(bucket: string, prefix: string): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? [])
      if (object.Key)
        found.push({
          key: object.Key,
          etag: bareEtag(object.ETag),
          size: object.Size ?? 0,
          lastModified: (object.LastModified ?? new Date()).toISOString(),
        });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found.sort((a, b) => a.lastModified.localeCompare(b.lastModified) || a.key.localeCompare(b.key));
}

/**
 * The object's lines, one at a time, numbered from 1 (gunzipped on the way when `gzip`). A
 * truncated gzip stream throws, so a cut-off file is refused rather than read in part.
 */
export async function* objectLines(
  bucket: string,
  key: string,
  gzip: boolean,
): AsyncGenerator<{ line: number; text: string }> {
  const response = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const body = response.Body as Readable;
  const source = gzip ? body.pipe(createGunzip()) : body;
  if (gzip) body.on('error', (error) => source.destroy(error));
  const reader = createInterface({ input: source, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const text of reader) {
      line += 1;
      yield { line, text };
    }
  } finally {
    reader.close();
    body.destroy();
  }
}

/** The object as text, or undefined when the bucket has no such key. */
export async function readText(bucket: string, key: string): Promise<string | undefined> {
  try {
    const response = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await response.Body!.transformToString('utf8');
  } catch (error) {
    if (
      (error as Error).name === 'NoSuchKey' ||
      (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
    )
      return undefined;
    throw error;
  }
}

export async function putObject(
  bucket: string,
  key: string,
  body: Uint8Array | string,
  contentType: string,
): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/** Deletes the objects under `prefix` (an import's working files once it is done). */
export async function deleteObjects(bucket: string, prefix: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length > 0)
      await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}
