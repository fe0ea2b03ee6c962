/**
 * The local stack's S3 emulator (scripts/local/s3-local.ts) as the service and its tools use S3:
 * paged listings (V2 through the SDK's paginator, V1 with markers) over more than 1,000 objects,
 * multipart uploads, event records, and faults that must end as S3 XML errors, never as the end of
 * the emulator or of the stack. The first part runs against the test stack's own emulator and
 * checks the API still answers; the second starts emulators of its own (events, a broken store,
 * an unexpected exit).
 */
import { createHash, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  type ListObjectsCommandOutput,
  ListObjectsV2Command,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Local, type S3EventRecord, type S3Local } from '../../scripts/local/s3-local.js';
import { api, demoKey } from '../support/http.js';

/** `maxAttempts: 1`: a 500 is answered once, not retried (and logged) three times. */
const clientFor = (endpoint: string) =>
  new S3Client({
    endpoint,
    maxAttempts: 1,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

/** S3's order: UTF-8 bytes. */
const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');
const MiB = 1024 * 1024;

/** The S3 error a command failed with (its code and status), or a failure when it succeeded. */
async function s3Error(promise: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  try {
    await promise;
  } catch (error) {
    const failure = error as S3ServiceException;
    return { name: failure.name, status: failure.$metadata?.httpStatusCode };
  }
  throw new Error('expected an S3 error');
}

/** An answer of the emulator that must be an S3 XML error: its status and code. */
async function xmlError(response: Response): Promise<{ status: number; code: string | undefined }> {
  const body = await response.text();
  expect(response.headers.get('content-type'), body).toMatch(/application\/xml/);
  expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\s*<Error>/);
  return { status: response.status, code: /<Code>([^<]*)<\/Code>/.exec(body)?.[1] };
}

/** Keys that sort differently by folder, by UTF-16 and by bytes, besides the bulk of plain ones. */
const TRICKY_KEYS = [
  'a',
  'a.b',
  'a/x',
  'a/x/y',
  'a-b',
  'a0',
  'b c/d e.txt',
  'plus+sign&amp',
  'dir/',
  'dir/inner',
  'ünïcode/ключ',
  '\u{1F600}/emoji',
  '\uFB01-ligature',
  'z',
];

async function fillBucket(client: S3Client, bucket: string, keys: string[]): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key, ContentType: 'text/plain' }));
      }
    }),
  );
}

async function apiAnswers(): Promise<void> {
  const res = await api('GET', '/api/v1/cars?limit=1', { key: demoKey('integrator') });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toHaveLength(1);
}

describe("the test stack's S3 emulator", () => {
  const endpoint = process.env.AWS_ENDPOINT_URL_S3!;
  const client = clientFor(endpoint);
  const bucket = `emulator-${randomBytes(4).toString('hex')}`;
  // 1,250 plain keys (in 40 folders, and flat ones whose numbers do not sort as numbers) and the tricky ones.
  const keys = [
    ...Array.from({ length: 650 }, (_, i) => `cars/${String(i % 40).padStart(2, '0')}/${i}.svg`),
    ...Array.from({ length: 600 }, (_, i) => `feeds/${i}.csv`),
    ...TRICKY_KEYS,
  ];
  const sorted = [...keys].sort(byteOrder);

  beforeAll(async () => {
    await fillBucket(client, bucket, keys);
  }, 120_000);

  it('pages ListObjectsV2 through the SDK paginator: every key once, in S3 order, then the API still answers', async () => {
    expect(keys.length).toBeGreaterThan(1_000);
    const pages: Array<{ keys: string[]; keyCount: number | undefined; truncated: boolean | undefined }> = [];
    for await (const page of paginateListObjectsV2({ client, pageSize: 100 }, { Bucket: bucket })) {
      pages.push({
        keys: (page.Contents ?? []).map((object) => object.Key!),
        keyCount: page.KeyCount,
        truncated: page.IsTruncated,
      });
    }
    expect(pages).toHaveLength(Math.ceil(keys.length / 100));
    expect(pages.every((page) => page.keys.length === page.keyCount)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.keys.length === 100 && page.truncated)).toBe(true);
    expect(pages.at(-1)!.truncated).toBe(false);
    const listed = pages.flatMap((page) => page.keys);
    expect(listed).toEqual(sorted);
    expect(new Set(listed).size).toBe(keys.length);

    // S3's own page size: at most 1,000 keys, whatever is asked.
    const bigPages: number[] = [];
    for await (const page of paginateListObjectsV2({ client, pageSize: 5_000 }, { Bucket: bucket }))
      bigPages.push(page.Contents?.length ?? 0);
    expect(bigPages).toEqual([1_000, keys.length - 1_000]);

    await apiAnswers();
  });

  it('pages with a delimiter: each common prefix counts once against max-keys and is never repeated', async () => {
    const expected = [...new Set(sorted.map((key) => (key.includes('/') ? key.slice(0, key.indexOf('/') + 1) : key)))];
    const seen: string[] = [];
    for await (const page of paginateListObjectsV2({ client, pageSize: 3 }, { Bucket: bucket, Delimiter: '/' })) {
      const entries = [
        ...(page.Contents ?? []).map((object) => object.Key!),
        ...(page.CommonPrefixes ?? []).map((prefix) => prefix.Prefix!),
      ];
      expect(entries.length).toBe(page.KeyCount);
      expect(entries.length).toBeLessThanOrEqual(3);
      seen.push(...entries.sort(byteOrder));
    }
    expect(seen).toEqual(expected);

    const inFolder: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client, pageSize: 7 },
      { Bucket: bucket, Prefix: 'cars/1', StartAfter: 'cars/15/' },
    )) {
      inFolder.push(...(page.Contents ?? []).map((object) => object.Key!));
    }
    expect(inFolder).toEqual(sorted.filter((key) => key.startsWith('cars/1') && byteOrder(key, 'cars/15/') > 0));
  });

  it('pages ListObjects (v1) with markers: the last key, or NextMarker with a delimiter', async () => {
    const listed: string[] = [];
    let marker: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await client.send(new ListObjectsCommand({ Bucket: bucket, MaxKeys: 250, Marker: marker }));
      pages += 1;
      listed.push(...(page.Contents ?? []).map((object) => object.Key!));
      expect(page.Contents?.[0]?.Owner?.DisplayName).toBeDefined();
      if (!page.IsTruncated) break;
      marker = page.Contents!.at(-1)!.Key;
    }
    expect(pages).toBe(Math.ceil(keys.length / 250));
    expect(listed).toEqual(sorted);

    const rolledUp: string[] = [];
    marker = undefined;
    for (;;) {
      const page: ListObjectsCommandOutput = await client.send(
        new ListObjectsCommand({ Bucket: bucket, MaxKeys: 2, Delimiter: '/', Marker: marker }),
      );
      rolledUp.push(
        ...(page.Contents ?? []).map((object) => object.Key!),
        ...(page.CommonPrefixes ?? []).map((prefix) => prefix.Prefix!),
      );
      if (!page.IsTruncated) break;
      expect(page.NextMarker).toBeDefined();
      marker = page.NextMarker;
    }
    expect(rolledUp.sort(byteOrder)).toEqual([
      ...new Set(sorted.map((key) => (key.includes('/') ? key.slice(0, key.indexOf('/') + 1) : key))),
    ]);
  });

  it('answers the raw request that ended s3rver 3.7.1 (GET ?list-type=2&max-keys=5) with a page and a working token', async () => {
    const first = await fetch(`${endpoint}/${bucket}?list-type=2&max-keys=5`);
    const firstBody = await first.text();
    expect(first.status, firstBody).toBe(200);
    const keysOf = (body: string) => [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1]);
    expect(keysOf(firstBody)).toEqual(sorted.slice(0, 5));
    expect(firstBody).toContain('<IsTruncated>true</IsTruncated>');
    const token = /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(firstBody)![1]!;

    const second = await fetch(
      `${endpoint}/${bucket}?list-type=2&max-keys=5&continuation-token=${encodeURIComponent(token)}`,
    );
    expect(keysOf(await second.text())).toEqual(sorted.slice(5, 10));
    await apiAnswers();
  });

  it('answers malformed requests with S3 XML errors and goes on serving', async () => {
    const list = (query: string) => fetch(`${endpoint}/${bucket}?${query}`);
    expect(await xmlError(await list('list-type=2&continuation-token=garbage'))).toEqual({
      status: 400,
      code: 'InvalidArgument',
    });
    expect(
      await xmlError(
        await list(`list-type=2&continuation-token=${encodeURIComponent(randomBytes(6_000).toString('base64'))}`),
      ),
    ).toEqual({
      status: 400,
      code: 'InvalidArgument',
    });
    // A token of another bucket, well-formed.
    expect(
      await xmlError(
        await list(
          `list-type=2&continuation-token=${encodeURIComponent(Buffer.from('other-bucket/a').toString('base64'))}`,
        ),
      ),
    ).toEqual({
      status: 400,
      code: 'InvalidArgument',
    });
    // Longer than Node's HTTP parser takes: refused before any handler runs.
    expect(await xmlError(await list(`list-type=2&continuation-token=${'A'.repeat(40_000)}`))).toEqual({
      status: 400,
      code: 'RequestHeaderSectionTooLarge',
    });
    expect(await xmlError(await list('list-type=2&max-keys=abc'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('list-type=2&max-keys=-1'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('encoding-type=bogus'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('prefix=a&prefix=b'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('list-type=2&marker=a'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('start-after=a'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('cors&website'))).toEqual({ status: 400, code: 'InvalidArgument' });
    expect(await xmlError(await list('uploads'))).toEqual({ status: 501, code: 'NotImplemented' });
    expect(
      (await xmlError(await fetch(`${endpoint}/${bucket}`, { headers: { authorization: 'AWS4-HMAC-SHA256 garbage' } })))
        .status,
    ).toBeGreaterThanOrEqual(400);

    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'bad-xml' }));
    const complete = (body: string) =>
      fetch(`${endpoint}/${bucket}/bad-xml?uploadId=${UploadId}`, { method: 'POST', body });
    expect(await xmlError(await complete('<CompleteMultipartUpload><Part><PartNumber>1</Part>'))).toEqual({
      status: 400,
      code: 'MalformedXML',
    });
    expect(await xmlError(await complete('not xml at all'))).toEqual({ status: 400, code: 'MalformedXML' });
    expect(await xmlError(await complete('<Other/>'))).toEqual({ status: 400, code: 'MalformedXML' });
    // An upload id that is a path: the fork would have written outside its store.
    const escaped = await fetch(
      `${endpoint}/${bucket}/x?uploadId=${encodeURIComponent('../../../escape')}&partNumber=1`,
      { method: 'PUT', body: 'x' },
    );
    expect(await xmlError(escaped)).toEqual({ status: 404, code: 'NoSuchUpload' });

    // Bytes that are not HTTP at all.
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(endpoint).port), '127.0.0.1', () =>
        socket.write('NOT HTTP AT ALL\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 400 Bad Request\r\n[\s\S]*<Error><Code>BadRequest<\/Code>/);

    const after = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 5 }));
    expect(after.Contents?.map((object) => object.Key)).toEqual(sorted.slice(0, 5));
    await apiAnswers();
  });

  describe('multipart uploads', () => {
    const upload = async (key: string, parts: Uint8Array[]) => {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: 'application/octet-stream' }),
      );
      const uploaded = [];
      for (const [i, body] of parts.entries()) {
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: i + 1, Body: body }),
        );
        uploaded.push({ PartNumber: i + 1, ETag: ETag! });
      }
      return { UploadId: UploadId!, parts: uploaded };
    };

    it("assembles the parts, with S3's multipart ETag, after refusing what S3 refuses", async () => {
      const bodies = [randomBytes(5 * MiB), randomBytes(1_000)];
      const { UploadId, parts } = await upload('multipart/big.bin', bodies);
      const completeWith = (Parts: Array<{ PartNumber: number; ETag: string }>) =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: 'multipart/big.bin',
            UploadId,
            MultipartUpload: { Parts },
          }),
        );

      // A part never uploaded: the fork's own code ended its process on this one.
      expect(
        await s3Error(completeWith([...parts, { PartNumber: 3, ETag: '"00000000000000000000000000000000"' }])),
      ).toEqual({
        name: 'InvalidPart',
        status: 400,
      });
      expect(
        await s3Error(completeWith([parts[0]!, { ...parts[1]!, ETag: '"0123456789abcdef0123456789abcdef"' }])),
      ).toEqual({
        name: 'InvalidPart',
        status: 400,
      });
      expect(await s3Error(completeWith([parts[1]!, parts[0]!]))).toEqual({ name: 'InvalidPartOrder', status: 400 });
      expect(
        await s3Error(
          client.send(
            new UploadPartCommand({
              Bucket: bucket,
              Key: 'multipart/big.bin',
              UploadId,
              PartNumber: 10_001,
              Body: 'x',
            }),
          ),
        ),
      ).toEqual({
        name: 'InvalidArgument',
        status: 400,
      });
      expect(
        await s3Error(
          client.send(
            new UploadPartCommand({ Bucket: bucket, Key: 'multipart/other-key', UploadId, PartNumber: 1, Body: 'x' }),
          ),
        ),
      ).toEqual({
        name: 'NoSuchUpload',
        status: 404,
      });

      const done = await completeWith(parts);
      const expectedETag = `"${md5(Buffer.concat(bodies.map((body) => Buffer.from(md5(body), 'hex'))))}-2"`;
      expect(done.ETag).toBe(expectedETag);
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'multipart/big.bin' }));
      expect(object.ETag).toBe(expectedETag);
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(Buffer.concat(bodies))).toBe(true);
      // Completed: the upload is gone.
      expect(await s3Error(completeWith(parts))).toEqual({ name: 'NoSuchUpload', status: 404 });
    });

    it('refuses parts under 5 MiB but the last (EntityTooSmall)', async () => {
      const { UploadId, parts } = await upload('multipart/small.bin', [randomBytes(1_000), randomBytes(1_000)]);
      const complete = client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: 'multipart/small.bin',
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      expect(await s3Error(complete)).toEqual({ name: 'EntityTooSmall', status: 400 });
      // A single small part is a whole (last) part.
      const single = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: 'multipart/small.bin',
          UploadId,
          MultipartUpload: { Parts: parts.slice(0, 1) },
        }),
      );
      expect(single.ETag).toMatch(/^"[0-9a-f]{32}-1"$/);
    });

    it('aborts an upload: its parts are gone and its id is unknown from then on', async () => {
      const { UploadId } = await upload('multipart/aborted.bin', [randomBytes(2_000)]);
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'multipart/aborted.bin', UploadId }));

      expect(
        await s3Error(
          client.send(
            new UploadPartCommand({ Bucket: bucket, Key: 'multipart/aborted.bin', UploadId, PartNumber: 2, Body: 'x' }),
          ),
        ),
      ).toEqual({
        name: 'NoSuchUpload',
        status: 404,
      });
      const complete = client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: 'multipart/aborted.bin',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"x"' }] },
        }),
      );
      expect(await s3Error(complete)).toEqual({ name: 'NoSuchUpload', status: 404 });
      expect(
        await s3Error(
          client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'multipart/aborted.bin', UploadId })),
        ),
      ).toEqual({
        name: 'NoSuchUpload',
        status: 404,
      });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'multipart/' }));
      expect(listed.Contents?.map((object) => object.Key)).not.toContain('multipart/aborted.bin');
    });
  });
});

describe('an emulator of its own (startS3Local)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vpo-s3-emulator-test-'));
  const lines: string[] = [];
  const records: S3EventRecord[] = [];
  let emulator: S3Local;
  let client: S3Client;
  const bucket = 'own-bucket';

  /**
   * `list` from index `from` on, once `count` items arrived there (or 5 s passed): records and log
   * lines come over IPC, the answers over HTTP, so either may be first.
   */
  async function arrived<T>(list: T[], from: number, count: number): Promise<T[]> {
    const deadline = Date.now() + 5_000;
    while (list.length < from + count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return list.slice(from);
  }

  beforeAll(async () => {
    emulator = await startS3Local({ port: 0, dataDir, log: (line) => lines.push(line) });
    emulator.onEvent((record) => records.push(record));
    client = clientFor(emulator.endpoint);
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  });

  afterAll(async () => {
    await emulator?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports S3 event records: objects put under feeds/, a completed upload, a copy, deletions', async () => {
    const from = records.length;
    const body = Buffer.from('make,model\nHyundai,Sonata\n');
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'feeds/price list.csv', Body: body }));
    const [put] = await arrived(records, from, 1);
    expect(put).toMatchObject({
      eventSource: 'aws:s3',
      eventName: 'ObjectCreated:Put',
      s3: {
        bucket: { name: bucket, arn: `arn:aws:s3:::${bucket}` },
        object: { key: 'feeds/price+list.csv', size: body.length, eTag: md5(body) },
      },
    });

    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'feeds/big.csv' }));
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'feeds/big.csv', UploadId, PartNumber: 1, Body: body }),
    );
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'feeds/big.csv',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] },
      }),
    );
    await client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'archive/price list.csv',
        CopySource: `${bucket}/feeds/price%20list.csv`,
      }),
    );
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'feeds/big.csv' }));
    await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'feeds/price list.csv' }, { Key: 'archive/price list.csv' }] },
      }),
    );

    const later = (await arrived(records, from + 1, 5)).map((record) => ({
      eventName: record.eventName,
      key: record.s3.object.key,
      eTag: record.s3.object.eTag,
    }));
    expect(later).toHaveLength(5);
    expect(later.slice(0, 3)).toEqual([
      {
        eventName: 'ObjectCreated:CompleteMultipartUpload',
        key: 'feeds/big.csv',
        eTag: `${md5(Buffer.from(md5(body), 'hex'))}-1`,
      },
      { eventName: 'ObjectCreated:Copy', key: 'archive/price+list.csv', eTag: md5(body) },
      { eventName: 'ObjectRemoved:Delete', key: 'feeds/big.csv', eTag: undefined },
    ]);
    // DeleteObjects deletes its keys in parallel: in either order.
    expect(later.slice(3).sort((a, b) => byteOrder(a.key, b.key))).toEqual([
      { eventName: 'ObjectRemoved:Delete', key: 'archive/price+list.csv', eTag: undefined },
      { eventName: 'ObjectRemoved:Delete', key: 'feeds/price+list.csv', eTag: undefined },
    ]);
    const sequencers = records.slice(from).map((record) => record.s3.object.sequencer);
    expect([...sequencers].sort()).toEqual(sequencers);
    expect(new Set(sequencers).size).toBe(sequencers.length);

    // Unsubscribed: no more records for that listener.
    const mine: S3EventRecord[] = [];
    const unsubscribe = emulator.onEvent((record) => mine.push(record));
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'feeds/one.csv', Body: 'x' }));
    expect(await arrived(records, from + 6, 1)).toHaveLength(1);
    unsubscribe();
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'feeds/two.csv', Body: 'x' }));
    expect((await arrived(records, from + 7, 1)).map((record) => record.s3.object.key)).toEqual(['feeds/two.csv']);
    expect(mine.map((record) => record.s3.object.key)).toEqual(['feeds/one.csv']);
  });

  it('answers a broken file in its store with 500 InternalError and one log line', async () => {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'broken/object.json', Body: '{}' }));
    writeFileSync(join(dataDir, bucket, 'broken', 'object.json._S3rver_metadata.json'), '{ not json');
    const logged = lines.length;

    const get = await fetch(`${emulator.endpoint}/${bucket}/broken/object.json`);
    expect(await xmlError(get)).toEqual({ status: 500, code: 'InternalError' });
    expect(await s3Error(client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'broken/' })))).toEqual({
      name: 'InternalError',
      status: 500,
    });
    expect(await arrived(lines, logged, 2)).toEqual([
      expect.stringMatching(/^S3 emulator: 500 InternalError on GET \/own-bucket\/broken\/object\.json: SyntaxError: /),
      expect.stringMatching(
        /^S3 emulator: 500 InternalError on GET \/own-bucket\/\?list-type=2&prefix=broken%2F: SyntaxError: /,
      ),
    ]);

    // Everything else still works.
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'feeds/' }));
    expect(listed.KeyCount).toBeGreaterThan(0);
  });

  it('answers an exception no handler catches with 500 InternalError, and keeps serving', async () => {
    const key = 'uncaught/object.bin';
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const parts = [];
    for (const [i, body] of [randomBytes(5 * MiB), randomBytes(10)].entries()) {
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: i + 1, Body: body }),
      );
      parts.push({ PartNumber: i + 1, ETag: ETag! });
    }
    // The last part's file turned into a folder: the fork's read stream fails with no one listening.
    const uploads = join(dataDir, bucket, '._S3rver_uploads', UploadId!);
    expect(readdirSync(uploads)).toContain('2');
    rmSync(join(uploads, '2'));
    mkdirSync(join(uploads, '2'));
    const logged = lines.length;

    const complete = client.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
    );
    expect(await s3Error(complete)).toEqual({ name: 'InternalError', status: 500 });
    expect(await arrived(lines, logged, 1)).toEqual([
      expect.stringMatching(
        /^S3 emulator: 500 InternalError \(uncaught\) on POST \/own-bucket\/uncaught\/object\.bin\?uploadId=\w+: .*EISDIR/,
      ),
    ]);
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);

    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'uncaught/after.txt', Body: 'still here' }));
    const after = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'uncaught/after.txt' }));
    expect(await after.Body!.transformToString()).toBe('still here');
    expect(
      await Promise.race([emulator.exited, new Promise((resolve) => setTimeout(() => resolve('running'), 200))]),
    ).toBe('running');
  });

  it('refuses a port already taken', async () => {
    const port = Number(new URL(emulator.endpoint).port);
    await expect(startS3Local({ port })).rejects.toThrow(`s3rver could not listen on port ${port}: `);
  });

  it('settles `exited` with the reason when its process dies, and never on stop()', async () => {
    const stopped = await startS3Local({ port: 0 });
    await stopped.stop();
    expect(
      await Promise.race([stopped.exited, new Promise((resolve) => setTimeout(() => resolve('pending'), 300))]),
    ).toBe('pending');

    const ownDir = mkdtempSync(join(tmpdir(), 'vpo-s3-killed-'));
    const killed = await startS3Local({ port: 0, dataDir: ownDir });
    try {
      const pids = spawnSync('pgrep', ['-f', ownDir], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map(Number);
      expect(pids).toHaveLength(1);
      process.kill(pids[0]!, 'SIGKILL');
      expect(await killed.exited).toBe('the S3 emulator stopped: its process was killed by SIGKILL');
      await expect(fetch(killed.endpoint)).rejects.toThrow();
    } finally {
      await killed.stop();
      rmSync(ownDir, { recursive: true, force: true });
    }
  });
});
