import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { objectUrl, readObject } from '../../lib/archive/objects.js';

/** A stand-in for S3: answers each GET from a queue of statuses, recording what it was sent. */
let server: Server;
let answers: number[] = [];
let received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    const status = answers.shift() ?? 200;
    response.writeHead(status, { 'Content-Type': 'application/octet-stream' });
    response.end(status === 200 ? Buffer.from([1, 2, 3, 4]) : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_ACCESS_KEY_ID ??= 'test-key';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test-secret';
});

afterAll(async () => {
  delete process.env.AWS_ENDPOINT_URL_S3;
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  answers = [];
  received = [];
});

describe('readObject: an S3 GET signed without the S3 client', () => {
  it('sends a SigV4-signed GET to the path-style URL of a custom endpoint and answers the bytes', async () => {
    const bytes = await readObject('bucket', 'catalogue/snapshots/v 1.vpocat.gz');

    expect([...bytes]).toEqual([1, 2, 3, 4]);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/bucket/catalogue/snapshots/v%201.vpocat.gz');
    expect(received[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/[a-z0-9-]+\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    expect(received[0]!.headers['x-amz-content-sha256']).toBeDefined();
  });

  it('tries again after a 503 (three attempts in all), as the S3 client would', async () => {
    answers = [503, 503];

    expect([...(await readObject('bucket', 'k'))]).toEqual([1, 2, 3, 4]);
    expect(received).toHaveLength(3);
  });

  it('gives up after three failures', async () => {
    answers = [500, 500, 500];

    await expect(readObject('bucket', 'k')).rejects.toThrow(/500/);
    expect(received).toHaveLength(3);
  });

  it('does not retry a missing object (404)', async () => {
    answers = [404];

    await expect(readObject('bucket', 'missing')).rejects.toThrow(/404/);
    expect(received).toHaveLength(1);
  });
});

describe('objectUrl in AWS', () => {
  it('addresses a bucket virtual-hosted, or path-style when its name has dots', () => {
    const endpoint = process.env.AWS_ENDPOINT_URL_S3;
    delete process.env.AWS_ENDPOINT_URL_S3;
    process.env.AWS_REGION = 'eu-west-1';
    try {
      expect(objectUrl('vpo-prod-archive', 'a/b c')).toBe(
        'https://vpo-prod-archive.s3.eu-west-1.amazonaws.com/a/b%20c',
      );
      expect(objectUrl('vpo.prod', 'a')).toBe('https://s3.eu-west-1.amazonaws.com/vpo.prod/a');
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = endpoint;
    }
  });
});
