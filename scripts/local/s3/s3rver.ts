/**
 * The fork's modules, typed as far as they are used here (it ships no types). Loaded in the
 * emulator's process only.
 */
import type { EventEmitter } from 'node:events';
import type { createServer, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { RawRecord } from './event-record.js';

/** The parts of the fork's Koa context used here. */
export interface Context {
  method: string;
  path: string;
  originalUrl: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | string[] | undefined>;
  params: { bucket?: string; key?: string };
  status: number;
  type: string;
  body: unknown;
  res: ServerResponse;
  app: EventEmitter;
}

export interface S3ErrorClass {
  new (code: string, message: string, detail?: Record<string, unknown>): Error & { code: string; status: number };
  prototype: { toXML(): string };
}

interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getBucketPath(bucket: string): string;
  getMetadata(bucket: string, key: string): Promise<Record<string, string>>;
  putPart(
    bucket: string,
    uploadId: unknown,
    partNumber: unknown,
    content: unknown,
  ): Promise<{ md5: string; size: number }>;
  putObjectMultipart(
    bucket: string,
    uploadId: unknown,
    parts: Array<{ number: number; etag: string }>,
  ): Promise<{ md5: string; size: number }>;
  copyObject(...args: unknown[]): Promise<Record<string, string>>;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/** What the listing and multipart patches use of the fork. */
export interface Hooks {
  S3Error: S3ErrorClass;
  store: Store;
}

export type S3rverApp = EventEmitter & {
  middleware: unknown[];
  store: Store;
  callback(): Parameters<typeof createServer>[1];
};

export type S3EventClass = new (data: object, request: object) => { Records: RawRecord[] };

export interface SignatureV4 {
  getStringToSign(canonicalRequest: { uri: string }, request: unknown): string;
}

export async function loadS3rver() {
  const forkModule = createRequire(import.meta.url);
  // @ts-expect-error: the fork ships no types.
  const { default: S3rver } = (await import('@20minutes/s3rver')) as { default: new (options: object) => S3rverApp };
  const S3Error = forkModule('@20minutes/s3rver/lib/models/error.js') as S3ErrorClass;
  const S3Event = forkModule('@20minutes/s3rver/lib/models/event.js') as S3EventClass;
  const bucketController = forkModule('@20minutes/s3rver/lib/controllers/bucket.js') as {
    getBucket(ctx: Context): Promise<void>;
  };
  const { DUMMY_ACCOUNT } = forkModule('@20minutes/s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { id: number; displayName: string };
  };
  const signatureV4 = forkModule('@20minutes/s3rver/lib/signature/v4.js') as SignatureV4;
  return { S3rver, S3Error, S3Event, bucketController, DUMMY_ACCOUNT, signatureV4 };
}
