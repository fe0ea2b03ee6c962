import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readObject } from '../../lib/archive/objects.js';
import { bucketName } from '../../lib/config.js';
import type { Caller } from '../../lib/domain/caller.js';
import { AppError } from '../../lib/domain/errors.js';
import { composeDocument } from '../../lib/domain/document-models/compose.js';
import { checkRenderRequest, documentKey } from '../../lib/domain/render-request.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import { getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { getOrder } from '../../lib/store/orders.js';
import { generateOrderDocument } from '../../lib/use-cases/orders/documents.js';
import { renderAndStoreDocument } from '../../lib/use-cases/orders/render-document.js';
import { sampleDocuments } from '../../scripts/documents/sample-documents.js';
import { demoKey } from '../support/http.js';
import { accountantKey, newCustomer, placeOrder } from '../support/orders.js';

/*
 * The document route has the PDF renderer function (its own Lambda) render and store the file,
 * through Lambda's Invoke API. When that call cannot get through, or the renderer cannot store
 * the file, the route answers 503 SERVICE_UNAVAILABLE and the order lists no document; when the
 * renderer itself fails, an internal error. A stand-in Invoke endpoint plays each case here.
 */
let accountant: Caller;
beforeAll(async () => {
  const record = await getApiKeyByHash(hashApiKey(demoKey('accountant')));
  if (!record) throw new Error('demo accountant key missing');
  accountant = {
    keyId: record.id,
    tenantId: record.tenantId,
    role: record.role,
    userId: record.userId,
    allowedRoutes: record.allowedRoutes,
  };
});

const realEndpoint = () => process.env.AWS_ENDPOINT_URL_LAMBDA!;
const saved = {
  lambda: process.env.AWS_ENDPOINT_URL_LAMBDA,
  timeout: process.env.DOCUMENT_RENDER_TIMEOUT_MS,
  s3: process.env.AWS_ENDPOINT_URL_S3,
};
let server: Server | undefined;
afterEach(async () => {
  process.env.AWS_ENDPOINT_URL_LAMBDA = saved.lambda;
  process.env.AWS_ENDPOINT_URL_S3 = saved.s3;
  if (saved.timeout === undefined) delete process.env.DOCUMENT_RENDER_TIMEOUT_MS;
  else process.env.DOCUMENT_RENDER_TIMEOUT_MS = saved.timeout;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface Seen {
  path: string;
  authorization: string;
  body: unknown;
}

/** A stand-in Invoke API: records each call and answers as `answer` says. */
async function standInLambda(answer: (res: ServerResponse) => void): Promise<Seen[]> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', authorization: String(req.headers.authorization ?? ''), body: JSON.parse(raw) });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', () => resolve()));
  process.env.AWS_ENDPOINT_URL_LAMBDA = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  return seen;
}

async function newOrder(): Promise<{ id: string; version: number }> {
  const customer = await newCustomer();
  const order = await placeOrder(accountantKey(), { customerId: customer.id, totalAmount: 1200 });
  return { id: order.id, version: order.version };
}

/** No document is listed; the proforma keeps the number it took in the series (one order change), for the retry. */
async function expectNothingRecorded(order: { id: string; version: number }) {
  const after = await getOrder(PLATFORM_SCOPE, order.id);
  expect(after?.version).toBe(order.version + 1);
  expect(after?.documents ?? []).toEqual([]);
  expect(after?.documentNumbers?.['proforma-invoice']).toEqual(expect.any(Number));
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
};

describe('the PDF renderer behind the document route', () => {
  it('is invoked with a signed Invoke call carrying the composed document and its key', async () => {
    const order = await newOrder();
    const seen = await standInLambda((res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ stored: true, bytes: 1234 })),
    );
    const document = await generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' });
    expect(document.bytes).toBe(1234);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/2015-03-31/functions/vehicle-purchase-orders-local-renderOrderDocument/invocations');
    expect(seen[0]!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/us-east-1\/lambda\/aws4_request/,
    );
    const request = checkRenderRequest(seen[0]!.body);
    if (typeof request === 'string') throw new Error(request);
    expect(request.key).toBe(document.key);
    expect(request.document.type).toBe('proforma-invoice');
    expect(composeDocument(request.document).title).toBe('Proforma invoice');
    expect((await getOrder(PLATFORM_SCOPE, order.id))?.documents?.map((d) => d.id)).toEqual([document.id]);
  });

  it('answers SERVICE_UNAVAILABLE and lists no document when Lambda cannot be reached, throttles, or is too slow', async () => {
    const order = await newOrder();
    process.env.AWS_ENDPOINT_URL_LAMBDA = 'http://127.0.0.1:9'; // nothing listens there
    expect(await codeOf(generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' }))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await expectNothingRecorded(order);

    await standInLambda((res) =>
      res.writeHead(429, { 'content-type': 'application/json' }).end('{"Type":"User","message":"Rate Exceeded."}'),
    );
    expect(await codeOf(generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' }))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await expectNothingRecorded(order);
  });

  it('gives up after DOCUMENT_RENDER_TIMEOUT_MS', async () => {
    const order = await newOrder();
    await standInLambda((res) => setTimeout(() => res.writeHead(200).end('{"stored":true,"bytes":1}'), 2_000));
    process.env.DOCUMENT_RENDER_TIMEOUT_MS = '200';
    const started = Date.now();
    expect(await codeOf(generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' }))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    expect(Date.now() - started).toBeLessThan(1_900);
    await expectNothingRecorded(order);
  });

  it('answers SERVICE_UNAVAILABLE when the renderer could not store the file, and an internal error when it failed', async () => {
    const order = await newOrder();
    await standInLambda((res) =>
      res.writeHead(200).end(JSON.stringify({ stored: false, reason: 'the bucket did not take the file' })),
    );
    expect(await codeOf(generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' }))).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await expectNothingRecorded(order);
    await afterEachClose();

    await standInLambda((res) =>
      res.writeHead(200, { 'X-Amz-Function-Error': 'Unhandled' }).end('{"errorMessage":"boom","errorType":"Error"}'),
    );
    const failure = await generateOrderDocument(accountant, order.id, { type: 'proforma-invoice' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(AppError); // the pipeline answers 500 INTERNAL_ERROR and logs it
    expect(String((failure as Error).message)).toContain('boom');
    await expectNothingRecorded(order);
  });

  it('renders through the real renderer function of the local stack', { timeout: 90_000 }, async () => {
    const order = await newOrder();
    process.env.AWS_ENDPOINT_URL_LAMBDA = realEndpoint();
    // This checks that the real renderer renders, not how fast: a cold renderer on a machine busy
    // with other test files (browsers among them) can take longer than the service's 8 seconds.
    process.env.DOCUMENT_RENDER_TIMEOUT_MS = '60000';
    const document = await generateOrderDocument(accountant, order.id, { type: 'proforma-invoice', language: 'ar' });
    const bytes = await readObject(bucketName(), document.key);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(document.bytes);
  });
});

describe('the renderer function itself', () => {
  const document = sampleDocuments().find((sample) => sample.name === 'proforma-invoice-en')!.document;
  const key = documentKey(7, 'proforma-invoice', 'testrenderer1');

  it('stores the PDF under the key it was given and answers its size', async () => {
    const result = await renderAndStoreDocument({
      document,
      title: 'Proforma invoice #7',
      createdAt: '2026-11-23T10:00:00.000Z',
      key,
    });
    expect(result.stored).toBe(true);
    const stored = await readObject(bucketName(), key);
    expect(result).toEqual({ stored: true, bytes: stored.length });
  });

  it('answers "not stored" when the bucket keeps failing, and refuses a request that is not one', async () => {
    process.env.AWS_ENDPOINT_URL_S3 = 'http://127.0.0.1:9';
    expect(await renderAndStoreDocument({ document, title: 't', createdAt: '2026-11-23T10:00:00.000Z', key })).toEqual({
      stored: false,
      reason: 'the bucket did not take the file',
    });
    await expect(
      renderAndStoreDocument({
        document,
        title: 't',
        createdAt: '2026-11-23T10:00:00.000Z',
        key: 'catalogue/snapshot.bin',
      }),
    ).rejects.toThrow(/key must be/);
    await expect(renderAndStoreDocument({ title: 't', createdAt: '2026-11-23T10:00:00.000Z', key })).rejects.toThrow(
      /document is required/,
    );
    await expect(
      renderAndStoreDocument({
        document: { type: 'letter', input: document.input },
        title: 't',
        createdAt: '2026-11-23T10:00:00.000Z',
        key,
      }),
    ).rejects.toThrow(/document.type must be one of customs-invoice, proforma-invoice, contract/);
  });
});

async function afterEachClose() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
}
