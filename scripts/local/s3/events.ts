/**
 * Event records say ObjectCreated:CompleteMultipartUpload, carry the copy's ETag, the bucket's
 * ARN and an URL-encoded key as S3's do, and DeleteObjects reports its deletions.
 */
import { requests } from './current-request.js';
import type { RawRecord, S3EventRecord } from './event-record.js';
import { formEncode } from './form-encoding.js';
import type { Context, S3EventClass, S3rverApp } from './s3rver.js';

/** Calls `report` with each of the fork's event records, made like S3's. */
export function reportEvents(app: S3rverApp, S3Event: S3EventClass, report: (record: S3EventRecord) => void): void {
  const store = app.store;
  // Copies and DeleteObjects: what the fork's events lack, taken from the store calls of the request.
  const copiedETags = new WeakMap<Context, string>();
  const copyObject = store.copyObject.bind(store);
  store.copyObject = async (...args) => {
    const metadata = await copyObject(...args);
    const ctx = requests.getStore();
    if (ctx) copiedETags.set(ctx, unquote(metadata.etag ?? ''));
    return metadata;
  };
  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = async (bucket, key) => {
    await deleteObject(bucket, key);
    const ctx = requests.getStore();
    if (ctx?.method === 'POST' && 'delete' in ctx.query)
      ctx.app.emit(
        'event',
        new S3Event({ bucket, eventType: 'Delete', S3Item: { key } }, { reqHeaders: ctx.headers, sourceIp: ctx.ip }),
      );
  };
  app.on('event', (event: { Records: RawRecord[] }) => {
    const ctx = requests.getStore();
    for (const record of event.Records) report(s3Record(record, ctx, ctx && copiedETags.get(ctx)));
  });
}

let sequence = 0;

/** The fork's record, made like S3's. */
function s3Record(record: RawRecord, ctx: Context | undefined, copiedETag: string | undefined): S3EventRecord {
  const completed = record.eventName === 'ObjectCreated:Post' && ctx !== undefined && 'uploadId' in ctx.query;
  const eTag = record.eventName === 'ObjectCreated:Copy' ? copiedETag : record.s3.object.eTag;
  sequence += 1;
  return {
    ...record,
    eventSource: 'aws:s3',
    eventName: completed ? 'ObjectCreated:CompleteMultipartUpload' : record.eventName,
    s3: {
      ...record.s3,
      bucket: { ...record.s3.bucket, arn: `arn:aws:s3:::${record.s3.bucket.name}` },
      object: {
        ...record.s3.object,
        key: formEncode(record.s3.object.key),
        ...(eTag === undefined ? {} : { eTag }),
        // Increasing for the emulator's life, as S3's are per key (the fork's repeat within a millisecond).
        sequencer: `${Date.now().toString(16).toUpperCase().padStart(12, '0')}${sequence.toString(16).toUpperCase().padStart(8, '0')}`,
      },
    },
  };
}

const unquote = (eTag: string) => eTag.replace(/"/g, '');
