/**
 * `npm run docs:examples`: the response examples of the API reference, recorded from a real walk.
 *
 * Starts a local stack of its own (ports 3400/3402/8400/4640, in memory), walks it as its users
 * would (a customer, an order from the catalogue taken through every status to Delivered by the
 * role that owns each move, receipts, inspection, contract, payment, customs, export steps and
 * shipment, wallets, staff users and keys, webhooks with a receiver that answers and one that is
 * down, the event feed, the WhatsApp webhooks), then calls every route once more for its refusals
 * (no key, a role that may not, a key not given the route, an unknown id, a closed order, an invalid
 * input, a body that is not JSON or too large, a key over its rate). It keeps one real answer per
 * operation and status, replaces what changes from run to run (ids, keys, secrets, cursors,
 * times) with stable values of the same shape, and writes lib/openapi/generated/response-examples.json.
 * lib/openapi/document.ts shows those answers as the examples of the reference.
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../lib/openapi/document.js';
import { allRoutes } from '../lib/schemas/index.js';
import type { RouteSpec } from '../lib/schemas/route.js';
import { LOCAL_WHATSAPP, signatureOf, statusPayload } from './local/whatsapp-webhook.js';
import { EVENT_TYPES } from '../lib/domain/integrator-events.js';
import { MAX_ENDPOINTS_PER_TENANT } from '../lib/domain/webhook-rules.js';
import { scrubExamples, type RecordedCall, type RecordedEvent } from './docs-examples-scrub.js';
import type { TcpGate } from './local/tcp-gate.js';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const OUT = join(root, 'lib', 'openapi', 'generated', 'response-examples.json');
const PORTS = {
  httpPort: Number(process.env.DOCS_HTTP_PORT ?? 3400),
  lambdaPort: Number(process.env.DOCS_LAMBDA_PORT ?? 3402),
  dynamoPort: Number(process.env.DOCS_DYNAMODB_PORT ?? 8400),
  s3Port: Number(process.env.DOCS_S3_PORT ?? 4640),
  dynamoGatePort: Number(process.env.DOCS_DYNAMODB_GATE_PORT ?? 8401),
};
const GULF = 'demotenantgulfmotors0001';
/** The local chat channel refuses this number (CHAT_LOCAL_FAIL_NUMBERS), for the dispatch-failure answer. */
const CHAT_FAIL_NUMBER = '+971509999999';
/** Times the walk sends as they are (an inspection's day): the examples keep them. */
const INSPECTION_AT = '2026-12-01T10:00:00.000Z';
const WALLET_INSPECTION_AT = '2026-12-03T10:00:00.000Z';

type Json = Record<string, any>;
const log = (text: string) => console.log(`[docs:examples] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const routes = new Map(allRoutes.map((route) => [route.id, route]));

/** The document as the build makes it, for the request bodies the refusal sweep sends. */
const document = buildOpenApi(allRoutes, '0.0.0') as Json;
const operationOf = (route: RouteSpec): Json => document.paths[route.path][route.method.toLowerCase()];

interface CallOptions {
  key?: string;
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** The status the walk expects (default: the route's success status); another one stops the walk. */
  expect?: number;
  /** Says what the call shows; kept with the example. */
  note?: string;
  /** Replaces an example recorded earlier for the same operation and status. */
  keep?: boolean;
  /** Not an example (a call the walk needs, whose answer another call shows better). */
  skip?: boolean;
  /** Another refusal than `expect` is no surprise (a try of a loop that gets `expect` only sometimes): not logged. */
  quiet?: boolean;
}

const calls: RecordedCall[] = [];
const events: RecordedEvent[] = [];
/** When each call of the walk started, recorded or not: the steps the times of the examples are laid on. */
const steps: number[] = [];
/** Addresses of this machine and what a reader sees instead. */
const replacements: Record<string, string> = {};
let baseUrl = '';

/** A plain PNG of this many pixels a side (a stamp's stand-in): signature, IHDR, one IDAT, IEND. */
function squarePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8;
  const rows = Buffer.alloc((side + 1) * side, 0x30);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function call(id: string, options: CallOptions = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const route = routes.get(id);
  if (!route) throw new Error(`no route ${id}`);
  let path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = options.path?.[name];
    if (value === undefined) throw new Error(`${id}: path parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
  if (options.query) path += `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-Key'] = options.key;
  let body: string | undefined = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const startedAt = Date.now();
  steps.push(startedAt);
  const response = await fetch(`${baseUrl}${path}`, { method: route.method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
  const expected = options.expect ?? route.status;
  if (response.status !== expected) {
    const problem = `${route.method} ${path} answered ${response.status}, expected ${expected}: ${text.slice(0, 600)}`;
    // A refusal the walk did not foresee is left out of the examples; a success that fails stops the walk.
    if (expected < 400) throw new Error(problem);
    if (!options.quiet) log(`left out: ${problem}`);
    return { status: response.status, body: parsed, headers: response.headers };
  }
  if (!options.skip) calls.push({ id, status: response.status, body: parsed, note: options.note, keep: options.keep ?? false, at: startedAt });
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * A receiver of webhooks on this machine: /ok answers 204, /down 503 (so its deliveries retry,
 * then fail). The test event it gets is the example of webhook.test (it never reaches the feed).
 */
async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      res.statusCode = req.url === '/down' ? 503 : 204;
      res.end();
      const body = JSON.parse(text) as { type?: string };
      if (body.type === 'webhook.test' && !events.some((e) => e.type === 'webhook.test')) events.push({ type: 'webhook.test', body, at: Date.now() });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Keys = Record<(typeof ROLES_WALKED)[number] | 'platform', string>;
const ROLES_WALKED = ['admin', 'operations', 'accountant', 'marketer', 'inspector', 'integrator'] as const;

/** What the walk leaves for the refusals: its delivered order and the order's customer. */
interface Walked {
  orderId: string;
  customerId: string;
}

async function walk(keys: Keys, startedAt: number): Promise<Walked> {
  const { admin, operations, accountant, inspector, integrator } = keys;
  const receiver = await startReceiver();
  replacements[`${receiver.url}/ok`] = 'https://erp.gulfmotors.example/hooks/orders';
  replacements[`${receiver.url}/down`] = 'https://staging-erp.gulfmotors.example/hooks/orders';
  try {
    // Public routes.
    await call('getApiIndex', { note: 'the index GET /api/v1 answers (its routes list shortened here)' });
    await call('verifyWhatsAppWebhook', {
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': LOCAL_WHATSAPP.verifyToken, 'hub.challenge': '1158201444' },
      note: 'the hub.challenge value, as plain text',
    });
    await call('verifyWhatsAppWebhook', {
      query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'not-this-stage', 'hub.challenge': '1158201444' },
      expect: 403,
      note: 'a verify token that is not this stage’s',
    });
    await call('verifyWhatsAppWebhook', { query: { 'hub.verify_token': LOCAL_WHATSAPP.verifyToken }, expect: 400, note: 'hub.mode and hub.challenge missing' });

    // The tenant's systems hear of changes: one receiver that answers, one that is down.
    const hook = await call('createWebhookEndpoint', {
      key: admin,
      body: { url: `${receiver.url}/ok`, eventTypes: ['order.created', 'order.status_changed', 'contract.signed'], description: 'ERP order sync' },
      note: 'the secret is shown in this answer only',
    });
    const endpointId = hook.body.data.endpoint.id as string;
    const down = await call('createWebhookEndpoint', {
      key: admin,
      body: { url: `${receiver.url}/down`, eventTypes: ['order.created', 'order.status_changed'], description: 'staging receiver' },
      skip: true,
    });
    const downId = down.body.data.endpoint.id as string;

    // The catalogue.
    const cars = await call('listCars', {
      key: integrator,
      query: { limit: 2, currency: 'USD', sortBy: 'price', sortOrder: 'asc' },
      note: 'two cars priced in US dollars for this tenant',
    });
    const car = cars.body.data[0];
    await call('getCar', { key: integrator, path: { id: car.id }, query: { currency: 'USD' } });
    await call('listTrims', { key: integrator, query: { makeEn: car.makeEn } });

    // The customer.
    const customer = (
      await call('createCustomer', {
        key: integrator,
        body: {
          name: 'Layla Haddad',
          mobileNumber: '+971501234567',
          email: 'layla@example.com',
          country: 'AE',
          idNumber: 'P4471029',
          address: 'Dubai Marina, Dubai',
          language: 'ar',
        },
      })
    ).body.data;
    await call('createCustomer', {
      key: integrator,
      body: { name: 'Layla H.', mobileNumber: '+971501234567' },
      expect: 409,
      note: 'the mobile number is taken in this tenant',
    });
    await call('createCustomer', {
      key: integrator,
      body: { name: 'Layla Haddad', mobileNumber: '0501234567' },
      expect: 400,
      note: 'a mobile number without its country code',
    });
    await call('createCustomer', {
      key: integrator,
      rawBody: '{"name": "Layla Haddad", ',
      headers: { 'Content-Type': 'application/json' },
      expect: 400,
      skip: true,
    });
    await call('searchCustomers', { key: integrator, query: { phone: '+971501234567' } });
    await call('listCustomers', { key: accountant, query: { q: 'Lay', limit: 20 }, note: 'customers whose name begins with "Lay"' });
    await call('getCustomer', { key: integrator, path: { id: customer.id } });
    await call('getCustomerWallet', { key: integrator, path: { id: customer.id } });

    // The order, placed by the integrator from the catalogue.
    const order = (
      await call('createOrder', {
        key: accountant,
        headers: { 'Idempotency-Key': 'order-2026-11-16-0001' },
        body: { customerId: customer.id, carId: car.id, totalAmount: 18500, currency: 'USD', notes: 'Customer prefers a white car' },
        note: 'a new order placed by an accountant, who may confirm its deposit next: DepositSubmitted, version 1',
      })
    ).body.data;
    const orderId = order.id as string;
    // The car's pictures are copied to the bucket in the background: the answers below show them copied.
    await until('the car pictures archived', async () => {
      const read = await call('getOrder', { key: integrator, path: { id: orderId }, skip: true });
      return read.body.data.imageArchive?.status === 'done' ? true : undefined;
    });
    await call('createOrder', {
      key: accountant,
      headers: { 'Idempotency-Key': 'order-2026-11-16-0001' },
      body: { customerId: customer.id, totalAmount: 9000 },
      expect: 409,
      note: 'the same Idempotency-Key with another body',
    });
    await call('createOrder', {
      key: integrator,
      body: { customerId: customer.id, totalAmount: 18500, useWalletBalance: true, inspectionDate: WALLET_INSPECTION_AT },
      expect: 422,
      note: 'the wallet holds less than totalAmount',
    });
    let etag = '"1"';
    const versionOf = (headers: Headers) => {
      etag = headers.get('etag') ?? etag;
      return Number(etag.replace(/"/g, ''));
    };
    versionOf(
      (await call('setCustomerNotifications', { key: integrator, path: { id: orderId }, headers: { 'If-Match': etag }, body: { enabled: true, version: 1 } }))
        .headers,
    );
    await call('setCustomerNotifications', {
      key: integrator,
      path: { id: orderId },
      headers: { 'If-Match': '"1"' },
      body: { enabled: false },
      expect: 412,
      note: 'If-Match names a version that is no longer current',
    });
    await call('setCustomerNotifications', {
      key: integrator,
      path: { id: orderId },
      body: { enabled: false, version: 1 },
      expect: 409,
      note: 'body.version is no longer current',
    });

    /** A status move with the version read, as If-Match and in the body (they agree). */
    const move = async (key: string, status: string, extra: Json = {}, options: CallOptions = {}) => {
      const version = Number(etag.replace(/"/g, ''));
      const moved = await call('changeOrderStatus', {
        key,
        path: { id: orderId },
        headers: { 'If-Match': etag },
        body: { status, version, ...extra },
        ...options,
      });
      versionOf(moved.headers);
      return moved.body.data;
    };

    // Deposit: recorded by operations, confirmed by the accountant.
    const deposit = (
      await call('createBillingEntry', {
        key: operations,
        body: {
          orderId,
          type: 'receipt',
          amount: 2000,
          currency: 'USD',
          description: 'Deposit by bank transfer',
          receiptFileUrl: 'https://files.example.com/receipts/r-1001.pdf',
        },
      })
    ).body.data;
    await call('validateOrderTransition', {
      key: accountant,
      path: { id: orderId },
      body: { targetStatus: 'DepositConfirmed' },
      note: 'blocked: the deposit receipt is not confirmed yet',
    });
    await call('changeOrderStatus', {
      key: accountant,
      path: { id: orderId },
      headers: { 'If-Match': etag },
      body: { status: 'DepositConfirmed' },
      expect: 422,
      note: 'a requirement is missing (details.missingRequirements)',
    });
    await call('listBillingEntries', { key: accountant, query: { status: 'Pending', limit: 20 }, note: 'the receipts and invoices waiting for confirmation' });
    await call('confirmBillingEntry', { key: accountant, path: { id: deposit.id } });
    await call('changeOrderStatus', {
      key: accountant,
      path: { id: orderId },
      headers: { 'If-Match': '"1"' },
      body: { status: 'DepositConfirmed' },
      expect: 412,
      note: 'If-Match names a version that is no longer current',
    });
    await call('changeOrderStatus', {
      key: accountant,
      path: { id: orderId },
      body: { status: 'DepositConfirmed', version: 1 },
      expect: 409,
      note: 'body.version is no longer current',
    });
    await call('changeOrderStatus', {
      key: inspector,
      path: { id: orderId },
      headers: { 'If-Match': etag },
      body: { status: 'DepositConfirmed' },
      expect: 403,
      note: 'the role may not make this move',
    });
    await move(
      accountant,
      'DepositConfirmed',
      { note: 'Deposit received in full' },
      { note: 'If-Match and body.version name the same version; the answer carries the next one' },
    );

    // Inspection.
    await move(operations, 'InspectionScheduled', { inspectionDate: INSPECTION_AT });
    const inspection = (
      await call('createInspection', {
        key: operations,
        body: { orderId, inspectorId: 'demouserinspector0000001', inspectionDate: INSPECTION_AT, notes: 'Check the underbody for rust' },
      })
    ).body.data;
    await call('changeInspectionStatus', { key: inspector, path: { id: inspection.id }, body: { status: 'InProgress' } });
    await call('changeInspectionStatus', {
      key: inspector,
      path: { id: inspection.id },
      body: {
        status: 'Completed',
        notes: 'No accident history; light scratches on the rear bumper',
        photos: [{ url: 'https://files.example.com/inspections/i-1042/front.jpg', type: 'exterior', caption: 'Front', priority: 1 }],
        pdfReportUrl: 'https://files.example.com/inspections/i-1042/report.pdf',
      },
      keep: true,
      note: 'the inspection completed, with a photo and the report',
    });
    await call('changeInspectionStatus', {
      key: inspector,
      path: { id: inspection.id },
      body: { status: 'InProgress' },
      expect: 409,
      note: 'a move the sequence does not have',
    });
    await call('getInspection', { key: integrator, path: { id: inspection.id } });
    await call('listOrderInspections', { key: integrator, path: { id: orderId } });
    await call('listInspections', { key: inspector, query: { limit: 20 }, note: "the inspector's own inspections, by date" });
    await move(inspector, 'InspectionCompleted');

    // Contract: drafted, edited, sent on WhatsApp, signed.
    const contract = (
      await call('createContract', {
        key: operations,
        body: {
          orderId,
          customerName: 'Layla Haddad',
          customerNameAr: 'ليلى حداد',
          vin: 'KNAPU81BDN7123456',
          color: 'White',
          mileage: '42,000 km',
          terms: 'Payment in full before shipping.',
        },
      })
    ).body.data;
    await call('getContract', { key: integrator, path: { id: contract.id } });
    await call('updateContract', { key: operations, path: { id: contract.id }, headers: { 'If-Match': '"1"' }, body: { notes: 'Delivery to Jebel Ali port' } });
    await call('updateContract', {
      key: operations,
      path: { id: contract.id },
      headers: { 'If-Match': '"1"' },
      body: { notes: 'Delivery to Jebel Ali port, Dubai' },
      expect: 412,
      note: 'If-Match names a version that is no longer current',
    });
    await call('sendContract', {
      key: operations,
      path: { id: contract.id },
      headers: { 'If-Match': '"1"' },
      body: { phone: '+971501234567' },
      expect: 412,
      note: 'If-Match names a version that is no longer current: nothing is sent',
    });
    await call('sendContract', {
      key: operations,
      path: { id: contract.id },
      body: { phone: '+971501234567', signingLink: 'https://sign.example.com/c/1042' },
    });
    const spare = (await call('createContract', { key: operations, body: { orderId, customerName: 'Layla Haddad' }, skip: true })).body.data;
    await call('sendContract', {
      key: operations,
      path: { id: spare.id },
      body: { phone: CHAT_FAIL_NUMBER },
      expect: 502,
      note: 'WhatsApp refused the message; the contract stays Draft',
    });
    await call('signContract', {
      key: operations,
      path: { id: contract.id },
      headers: { 'If-Match': '"1"' },
      body: {},
      expect: 412,
      note: 'If-Match names a version that is no longer current',
    });
    await call('signContract', {
      key: operations,
      path: { id: contract.id },
      body: {
        signedDocument: {
          url: 'https://files.example.com/contracts/c-1042-signed.pdf',
          filename: 'c-1042-signed.pdf',
          mimeType: 'application/pdf',
          size: 184211,
        },
      },
    });
    await call('updateContract', {
      key: operations,
      path: { id: contract.id },
      body: { notes: 'too late' },
      expect: 409,
      note: 'the contract is no longer Draft',
    });
    await call('sendContract', {
      key: operations,
      path: { id: contract.id },
      body: { phone: '+971501234567' },
      expect: 409,
      note: 'the contract is signed already',
    });
    await call('signContract', { key: operations, path: { id: contract.id }, body: {}, expect: 409, note: 'the contract is signed already' });
    await call('listOrderContracts', { key: integrator, path: { id: orderId } });
    await move(operations, 'ContractSigned');

    // Payment.
    await move(operations, 'PaymentSubmitted');
    const balance = (
      await call('createBillingEntry', {
        key: operations,
        body: { orderId, type: 'receipt', amount: 16500, currency: 'USD', description: 'Balance by bank transfer' },
        skip: true,
      })
    ).body.data;
    await call('setBillingDocumentUrl', {
      key: operations,
      path: { id: balance.id },
      body: { type: 'receipt', pdfUrl: 'https://files.example.com/receipts/r-1002.pdf', invoiceNumber: 'R-2026-1002' },
    });
    await call('confirmBillingEntry', { key: accountant, path: { id: balance.id }, keep: true });
    await call('setBillingDocumentUrl', {
      key: operations,
      path: { id: balance.id },
      body: { type: 'receipt', pdfUrl: 'https://files.example.com/receipts/r-1002b.pdf' },
      expect: 409,
      note: 'a Confirmed entry keeps its document',
    });
    await move(accountant, 'PaymentConfirmed');
    await move(operations, 'Purchased');
    await call('listOrderBilling', { key: integrator, path: { id: orderId } });

    // Customs and export.
    await call('generateOrderDocument', {
      key: operations,
      path: { id: orderId },
      body: { type: 'customs-invoice' },
      expect: 409,
      note: 'the customs invoice is not stored yet',
    });
    const customsInvoice = {
      buyerName: 'Layla Haddad',
      buyerAddress: 'Dubai Marina, Dubai',
      buyerPhone: '+971501234567',
      carMake: car.makeEn,
      carModel: car.modelEn,
      carYear: car.year,
      carVin: 'KNAPU81BDN7123456',
      fuelType: car.fuelType,
      engineCapacityCc: car.displacement ?? 1998,
      portOfDischarge: 'Jebel Ali, UAE',
      paymentTerms: '100% paid in advance by bank transfer before shipment',
      items: [
        { description: `${car.makeEn} ${car.modelEn} ${car.year}`, amount: 17000 },
        { description: 'Shipping to Jebel Ali', amount: 1500 },
      ],
      currency: 'USD',
      language: 'en',
    };
    const customs = await call('setCustomsInvoice', { key: operations, path: { id: orderId }, headers: { 'If-Match': etag }, body: customsInvoice });
    versionOf(customs.headers);
    /** The stale versions a change of the order is refused for: If-Match (412) and body.version (409). */
    const staleVersions = async (id: string, body: Json, options: CallOptions = {}) => {
      await call(id, {
        key: operations,
        path: { id: orderId },
        headers: { 'If-Match': '"1"' },
        body,
        expect: 412,
        note: 'If-Match names a version that is no longer current',
        ...options,
      });
      await call(id, {
        key: operations,
        path: { id: orderId },
        body: { ...body, version: 1 },
        expect: 409,
        note: 'body.version is no longer current',
        ...options,
      });
    };
    await staleVersions('setCustomsInvoice', customsInvoice);
    const customsDocuments = {
      documents: [{ type: 'export-certificate', url: 'https://files.example.com/customs/ec-1042.pdf', uploadedAt: new Date(startedAt).toISOString() }],
    };
    versionOf((await call('addCustomsDocuments', { key: operations, path: { id: orderId }, headers: { 'If-Match': etag }, body: customsDocuments })).headers);
    await staleVersions('addCustomsDocuments', customsDocuments);
    await call('generateOrderDocument', { key: operations, path: { id: orderId }, body: { type: 'customs-invoice' } });
    // The invoice's number is kept on the order: a change, so its version moved on.
    versionOf((await call('getOrder', { key: operations, path: { id: orderId }, skip: true })).headers);
    await call('listOrderDocuments', { key: integrator, path: { id: orderId } });
    const today = dayOf(startedAt);
    const inDays = (n: number) => dayOf(startedAt + n * 86_400_000);
    const step = async (name: string, body: Json, options: CallOptions = {}) =>
      versionOf(
        (await call('recordExportStep', { key: operations, path: { id: orderId, step: name }, headers: { 'If-Match': etag }, body, ...options })).headers,
      );
    await step('deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg-1042.pdf' });
    await call('recordExportStep', {
      key: operations,
      path: { id: orderId, step: 'deregistration' },
      headers: { 'If-Match': '"1"' },
      body: { date: today, documentUrl: 'https://files.example.com/export/dereg-1042.pdf' },
      expect: 412,
      note: 'If-Match names a version that is no longer current',
    });
    await call('recordExportStep', {
      key: operations,
      path: { id: orderId, step: 'completion-report' },
      body: { date: today },
      expect: 409,
      note: 'an export step before the one it follows',
    });
    await step('bonded-area', { date: today, location: 'Incheon bonded yard' }, { skip: true });
    await step(
      'export-declaration',
      { date: today, number: '12345-26-000123X' },
      { keep: true, note: 'the export declaration: the car must be loaded by loadBy' },
    );
    await call('listExportDeadlines', { key: operations, query: { before: inDays(60) } });
    const ship = async (body: Json, options: CallOptions = {}) =>
      versionOf((await call('updateShipment', { key: operations, path: { id: orderId }, headers: { 'If-Match': etag }, body, ...options })).headers);
    await ship(
      {
        method: 'roro',
        bookingNumber: 'BK-55121',
        carrier: 'Hyundai Glovis',
        vessel: 'Glovis Sirius',
        voyage: '031W',
        portOfLoading: 'KRPTK',
        portOfDischarge: 'AEJEA',
        etd: today,
        eta: inDays(22),
      },
      { skip: true },
    );
    await staleVersions('updateShipment', { vessel: 'Glovis Sirius', voyage: '032W' });
    await call('validateOrderTransition', { key: operations, path: { id: orderId }, body: { targetStatus: 'Shipped' }, skip: true });
    await ship(
      { billOfLadingNumber: 'GLVS2611BL0457', billOfLadingUrl: 'https://files.example.com/export/bl-1042.pdf', atd: today },
      { note: 'the car is loaded: bill of lading and departure' },
    );
    await move(operations, 'Shipped');
    await step('completion-report', { date: today, documentUrl: 'https://files.example.com/export/completion-1042.pdf' }, { skip: true });
    await ship({ ata: today }, { skip: true });
    await move(operations, 'Delivered');
    await call('changeOrderStatus', {
      key: operations,
      path: { id: orderId },
      headers: { 'If-Match': etag },
      body: { status: 'Cancelled' },
      expect: 422,
      skip: true,
    });

    // The order as it ends, and what was sent about it.
    await call('getOrder', { key: integrator, path: { id: orderId }, note: 'a delivered order with its financial summary, signed contract and inspection' });
    await call('replaceTrackingLink', {
      key: operations,
      path: { id: orderId },
      note: "a new link for the buyer's page of a delivered order: the old one stops working, and this one ends 90 days after the delivery",
    });
    await call('listOrders', { key: integrator, query: { limit: 1 }, note: 'the first page; pass meta.nextCursor as cursor for the next' });
    await call('countOrders', { key: operations, note: "how many of the tenant's orders are in each status" });
    const notifications = await until('the chat messages of the order', async () => {
      const listed = await call('listOrderNotifications', { key: integrator, path: { id: orderId }, skip: true });
      return listed.body.data.length > 3 ? listed.body.data : undefined;
    });
    const sent = notifications.find((n: Json) => n.audience === 'customer') ?? notifications[0];
    const delivered = JSON.stringify(statusPayload(sent.messageId, 'delivered', { to: sent.to, at: new Date(startedAt + 60_000) }));
    await call('receiveWhatsAppWebhook', {
      rawBody: delivered,
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signatureOf(delivered, LOCAL_WHATSAPP.appSecret) },
      note: 'a delivery status for one of our messages',
    });
    await call('receiveWhatsAppWebhook', {
      rawBody: delivered,
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': 'sha256=0000' },
      expect: 401,
      note: 'the signature does not match the app secret',
    });
    await call('listOrderNotifications', { key: integrator, path: { id: orderId } });
    const staffMessage = notifications.find((n: Json) => n.audience !== 'customer') ?? notifications[1];
    const failedReport = JSON.stringify(
      statusPayload(staffMessage.messageId, 'failed', {
        to: staffMessage.to,
        at: new Date(startedAt + 90_000),
        errorCode: 131026,
        errorTitle: 'Message undeliverable',
      }),
    );
    await call('receiveWhatsAppWebhook', {
      rawBody: failedReport,
      headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signatureOf(failedReport, LOCAL_WHATSAPP.appSecret) },
      skip: true,
    });
    await call('listNotifications', { key: operations, query: { status: 'failed', limit: 20 }, note: "the tenant's failed chat messages, newest first" });

    // Wallets: a top-up, and a payment from the wallet.
    const walletId = customer.walletId as string;
    await call('createWalletTransaction', {
      key: accountant,
      path: { id: walletId },
      headers: { 'Idempotency-Key': 'topup-2026-11-16-0001' },
      body: { type: 'credit', amount: 20000, currency: 'USD', description: 'Top-up by bank transfer' },
    });
    await call('createWalletTransaction', {
      key: accountant,
      path: { id: walletId },
      headers: { 'Idempotency-Key': 'topup-2026-11-16-0001' },
      body: { type: 'credit', amount: 2000, currency: 'USD', description: 'Top-up by bank transfer' },
      expect: 409,
      note: 'the same Idempotency-Key with another body',
    });
    await call('createWalletTransaction', {
      key: accountant,
      path: { id: walletId },
      body: { type: 'debit', amount: 90000, currency: 'USD', description: 'Too much' },
      expect: 422,
      note: 'the balance would go below zero',
    });
    await call('createOrder', {
      key: integrator,
      body: {
        customerId: customer.id,
        totalAmount: 12000,
        currency: 'USD',
        useWalletBalance: true,
        inspectionDate: WALLET_INSPECTION_AT,
        carDetails: { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2021 },
      },
      skip: true,
    });
    await call('listWalletTransactions', { key: integrator, path: { id: walletId }, query: { pageSize: 5 } });

    // Staff users and their keys (admin).
    const inspectors = (await call('listUsers', { key: admin, query: { role: 'inspector' } })).body.data as Json[];
    await call('listInspectors', { key: operations, note: 'whom an inspection can name' });

    // The tenant's legal profile: the seller its documents name (admin sets, operations read).
    // The demo seed gave the tenant a complete profile (scripts/local/demo-profiles.ts): `missing` lists nothing.
    await call('getTenantProfile', { key: operations, note: 'as the demo seed set it: every document can be generated' });
    const sellerProfile = {
      legalName: { en: 'Gulf Motors Trading LLC', ar: 'شركة جلف موتورز للتجارة ذ.م.م' },
      address: { line1: 'Office 1204, Al Moosa Tower 2', city: 'Dubai', country: 'AE' },
      registrationNumber: 'DED-1029384',
      taxNumber: '100234567800003',
      phone: '+97143334444',
      email: 'accounts@gulfmotors.example',
      bank: { bankName: 'Emirates NBD', accountName: 'Gulf Motors Trading LLC', iban: 'AE07 0331 2345 6789 0123 456', swift: 'EBILAEAD' },
      defaultIncoterms: 'CFR',
      portOfLoading: 'Incheon, Korea',
    };
    await call('putTenantProfile', { key: admin, body: sellerProfile, note: 'the IBAN is stored without its spaces; the logo and stamp stay' });
    await call('putTenantProfile', {
      key: admin,
      body: { ...sellerProfile, bank: { ...sellerProfile.bank, iban: 'AE08 0331 2345 6789 0123 456' } },
      expect: 400,
      note: 'an IBAN whose check digits do not match',
    });
    await call('putTenantProfile', {
      key: admin,
      headers: { 'If-Match': '"1"' },
      body: sellerProfile,
      expect: 412,
      note: 'If-Match names a version that is no longer current: someone saved the profile since',
    });
    await call('putTenantProfile', {
      key: admin,
      body: { ...sellerProfile, version: 1 },
      expect: 409,
      note: 'body.version is no longer current: someone saved the profile since',
    });
    await call('putTenantProfileImage', { key: admin, path: { image: 'stamp' }, body: { contentType: 'image/png', data: squarePng(160).toString('base64') } });
    await call('deleteTenantProfileImage', { key: admin, path: { image: 'logo' }, note: 'the profile has no logo now' });
    const user = (
      await call('createUser', {
        key: admin,
        body: { name: 'Hana Choi', role: 'operations', mobileNumber: '+971501110009', email: 'hana@gulfmotors.example', language: 'en' },
      })
    ).body.data;
    await call('createUser', {
      key: admin,
      body: { name: 'Hana C.', role: 'operations', mobileNumber: '+971501110009' },
      expect: 409,
      note: 'the mobile number is taken in this tenant',
    });
    await call('getUser', { key: admin, path: { id: user.id } });
    await call('updateUser', { key: admin, path: { id: user.id }, body: { language: 'ar' } });
    await call('updateUser', {
      key: admin,
      path: { id: user.id },
      body: { mobileNumber: inspectors[0]!.mobileNumber },
      expect: 409,
      note: 'the mobile number is another user’s in this tenant',
    });
    const issued = (await call('issueApiKey', { key: admin, body: { name: 'Hana laptop', userId: user.id }, note: 'the key is shown in this answer only' }))
      .body.data;
    await call('getMe', { key: issued.key, note: 'an operations user’s key' });
    await call('listApiKeys', { key: admin, skip: true });
    const rotated = (await call('rotateApiKey', { key: admin, path: { id: issued.apiKey.id }, body: { graceSeconds: 3600 } })).body.data;
    await call('rotateApiKey', { key: admin, path: { id: issued.apiKey.id }, body: {}, expect: 409, note: 'a key rotates once' });
    await call('revokeApiKey', { key: admin, path: { id: rotated.apiKey.id } });
    await call('deactivateUser', { key: admin, path: { id: user.id } });
    await call('issueApiKey', { key: admin, body: { name: 'Hana tablet', userId: user.id }, expect: 409, note: 'the user is deactivated' });
    await call('listApiKeys', { key: admin, keep: true });
    // A key with a tight limit, to show the refusal an exceeded limit gets.
    const tight = (
      await call('issueApiKey', {
        key: admin,
        // A quota of one request a day refuses the second whatever the machine's speed (a rate of one a second may not).
        body: { name: 'rate-limited', role: 'integrator', rateLimit: { rps: 1, burst: 1, quotaPerDay: 1 } },
        skip: true,
      })
    ).body.data.key as string;
    await call('listOrders', { key: tight, query: { limit: 1 }, skip: true });
    await call('listOrders', {
      key: tight,
      query: { limit: 1 },
      expect: 429,
      note: 'over the key’s daily quota (or its rate); Retry-After says when to try again',
    });
    await call('listAudit', { key: admin, query: { entity: 'order', id: orderId, limit: 2 } });

    // Webhooks: the receiver that answers, then the one that is down (retrying, then failed).
    await call('listWebhookEndpoints', { key: admin });
    await call('getWebhookEndpoint', { key: admin, path: { id: endpointId } });
    await call('updateWebhookEndpoint', {
      key: admin,
      path: { id: endpointId },
      body: { eventTypes: ['order.created', 'order.status_changed', 'contract.signed', 'billing_entry.confirmed'] },
    });
    await call('updateWebhookEndpoint', {
      key: admin,
      path: { id: endpointId },
      body: { description: 'ERP order and billing sync', version: 1 },
      expect: 409,
      note: 'body.version is no longer current: the endpoint changed since it was read',
    });
    await call('testWebhookEndpoint', { key: admin, path: { id: endpointId }, body: {} });
    const deliveries = await until('a delivery to the receiver', async () => {
      const listed = await call('listWebhookDeliveries', { key: admin, path: { id: endpointId }, query: { limit: 2 }, skip: true });
      return listed.body.data.length > 0 ? listed.body.data : undefined;
    });
    await call('getWebhookDelivery', { key: admin, path: { id: endpointId, deliveryId: deliveries[0].eventId ?? deliveries[0].id } });
    await call('listWebhookDeliveries', {
      key: admin,
      path: { id: downId },
      query: { status: 'retrying', limit: 1 },
      note: 'a delivery the receiver refused: retried at nextAttemptAt',
    });
    const failed = await until(
      'a failed delivery',
      async () => {
        const listed = await call('listWebhookDeliveries', { key: admin, path: { id: downId }, query: { status: 'failed', limit: 1 }, skip: true });
        return listed.body.data[0];
      },
      120_000,
    );
    await call('getWebhookDelivery', {
      key: admin,
      path: { id: downId, deliveryId: failed.eventId ?? failed.id },
      keep: true,
      note: 'a delivery that failed every attempt',
    });
    await call('replayWebhookDelivery', { key: admin, path: { id: downId, deliveryId: failed.eventId ?? failed.id }, body: {} });
    await call('replayWebhookDelivery', {
      key: admin,
      path: { id: downId, deliveryId: failed.eventId ?? failed.id },
      body: {},
      expect: 409,
      note: 'the delivery is being tried again already',
    });
    await call('replayFailedWebhooks', { key: admin, path: { id: downId }, body: { since: new Date(startedAt - 60_000).toISOString() } });
    await call('rotateWebhookSecret', { key: admin, path: { id: endpointId }, body: { graceSeconds: 3600 } });
    await call('deleteWebhookEndpoint', { key: admin, path: { id: downId } });

    // Catalogue feeds: providers' files dropped in the bucket (platform admins watch them). Open
    // orders on two listed cars hear that one was repriced and the other sold.
    await catalogueFeeds(keys, customer.id as string, cars.body.data as Array<{ id: number; provider: string }>);

    // The event feed (integrators who cannot receive webhooks).
    await until('the event feed', async () => {
      const page = await call('listEvents', { key: integrator, query: { limit: 2 }, skip: true });
      return page.body.data.length === 2 ? page : undefined;
    });
    await call('listEvents', { key: integrator, query: { limit: 2 } });
    // One event of each type, for the webhooks section (a type the walk never caused keeps a composed example).
    for (const type of EVENT_TYPES) {
      let after: string | undefined;
      for (let page = 0; page < 30; page++) {
        const read = await call('listEvents', { key: integrator, query: { types: type, limit: 1, ...(after ? { after } : {}) }, skip: true });
        const event = read.body.data[0];
        if (event) {
          events.push({ type, body: event, at: Date.parse(event.timestamp) });
          break;
        }
        if (!read.body.meta?.nextCursor || read.body.meta.nextCursor === after) break;
        after = read.body.meta.nextCursor;
      }
    }
    return { orderId, customerId: customer.id as string };
  } finally {
    receiver.server.close();
  }
}

/** Puts a provider's feed in the bucket, as its export job would, and waits for the import to settle. */
async function dropFeed(platform: string, key: string, lines: unknown[]): Promise<string> {
  // Loaded once the stack has set the environment: the S3 client takes its endpoint when it is made.
  const [{ describeObject, putObject }, { bucketName }, { feedFileId }] = await Promise.all([
    import('../lib/archive/feed-objects.js'),
    import('../lib/config.js'),
    import('../lib/use-cases/catalogue-feeds/import-feed.js'),
  ]);
  await putObject(bucketName(), key, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`, 'application/x-ndjson');
  const id = feedFileId(key, (await describeObject(bucketName(), key))!.etag);
  await until(`the feed ${key}`, async () => {
    const read = await call('getFeedFile', { key: platform, path: { id }, skip: true, expect: 200 }).catch(() => undefined);
    return read && ['applied', 'held', 'refused'].includes(read.body.data.status) ? true : undefined;
  });
  return id;
}

async function catalogueFeeds(keys: Keys, customerId: string, listed: Array<{ id: number; provider: string }>): Promise<void> {
  const { admin, platform } = keys;
  const [repriced, sold] = await Promise.all(
    listed.slice(0, 2).map(async (c) => (await call('getCar', { key: admin, path: { id: c.id }, skip: true })).body.data),
  );
  for (const car of [repriced, sold])
    await call('createOrder', { key: admin, body: { customerId, carId: car.id, totalAmount: 18500, currency: 'USD' }, skip: true });
  const line = ({ id: _id, availability: _a, priceHistory: _p, removedAt: _r, ...car }: Record<string, unknown>) => car;
  for (const [change, car] of [
    [{ op: 'upsert', ...line(repriced), price: Number(repriced.price) + 20 }, repriced],
    [{ op: 'remove', advertisementNumber: sold.advertisementNumber, availability: 'sold' }, sold],
  ] as const) {
    const id = await dropFeed(platform, `feeds/${car.provider}/delta/2026-11-26-0600-${car.id}.ndjson`, [
      change,
      { op: 'remove', advertisementNumber: 'KC-0000000', availability: 'withdrawn' },
      '{"op":"upsert","provider":',
    ]);
    if (change.op === 'remove')
      await call('getFeedFile', {
        key: platform,
        path: { id },
        note: 'a delta: one car sold, one line naming a car the catalogue never had, one cut-off line',
      });
  }
  await call('getCar', { key: admin, path: { id: sold.id }, expect: 200, skip: true });
  await call('createOrder', {
    key: admin,
    body: { customerId, carId: sold.id, totalAmount: 18500, currency: 'USD' },
    expect: 409,
    note: "the car was sold at auction: its provider's feed removed it",
  });
  // A full list cut down to one car would remove nearly all of the provider's cars: held for a person.
  const full = (provider: string) =>
    dropFeed(platform, `feeds/${provider}/full/2026-11-26-0500.ndjson`, [
      { ...line(repriced), provider, advertisementNumber: `${provider.toUpperCase()}-0000001` },
    ]);
  const held = await full('sk');
  await call('getCatalogueStatus', { key: platform, note: "sk's full list is held: it would remove nearly all of sk's cars" });
  await call('listFeedFiles', { key: platform, query: { limit: 3 } });
  await call('discardFeedFile', { key: platform, path: { id: held }, note: 'the provider sent a cut-down list by mistake: nothing changes' });
  await call('confirmFeedFile', { key: platform, path: { id: held }, expect: 409, note: 'only a held file can be confirmed' });
  await call('discardFeedFile', { key: platform, path: { id: held }, expect: 409, note: 'the file is discarded already' });
  const confirmed = await full('lotte');
  await call('confirmFeedFile', { key: platform, path: { id: confirmed }, note: 'the provider really sold them: applied by the next run of the import' });
}

/** Routes only platform admins (an admin key of no tenant) may use: the catalogue feeds. */
const platformOnly = (route: RouteSpec) => route.path.startsWith('/api/v1/catalogue/');
/** The tenant's legal profile: a platform key names the tenant (?tenantId=). */
const tenantProfileRoute = (route: RouteSpec) => route.path.startsWith('/api/v1/tenant-profile');
/** The size of a body the walk sends over the limit of lib/http/json.ts (256 KB, 262,144 bytes). */
const OVERSIZED_BYTES = 300_000;

/** A JSON body of exactly OVERSIZED_BYTES: the example with a long `notes` (an image's `data`). */
function oversized(example: Json): string {
  const field = typeof example.data === 'string' ? 'data' : 'notes';
  const padding = OVERSIZED_BYTES - Buffer.byteLength(JSON.stringify({ ...example, [field]: '' }));
  return JSON.stringify({ ...example, [field]: 'A'.repeat(padding) });
}

/** An id of the right form that names no record. */
const UNKNOWN_ID = 'cz0unknown0record0000000';
/** The request body the reference shows for a route, if it takes one. */
const exampleOf = (r: RouteSpec): Json | undefined => operationOf(r).requestBody?.content['application/json'].example;
/** A route's path parameters naming `id` (a feed file's id is the hash of its key and version, 32 hex digits, not a CUID). */
const pathOf = (r: RouteSpec, id: string): Record<string, string | number> => ({
  id: r.id === 'getCar' ? 2_000_000_000 : platformOnly(r) && id === UNKNOWN_ID ? '5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f' : id,
  deliveryId: 'evt_0unknown0delivery0000',
  step: 'deregistration',
  // The profile's images are named, not numbered: a name it does not have stands for a bad id.
  image: id === UNKNOWN_ID ? 'stamp' : 'signature',
});

/**
 * Every route once more with the table out of reach (the gate in front of DynamoDB Local shut,
 * its connections cut): the 503 each route that documents it answers, with Retry-After. Each
 * request is one the API would take if the table answered.
 */
async function outage(keys: Keys, gate: TcpGate): Promise<void> {
  const recorded = new Set(calls.map((c) => `${c.id} ${c.status}`));
  const note = 'DynamoDB could not be reached: the table refused connections for a while';
  await gate.shut();
  try {
    for (const r of allRoutes) {
      // A page's 503 is a page (HTML), not an example of the reference.
      if (recorded.has(`${r.id} 503`) || operationOf(r).responses['503']?.content?.['application/json'] === undefined) continue;
      const example = exampleOf(r);
      const params = r.params ? { path: pathOf(r, UNKNOWN_ID) } : {};
      const headers: Record<string, string> = r.versioned?.ifMatch === 'required' && example?.version === undefined ? { 'If-Match': '"1"' } : {};
      // An admin may call every route of its tenant.
      const key = r.public ? undefined : platformOnly(r) ? keys.platform : keys.admin;
      let options: CallOptions = { ...params, headers, key, body: example, expect: 503, note };
      if (r.id === 'receiveWhatsAppWebhook') {
        const report = JSON.stringify(statusPayload('wamid.HBgMOTc0NTU1MTIzNDUVAgARGBI1', 'delivered', { to: '97455512345', at: new Date() }));
        options = {
          ...options,
          body: undefined,
          rawBody: report,
          headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signatureOf(report, LOCAL_WHATSAPP.appSecret) },
        };
      }
      // Anything else than a 503 the client may retry (a 401 for a valid key, a 500) is a fault of the service.
      const answer = await call(r.id, options);
      if (answer.status !== 503) throw new Error(`${r.id} answered ${answer.status} while the table could not be reached, not 503`);
      if (!/^[1-9]\d*$/.test(answer.headers.get('retry-after') ?? '')) throw new Error(`${r.id}: 503 without a Retry-After of whole seconds`);
    }
  } finally {
    await gate.open();
  }
}

/**
 * Every route once more, for the refusals it answers where the walk recorded none: no key, a role
 * it refuses, a key whose routes leave it out, an unknown id, a closed order, an invalid input,
 * X-API-Key sent twice, a body that is not JSON or too large, and a key over its rate.
 */
async function refusals(keys: Keys, walked: Walked): Promise<void> {
  const { admin, platform, operations } = keys;
  const unknownId = UNKNOWN_ID;
  const recorded = new Set(calls.map((c) => `${c.id} ${c.status}`));
  const wanted = (route: RouteSpec, status: number) => !recorded.has(`${route.id} ${status}`) && operationOf(route).responses[String(status)] !== undefined;
  const attempt = async (route: RouteSpec, status: number, options: CallOptions) => {
    if (!wanted(route, status)) return;
    const answer = await call(route.id, { expect: status, ...options });
    if (answer.status === status) recorded.add(`${route.id} ${status}`);
  };
  const route = (id: string) => routes.get(id)!;

  // A body naming a record this tenant does not have, and a platform key naming a tenant that does not exist.
  const orderBody = { customerId: unknownId, totalAmount: 18500, currency: 'USD' };
  await attempt(route('createOrder'), 404, { key: operations, body: orderBody, note: 'customerId names no customer of this tenant' });
  const receipt = { type: 'receipt', amount: 2000, currency: 'USD', description: 'Deposit by bank transfer' };
  const noOrder = 'orderId names no order of this tenant';
  await attempt(route('createContract'), 404, { key: operations, body: { orderId: unknownId, customerName: 'Layla Haddad' }, note: noOrder });
  await attempt(route('createBillingEntry'), 404, { key: operations, body: { orderId: unknownId, ...receipt }, note: noOrder });
  await attempt(route('createInspection'), 404, { key: operations, body: { orderId: unknownId, inspectorId: 'demouserinspector0000001' }, note: noOrder });
  await attempt(route('issueApiKey'), 404, { key: admin, body: { name: 'Joon tablet', userId: unknownId }, note: 'userId names no user of this tenant' });
  const stamp = { contentType: 'image/png', data: squarePng(160).toString('base64') };
  for (const [id, options] of [
    ['getTenantProfile', {}],
    ['putTenantProfile', { body: exampleOf(route('putTenantProfile')) }],
    ['putTenantProfileImage', { path: { image: 'stamp' }, body: stamp }],
    ['deleteTenantProfileImage', { path: { image: 'stamp' } }],
  ] as const)
    await attempt(route(id), 404, { key: platform, query: { tenantId: unknownId }, note: 'a platform key naming a tenant that does not exist', ...options });

  // A closed order takes nothing new: the walk's order is Delivered; another is cancelled here.
  await attempt(route('createContract'), 409, {
    key: operations,
    body: { orderId: walked.orderId, customerName: 'Layla Haddad' },
    note: 'the order is Delivered: it takes no new contract',
  });
  await attempt(route('createInspection'), 409, {
    key: operations,
    body: { orderId: walked.orderId, inspectorId: 'demouserinspector0000001' },
    note: 'the order is Delivered: it takes no new inspection',
  });
  if (wanted(route('createBillingEntry'), 409)) {
    const cancelled = (
      await call('createOrder', {
        key: operations,
        body: { customerId: walked.customerId, totalAmount: 9500, currency: 'USD', carDetails: { makeEn: 'Kia', modelEn: 'Sportage', year: 2020 } },
        skip: true,
      })
    ).body.data;
    await call('changeOrderStatus', {
      key: operations,
      path: { id: cancelled.id },
      headers: { 'If-Match': '"1"' },
      body: { status: 'Cancelled', version: 1, note: 'The customer chose another car' },
      skip: true,
    });
    await attempt(route('createBillingEntry'), 409, {
      key: operations,
      body: { orderId: cancelled.id, ...receipt },
      note: 'the order is Cancelled: it takes no new billing entry',
    });
  }

  // Integrator keys narrowed to a few routes (allowedRoutes): every other route refuses them.
  const narrowKey = async (name: string, allowedRoutes: string[]) =>
    (await call('issueApiKey', { key: admin, body: { name, role: 'integrator', allowedRoutes }, skip: true })).body.data.key as string;
  const catalogueKey = await narrowKey('Storefront catalogue', ['GET /api/v1/cars', 'GET /api/v1/cars/{id}', 'GET /api/v1/cars/trims']);
  const ordersKey = await narrowKey('Order sync', ['POST /api/v1/customers', 'POST /api/v1/orders', 'GET /api/v1/orders/{id}']);

  for (const r of allRoutes) {
    if (r.public) continue;
    const example = exampleOf(r);
    const params = r.params ? { path: pathOf(r, unknownId) } : {};
    // A version is required on some routes: the body example names one, else If-Match does.
    const headers: Record<string, string> = r.versioned?.ifMatch === 'required' && example?.version === undefined ? { 'If-Match': '"1"' } : {};
    await attempt(r, 401, { ...params, headers, body: example, note: 'no X-API-Key header' });
    const refusedRole = r.roles ? ['integrator', 'inspector', 'marketer', 'operations', 'accountant'].find((role) => !r.roles!.includes(role)) : undefined;
    if (refusedRole)
      await attempt(r, 403, {
        ...params,
        headers,
        key: keys[refusedRole as keyof Keys],
        body: example,
        note: `${/^[aeiou]/.test(refusedRole) ? 'an' : 'a'} ${refusedRole} key: the route is not for this role`,
      });
    else
      await attempt(r, 403, {
        ...params,
        headers,
        key: r.path.startsWith('/api/v1/cars') ? ordersKey : catalogueKey,
        body: example,
        note: 'an integrator key whose allowedRoutes do not include this route',
      });
    if (r.params && !tenantProfileRoute(r))
      await attempt(r, 404, {
        ...params,
        headers,
        key: platformOnly(r) ? platform : admin,
        body: example,
        note: platformOnly(r) ? 'no such feed file' : 'no such record in this tenant',
      });
    if (r.body)
      await attempt(r, 400, {
        ...params,
        headers,
        key: admin,
        body: { ...(example ?? {}), unexpectedField: true },
        note: 'a field the operation does not have',
      });
    else if (r.params && r.id !== 'getCar')
      await attempt(r, 400, { path: pathOf(r, 'NOT-AN-ID'), key: admin, note: `an id that is not ${platformOnly(r) ? 'a feed file id' : 'a CUID'}` });
    else if (r.query) await attempt(r, 400, { ...params, key: admin, query: { limit: 0 }, note: 'a query parameter out of range' });
    // Two keys in one request (two X-API-Key lines, joined with a comma on the way): neither is used.
    await attempt(r, 400, {
      ...params,
      headers: { ...headers, 'X-API-Key': `${admin}, ${keys.integrator}` },
      body: example,
      note: 'X-API-Key sent twice',
    });
    if (r.body) {
      await attempt(r, 415, {
        ...params,
        key: admin,
        rawBody: JSON.stringify(example ?? {}),
        headers: { 'Content-Type': 'text/plain' },
        note: 'a JSON body sent as Content-Type: text/plain',
      });
      await attempt(r, 413, {
        ...params,
        key: admin,
        rawBody: oversized(example ?? {}),
        headers: { 'Content-Type': 'application/json' },
        note: `a body of ${OVERSIZED_BYTES.toLocaleString('en')} bytes, over the limit`,
      });
    }
  }

  // The WhatsApp webhook: signed as Meta signs, but not what it takes.
  const whatsapp = route('receiveWhatsAppWebhook');
  const signed = (body: string, contentType = 'application/json') => ({
    rawBody: body,
    headers: { 'Content-Type': contentType, 'X-Hub-Signature-256': signatureOf(body, LOCAL_WHATSAPP.appSecret) },
  });
  await attempt(whatsapp, 400, { ...signed(JSON.stringify({ object: 'whatsapp_business_account' })), note: 'a signed body without entry' });
  const empty = { object: 'whatsapp_business_account', entry: [] };
  await attempt(whatsapp, 415, { ...signed(JSON.stringify(empty), 'text/plain'), note: 'a signed JSON body sent as Content-Type: text/plain' });
  await attempt(whatsapp, 413, { ...signed(oversized(empty)), note: `a signed body of ${OVERSIZED_BYTES.toLocaleString('en')} bytes, over the limit` });

  // A tenant's webhook endpoints are limited: its branches get endpoints until one more is refused.
  for (let n = 1; n <= MAX_ENDPOINTS_PER_TENANT + 1 && wanted(route('createWebhookEndpoint'), 409); n++)
    await attempt(route('createWebhookEndpoint'), 409, {
      key: admin,
      body: { url: `https://branch-${n}.gulfmotors.example/hooks/contracts`, eventTypes: ['contract.signed'], description: `Branch ${n} contracts` },
      quiet: true,
      note: `the tenant has ${MAX_ENDPOINTS_PER_TENANT} endpoints already`,
    });

  // Keys allowed one request a second, called again within the second: 429 until the next one.
  // The requests are ones the API refuses anyway (an unknown id, a field it does not have, a
  // read), so the one a key gets through in a second changes nothing.
  const limitedKey = async (issuer: string, name: string) =>
    (await call('issueApiKey', { key: issuer, body: { name, role: 'admin', rateLimit: { rps: 1, burst: 1, quotaPerDay: 100_000 } }, skip: true })).body.data
      .key as string;
  const limited = await limitedKey(admin, 'Load test, one request a second');
  const platformLimited = await limitedKey(platform, 'Platform load test, one request a second');
  for (const r of allRoutes) {
    if (r.public || !wanted(r, 429)) continue;
    const example = exampleOf(r);
    const request: CallOptions = {
      // Never a profile image that exists (the stamp stays): a name the profile does not have.
      ...(r.params ? { path: { ...pathOf(r, unknownId), image: 'signature' } } : {}),
      ...(r.body ? { body: { ...(example ?? {}), unexpectedField: true } } : {}),
      key: platformOnly(r) ? platformLimited : limited,
    };
    for (let tries = 0; tries < 6 && wanted(r, 429); tries++) {
      const answer = await call(r.id, { ...request, expect: 429, quiet: true, note: 'a key allowed one request a second, called again within that second' });
      if (answer.status === 429) recorded.add(`${r.id} 429`);
    }
    if (wanted(r, 429)) log(`left out: ${r.id} never answered 429 in 6 tries`);
  }
}

async function main(): Promise<void> {
  // Webhook retries scaled from about 27.6 hours to seconds, so a refused delivery is seen retrying, then failed.
  Object.assign(process.env, { EVENT_SETTLE_MS: '1000', WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_DISABLE_AFTER_MS: '3600000', API_KEY_CACHE_SECONDS: '1' });
  const { startStack } = await import('./local/stack.js');
  log(`starting a local stack on ports ${Object.values(PORTS).join('/')}`);
  const start = () =>
    startStack({
      root,
      ...PORTS,
      withApi: true,
      catalogueSize: 200,
      outboxIntervalMs: 250,
      chatFailNumbers: [CHAT_FAIL_NUMBER],
      prebundle: true,
      rateLimit: { rps: 100_000, burst: 100_000, quotaPerDay: 100_000_000 },
      progress: (phase) => log(phase),
    });
  // On a busy machine DynamoDB Local may miss its 30 s to answer: a second try usually makes it.
  const stack = await start().catch((error: Error) => {
    log(`the stack did not start (${error.message.split('\n')[0]}); trying once more`);
    return start();
  });
  let failure: unknown;
  try {
    baseUrl = stack.baseUrl;
    const keyOf = (role: string) => stack.keys.find((k) => k.role === role && k.tenantId === GULF)!.key;
    const platform = stack.keys.find((k) => k.role === 'admin' && k.tenantId === undefined)!.key;
    const keys = { ...Object.fromEntries(ROLES_WALKED.map((role) => [role, keyOf(role)])), platform } as Keys;
    const startedAt = Date.now();
    log('walking the main flow');
    const walked = await walk(keys, startedAt);
    log('calling every route for its refusals');
    await refusals(keys, walked);
    log('calling every route with the table out of reach');
    await outage(keys, stack.dynamoGate!);
    replacements[stack.baseUrl] = 'http://localhost:3000';
    for (const host of [`http://127.0.0.1:${PORTS.s3Port}`, `http://localhost:${PORTS.s3Port}`]) {
      replacements[`${host}/vehicle-purchase-orders-local-archive/`] = 'https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/';
    }
    const examples = scrubExamples(calls, events, { startedAt, endedAt: Date.now(), steps, replacements, fixedTimes: [INSPECTION_AT, WALLET_INSPECTION_AT] });
    writeFileSync(OUT, `${JSON.stringify(examples, null, 2)}\n`);
    const count = Object.values(examples.examples).reduce((n, byStatus) => n + Object.keys(byStatus).length, 0);
    log(`wrote ${count} examples of ${Object.keys(examples.examples).length} operations to ${OUT}`);
  } catch (error) {
    failure = error;
  } finally {
    await stack.stop();
  }
  if (failure) throw failure;
}

await main();
