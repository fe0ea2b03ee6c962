/**
 * `npm run docs:tracking-screenshots`: pictures of the buyer's page (GET /track/{token}) for the
 * README, as a buyer sees it on a phone, in English and Arabic, at three stages of one order.
 *
 * Starts a local stack of its own (ports 3440/3442/8440/4644, in memory; TRACKING_SCREENSHOTS_*_PORT
 * to change them), gives a new tenant its staff, walks one order from a catalogue car through the
 * API as those staff would (`walkOrder`, which tests/e2e/tracking-page-browser.test.ts walks too),
 * and at the deposit, on the water and at delivery opens the buyer's link in Debian's chromium
 * (playwright-core; no browser is downloaded, nothing is fetched from the internet) at a phone's
 * 390x844 (one pixel per CSS pixel) with JavaScript off, saving the whole page to
 * docs/images/tracking/<stage>-<en|ar>.png.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

// ---------------------------------------------------------------------------------------------
// One order, walked through the API by the staff who do each step

/** One API call as a staff member, answering the response's `data`; it must fail on anything but a success. */
export type Call = <T = unknown>(key: string, method: string, path: string, body?: unknown) => Promise<T>;

interface Person {
  key: string;
  userId: string;
}
export type WalkStaff = Record<'operations' | 'accountant' | 'inspector' | 'marketer', Person>;

/** When the buyer's page is looked at: just after the deposit, on the water, delivered. */
export type Stage = 'deposit' | 'shipped' | 'delivered';

/** What the walked order is, for what the buyer's page should show of it. */
export interface WalkedOrder {
  id: string;
  orderNumber: number;
  /** The buyer's link, as GET /api/v1/orders/{id} answers it. */
  trackingUrl: string;
  customerName: string;
  car: { makeEn: string; modelEn: string; year: number; vin: string };
  currency: 'USD';
  totalAmount: number;
  deposit: number;
  vessel: string;
  /** The voyage's expected arrival (YYYY-MM-DD). */
  eta: string;
}

const TOTAL = 24_800;
const DEPOSIT = 3_000;
const VESSEL = 'Glovis Sirius';
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface Car {
  id: number;
  makeEn: string;
  modelEn: string;
  year: number;
  vin?: string;
  fuelType: string;
  displacement?: number;
  color?: string;
  images: string[];
}

/**
 * One order from a catalogue car, walked from the marketer's order with its deposit receipt to
 * the delivery, each step by the role that does it (the README's getting-started). `atStage` is
 * called just after the deposit (DepositSubmitted), on the water (Shipped, with the vessel and an
 * ETA; inspected with photos, papers generated) and once Delivered.
 */
export async function walkOrder(
  call: Call,
  staff: WalkStaff,
  buyer: { name: string; mobileNumber: string },
  atStage: (stage: Stage, order: WalkedOrder) => Promise<void>,
): Promise<WalkedOrder> {
  const { operations, accountant, inspector, marketer } = staff;
  const today = day(0);

  // A catalogue car with its VIN and a few pictures (served by the stack's S3 emulator).
  let car: Car | undefined;
  for (const { id } of await call<Array<{ id: number }>>(marketer.key, 'GET', '/api/v1/cars?limit=30')) {
    const candidate = await call<Car>(marketer.key, 'GET', `/api/v1/cars/${id}`);
    if (candidate.vin && candidate.displacement && candidate.images.length >= 4) {
      car = candidate;
      break;
    }
  }
  if (!car?.vin) throw new Error('no catalogue car with a VIN, an engine and four pictures among the first 30');
  const photos = car.images.slice(0, 4);

  const customer = await call<{ id: string }>(marketer.key, 'POST', '/api/v1/customers', {
    name: buyer.name,
    mobileNumber: buyer.mobileNumber,
    country: 'AE',
    language: 'ar',
  });
  const created = await call<{ id: string; orderNumber: number }>(marketer.key, 'POST', '/api/v1/orders', {
    customerId: customer.id,
    carId: car.id,
    totalAmount: TOTAL,
    currency: 'USD',
    receiptAmount: DEPOSIT,
    receiptCurrency: 'USD',
    receiptDescription: 'Deposit by bank transfer',
    receiptFileUrl: 'https://files.example.com/receipts/deposit.pdf',
  });
  const detail = await call<{ trackingLink: { url: string } }>(marketer.key, 'GET', `/api/v1/orders/${created.id}`);
  const order: WalkedOrder = {
    id: created.id,
    orderNumber: created.orderNumber,
    trackingUrl: detail.trackingLink.url,
    customerName: buyer.name,
    car: { makeEn: car.makeEn, modelEn: car.modelEn, year: car.year, vin: car.vin },
    currency: 'USD',
    totalAmount: TOTAL,
    deposit: DEPOSIT,
    vessel: VESSEL,
    eta: day(21),
  };

  const move = async (key: string, status: string, extra: Record<string, unknown> = {}) => {
    const { version } = await call<{ version: number }>(key, 'GET', `/api/v1/orders/${order.id}`);
    await call(key, 'PATCH', `/api/v1/orders/${order.id}/status`, { status, version, ...extra });
  };
  const confirmReceipts = async () => {
    for (const entry of await call<Array<{ id: string; type: string; status: string }>>(
      accountant.key,
      'GET',
      `/api/v1/orders/${order.id}/billing`,
    ))
      if (entry.type === 'receipt' && entry.status === 'Pending')
        await call(accountant.key, 'PATCH', `/api/v1/billing/${entry.id}/confirm`);
  };
  const step = (name: string, body: Record<string, unknown>) =>
    call(operations.key, 'PUT', `/api/v1/orders/${order.id}/export-steps/${name}`, body);

  // (a) The deposit is in, not yet confirmed.
  await atStage('deposit', order);

  // The accountant confirms it; operations book the inspection; the inspector does it, with photos.
  await confirmReceipts();
  await move(accountant.key, 'DepositConfirmed');
  const inspectionDate = `${today}T06:30:00.000Z`;
  await move(operations.key, 'InspectionScheduled', { inspectionDate });
  const inspection = await call<{ id: string }>(operations.key, 'POST', '/api/v1/inspections', {
    orderId: order.id,
    inspectorId: inspector.userId,
    inspectionDate,
    notes: 'Pyeongtaek yard, bay 14',
  });
  await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, { status: 'InProgress' });
  await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, {
    status: 'Completed',
    notes: 'No accident history; light scratches on the rear bumper.',
    photos: photos.map((url, index) => ({ url, type: 'exterior', caption: `Photo ${index + 1}` })),
    pdfReportUrl: 'https://files.example.com/inspections/report.pdf',
  });
  await move(inspector.key, 'InspectionCompleted');

  // Operations: the contract, sent and signed; the balance; the accountant confirms it.
  const contract = await call<{ id: string; customerPhone: string }>(operations.key, 'POST', '/api/v1/contracts', {
    orderId: order.id,
    customerName: buyer.name,
    totalAmount: TOTAL,
    currency: 'USD',
    terms: 'Delivery to Jebel Ali port.',
  });
  await call(operations.key, 'POST', `/api/v1/contracts/${contract.id}/send`, { phone: contract.customerPhone });
  await call(operations.key, 'PATCH', `/api/v1/contracts/${contract.id}/sign`, {});
  await move(operations.key, 'ContractSigned');
  await move(operations.key, 'PaymentSubmitted');
  await call(operations.key, 'POST', '/api/v1/billing', {
    orderId: order.id,
    type: 'receipt',
    amount: TOTAL - DEPOSIT,
    currency: 'USD',
    description: 'Balance by bank transfer',
    receiptFileUrl: 'https://files.example.com/receipts/balance.pdf',
  });
  await confirmReceipts();
  await move(accountant.key, 'PaymentConfirmed');

  // Operations: bought, exported, booked and loaded; the papers the buyer downloads.
  await move(operations.key, 'Purchased');
  await step('deregistration', { date: today, documentUrl: 'https://files.example.com/export/dereg.pdf' });
  await step('bonded-area', { date: today, location: 'Pyeongtaek bonded yard' });
  await step('export-declaration', { date: today, number: '12345-26-000123X' });
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
    buyerName: buyer.name,
    buyerAddress: 'Al Quoz 3, Dubai',
    buyerPhone: buyer.mobileNumber,
    carMake: car.makeEn,
    carModel: car.modelEn,
    carVin: car.vin,
    carYear: car.year,
    ...(car.color ? { carColor: car.color } : {}),
    fuelType: car.fuelType,
    engineCapacityCc: car.displacement,
    items: [{ description: `${car.makeEn} ${car.modelEn} ${car.year}`, amount: TOTAL }],
    currency: 'USD',
    language: 'en',
  });
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/shipment`, {
    method: 'roro',
    bookingNumber: 'GLVS-BK-2611-0457',
    carrier: 'Hyundai Glovis',
    vessel: VESSEL,
    voyage: '026W',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'AEJEA',
    etd: today,
    eta: order.eta,
    atd: today,
    billOfLadingNumber: 'GLVS2611BL0457',
    billOfLadingUrl: 'https://files.example.com/export/bl-0457.pdf',
  });
  await move(operations.key, 'Shipped');
  await call(operations.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'contract' });
  await call(operations.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'customs-invoice' });
  await call(accountant.key, 'POST', `/api/v1/orders/${order.id}/documents`, { type: 'proforma-invoice' });

  // (b) On the water.
  await atStage('shipped', order);

  // Arrived, and handed over.
  await call(operations.key, 'PATCH', `/api/v1/orders/${order.id}/shipment`, { ata: today });
  await move(operations.key, 'Delivered');

  // (c) Delivered.
  await atStage('delivered', order);
  return order;
}

// ---------------------------------------------------------------------------------------------
// The pictures

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const OUT = join(root, 'docs', 'images', 'tracking');
const PORTS = {
  httpPort: Number(process.env.TRACKING_SCREENSHOTS_HTTP_PORT ?? 3440),
  lambdaPort: Number(process.env.TRACKING_SCREENSHOTS_LAMBDA_PORT ?? 3442),
  dynamoPort: Number(process.env.TRACKING_SCREENSHOTS_DYNAMODB_PORT ?? 8440),
  s3Port: Number(process.env.TRACKING_SCREENSHOTS_S3_PORT ?? 4644),
};
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The page counts visits per address (5 a second by default): the pictures are taken well under that. */
const VISIT_SPACING_MS = 400;
const log = (text: string) => console.log(`[docs:tracking-screenshots] ${text}`);

/** A tenant of its own with named staff, each with a key issued for them, and the legal profile its papers name. */
async function tenantWithStaff(): Promise<WalkStaff> {
  const { STAFF_TOOL } = await import('../../lib/domain/caller.js');
  const { createTenant } = await import('../../lib/store/tenants.js');
  const { createUser } = await import('../../lib/use-cases/users.js');
  const { issueApiKey } = await import('../../lib/use-cases/api-keys.js');
  const tenant = await createTenant({
    name: 'Al Noor Motors',
    subdomain: 'alnoor',
    markup: '1.08',
    visibleProviders: ['glovis', 'kcar', 'lotte'],
    publishedOnly: false,
    country: 'AE',
    timeZone: 'Asia/Dubai',
  });
  const { GULF_MOTORS_PROFILE: demo, writeDemoProfile } = await import('../local/demo-profiles.js');
  const legalName = { en: 'Al Noor Motors L.L.C.', ar: 'النور موتورز ذ.م.م' };
  const text = {
    ...demo.text,
    legalName,
    email: 'accounts@alnoormotors.example',
    bank: { ...demo.text.bank, accountName: legalName.en },
  };
  await writeDemoProfile(await import('../../lib/use-cases/tenant-profile.js'), STAFF_TOOL, tenant.id, {
    ...demo,
    text,
  });
  const people = [
    ['operations', 'Omar Haddad', '+971502220001'],
    ['accountant', 'Sara Karim', '+971502220002'],
    ['inspector', 'Joon Lee', '+971502220003'],
    ['marketer', 'Mina Park', '+971502220004'],
  ] as const;
  const staff = {} as WalkStaff;
  for (const [role, name, mobileNumber] of people) {
    const user = await createUser(STAFF_TOOL, { name, role, mobileNumber, tenantId: tenant.id });
    const { key } = await issueApiKey(STAFF_TOOL, {
      name: `${name} laptop`,
      userId: user.id,
      allowedRoutes: ['*'],
      rateLimit: { rps: 1000, burst: 1000, quotaPerDay: 1_000_000 },
    });
    staff[role] = { key, userId: user.id };
  }
  return staff;
}

function caller(baseUrl: string): Call {
  return async <T>(key: string, method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
}

/** The whole page at a phone's size, JavaScript off, as the buyer opens the link. */
async function shoot(browser: Browser, url: string, name: string): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    // One pixel per CSS pixel, as the console's phone pictures: wider than the README's table shows
    // them, and a full page stays a little over 100 KB.
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: false,
    locale: name.endsWith('-ar') ? 'ar-AE' : 'en-GB',
    timezoneId: 'Asia/Dubai',
  });
  try {
    // Nothing leaves the machine: the page needs only the stack and its S3 emulator.
    await context.route('**/*', (route) =>
      LOCAL_HOSTS.has(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
    );
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    for (let attempt = 1; ; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, VISIT_SPACING_MS));
      const response = await page.goto(url, { waitUntil: 'load' });
      if (response?.status() === 200) break;
      if (response?.status() !== 429 || attempt >= 5) throw new Error(`${url} answered ${response?.status()}`);
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? '1') * 1000));
    }
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
    );
    if (broken.length > 0 || problems.length > 0) throw new Error(`${name}: ${JSON.stringify({ broken, problems })}`);
    const path = join(OUT, `${name}.png`);
    await page.screenshot({ path, fullPage: true, animations: 'disabled', caret: 'hide' });
    log(`${name}.png: ${Math.round(statSync(path).size / 1024)} KB`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!CHROMIUM) throw new Error('chromium is not installed: apt-get install chromium (no browser is downloaded)');
  const { startStack } = await import('../local/stack.js');
  log(`starting a local stack on ports ${Object.values(PORTS).join('/')}`);
  const start = () =>
    startStack({
      root,
      ...PORTS,
      withApi: true,
      catalogueSize: 200,
      outboxIntervalMs: 250,
      prebundle: true,
      rateLimit: { rps: 100_000, burst: 100_000, quotaPerDay: 100_000_000 },
      progress: (phase) => log(phase),
    });
  // On a busy machine a part may miss its start time: a second try usually makes it.
  const stack = await start().catch((error: Error) => {
    log(`the stack did not start (${error.message.split('\n')[0]}); trying once more`);
    return start();
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    mkdirSync(OUT, { recursive: true });
    log('a tenant and its staff');
    const staff = await tenantWithStaff();
    log('one order, walked to delivery');
    await walkOrder(
      caller(stack.baseUrl),
      staff,
      { name: 'محمد العتيبي', mobileNumber: '+971501234502' },
      async (stage, order) => {
        for (const language of ['en', 'ar'] as const)
          await shoot(browser, `${order.trackingUrl}?lang=${language}`, `${stage}-${language}`);
      },
    );
    log(`done: ${OUT}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

// Run as a script (npm run docs:tracking-screenshots); imported, it only lends its walk.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
