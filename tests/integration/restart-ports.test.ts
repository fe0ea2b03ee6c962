/**
 * `npm start` on one set of ports, stopped, then started again on the same data folder on four
 * other ports: the demo catalogue's pictures must still load and archive. Nothing the table or
 * the bucket keeps names a port; the API gives each picture its address on the S3 port of the
 * current start (lib/archive/picture-url.ts).
 *
 * Runs `npm start` as a user would (its own ports and data folder, beside the test stack), so it
 * takes a minute or two on a small machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { allRows } from '../../lib/catalogue/catalogue-index.js';
import { decodeSnapshot } from '../../lib/catalogue/snapshot.js';
import type { DemoKey } from '../../scripts/local/demo-keys.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'vpo-restart-ports-'));
const FIRST = { http: 3870, lambda: 3872, dynamo: 8870, s3: 4870 };
const SECOND = { http: 3880, lambda: 3882, dynamo: 8880, s3: 4880 };
type Ports = typeof FIRST;
const TABLE = 'vehicle-purchase-orders-local';
const BUCKET = 'vehicle-purchase-orders-local-archive';
const CATALOGUE_SIZE = 60;
const START_TIMEOUT_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- npm start ------------------------------------------------------------------------------

interface Started {
  child: ChildProcess;
  output: () => string;
}

const running = new Set<ChildProcess>();

/** The environment of a user's shell: none of the test stack's endpoints or settings. */
function userEnvironment(): NodeJS.ProcessEnv {
  const testStack = inject('stackEnv');
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in testStack)));
}

/** Starts `npm start` on these ports and waits until the catalogue is in (seeded or found). */
async function start(ports: Ports): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...userEnvironment(),
      PORT: String(ports.http),
      LAMBDA_PORT: String(ports.lambda),
      DYNAMODB_PORT: String(ports.dynamo),
      S3_PORT: String(ports.s3),
      LOCAL_DATA_DIR: dataDir,
      DEMO_CATALOGUE_SIZE: String(CATALOGUE_SIZE),
    },
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(/ready after/.test(output) && /catalogue: \d+ cars/.test(output))) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output.slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`npm start on port ${ports.http} did not get ready with its catalogue:\n${output.slice(-3000)}`);
    await sleep(250);
  }
  return { child, output: () => output };
}

/** SIGTERM to the npm process (what a process manager sends), and its exit. */
async function stop(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const outcome = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)]);
    if (outcome === 'timeout') {
      child.kill('SIGKILL');
      throw new Error(`npm start did not exit within 20 s of SIGTERM:\n${started.output().slice(-2000)}`);
    }
  }
  running.delete(child);
}

// --- the API, the table and the bucket of a start ------------------------------------------------

async function call(
  ports: Ports,
  key: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const send = () =>
    fetch(`http://127.0.0.1:${ports.http}/api/v1${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
  // A kept-alive connection the local server closed just as it was reused resets; a browser sends
  // a GET again on another one, and so does this (never a write, which might have been applied).
  const resetByPeer = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET';
  const response = await send().catch((error: unknown) => {
    if (method !== 'GET' || !resetByPeer(error)) throw error;
    return send();
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const s3Of = (ports: Ports) =>
  new S3Client({
    endpoint: `http://127.0.0.1:${ports.s3}`,
    region: 'us-east-1',
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

async function objectsUnder(s3: S3Client, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return keys.sort();
}

async function objectBytes(s3: S3Client, key: string): Promise<Buffer> {
  const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Every item of the table, as DynamoDB JSON. */
async function tableItems(ports: Ports): Promise<Array<Record<string, AttributeValue>>> {
  const ddb = new DynamoDBClient({ endpoint: `http://127.0.0.1:${ports.dynamo}`, region: 'us-east-1', credentials });
  const items: Array<Record<string, AttributeValue>> = [];
  let start: Record<string, AttributeValue> | undefined;
  try {
    do {
      const page = await ddb.send(new ScanCommand({ TableName: TABLE, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
  } finally {
    ddb.destroy();
  }
  return items;
}

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  // Give the killed processes a moment to let go of the data folder.
  await sleep(1_000);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start restarted on other ports', () => {
  it("serves and archives the demo catalogue's pictures on the new S3 port; nothing stored names a port", async () => {
    // Arrange: a first start seeds the catalogue, then stops.
    const first = await start(FIRST);
    expect(first.output()).toContain('(seeded now)');
    await stop(first);

    // Act: the restart on four other ports; an order on a catalogue car.
    const second = await start(SECOND);
    try {
      const keys = JSON.parse(readFileSync(join(dataDir, 'demo-keys.json'), 'utf8')) as DemoKey[];
      const marketer = keys.find((k) => k.role === 'marketer' && k.label.startsWith('Gulf Motors'))!.key;
      const listed = await call(SECOND, marketer, 'GET', '/cars?limit=1');
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      const carId: number = listed.body.data[0].id;
      const car = await call(SECOND, marketer, 'GET', `/cars/${carId}`);
      expect(car.status).toBe(200);

      const customer = await call(SECOND, marketer, 'POST', '/customers', {
        name: 'Restart Customer',
        mobileNumber: `+97150${String(Date.now() % 10_000_000).padStart(7, '0')}`,
      });
      expect(customer.status, JSON.stringify(customer.body)).toBe(201);
      const created = await call(SECOND, marketer, 'POST', '/orders', {
        customerId: customer.body.data.id,
        carId,
        totalAmount: 15_000,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const order = created.body.data;

      let archive: any;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        const detail = await call(SECOND, marketer, 'GET', `/orders/${order.id}`);
        archive = detail.body.data?.imageArchive;
        if (archive?.status !== 'pending') break;
        await sleep(500);
      }
      const s3 = s3Of(SECOND);
      const archived = await objectsUnder(s3, `orders/${order.orderNumber}/`);
      const items = await tableItems(SECOND);
      const snapshotKey = items.find((item) => item.entity?.S === 'cataloguePointer')?.objectKey?.S;
      // The snapshot's rows as the list reads them (its arrays are partly gzipped, partly raw).
      const snapshot = snapshotKey
        ? JSON.stringify(allRows(decodeSnapshot(await objectBytes(s3, snapshotKey)).index))
        : '';
      const firstArchived = archived.length > 0 ? await objectBytes(s3, archived[0]!) : Buffer.alloc(0);
      const firstSource = await fetch(car.body.data.images[0]);
      const firstSourceBytes = Buffer.from(await firstSource.arrayBuffer());
      s3.destroy();

      // Assert: the car's pictures are addresses on the S3 port of this start, and load.
      const picturesOf = (shown: { images: string[]; thumbnailUrl: string }) => [...shown.images, shown.thumbnailUrl];
      const onSecondPort = `http://127.0.0.1:${SECOND.s3}/${BUCKET}/pictures/demo/`;
      expect(listed.body.data[0].thumbnailUrl.startsWith(onSecondPort), listed.body.data[0].thumbnailUrl).toBe(true);
      for (const url of picturesOf(car.body.data)) expect(url.startsWith(onSecondPort), url).toBe(true);
      for (const url of picturesOf(order.carDetails)) expect(url.startsWith(onSecondPort), url).toBe(true);
      expect(firstSource.status).toBe(200);
      expect(firstSource.headers.get('content-type')).toContain('image/svg+xml');

      // Assert: every picture archived under orders/{orderNumber}/, the same bytes.
      expect(archive, JSON.stringify(archive)).toMatchObject({ status: 'done' });
      expect(archived).toEqual(archive.objectKeys);
      expect(archived).toHaveLength(car.body.data.images.length);
      expect(firstArchived.equals(firstSourceBytes)).toBe(true);

      // Assert: no port in the table (cars, order, its events) or the catalogue snapshot.
      const withPort = items.filter((item) => JSON.stringify(item).includes('127.0.0.1:'));
      expect(withPort.map((item) => `${item.pk?.S} ${item.sk?.S}`)).toEqual([]);
      expect(
        items.some(
          (item) => item.entity?.S === 'car' && JSON.stringify(item).includes(`s3://${BUCKET}/pictures/demo/`),
        ),
      ).toBe(true);
      expect(snapshot).toContain(`s3://${BUCKET}/pictures/demo/`);
      expect(snapshot).not.toContain('127.0.0.1:');
    } finally {
      await stop(second);
    }
  }, 600_000);
});
