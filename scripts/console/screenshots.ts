/**
 * `npm run docs:screenshots`: pictures of the staff console's main screens for the README, in
 * English and Arabic.
 *
 * Starts a local stack of its own (ports 3420/3422/8420/4642, in memory), builds the console,
 * gives a new tenant a few staff, customers and orders at different stages (through the API, as
 * its staff would), then opens the console in Debian's chromium (playwright-core; no browser is
 * downloaded, nothing is fetched from the internet) and saves Today, the orders, an order, the
 * customers and the catalogue at 1280x800, and the order, the orders and the customers again at a
 * phone's 390x844, to docs/images/console/<screen>-[phone-]<en|ar>.png.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { STAFF_TOOL, type Role } from '../../lib/domain/caller.js';
import { buildConsole } from './build.js';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const OUT = join(root, 'docs', 'images', 'console');
const PORTS = {
  httpPort: Number(process.env.SCREENSHOTS_HTTP_PORT ?? 3420),
  lambdaPort: Number(process.env.SCREENSHOTS_LAMBDA_PORT ?? 3422),
  dynamoPort: Number(process.env.SCREENSHOTS_DYNAMODB_PORT ?? 8420),
  s3Port: Number(process.env.SCREENSHOTS_S3_PORT ?? 4642),
};
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const WAIT = 60_000;

type Json = Record<string, unknown>;
/** What the script reads of the API's answers. */
interface Row {
  id: string;
  version: number;
  status: string;
  type: string;
  customerPhone: string;
}
const log = (text: string) => console.log(`[docs:screenshots] ${text}`);
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let baseUrl = '';

/** One API call as a staff member; anything but a success stops the script with the answer. */
async function call<T = Row>(
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

type Staff = Record<'operations' | 'accountant' | 'inspector' | 'marketer', { key: string; userId: string }>;

/** A tenant of its own with named staff, each with a key issued for them. */
async function tenantWithStaff(): Promise<Staff> {
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
  // It generates a proforma invoice, which names the seller: the tenant gets a complete legal
  // profile first (the demo dealer's under its own name; no picture shows the PDF).
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
  const people: Array<[keyof Staff, string, string]> = [
    ['operations', 'Omar Haddad', '+971502220001'],
    ['accountant', 'Sara Karim', '+971502220002'],
    ['inspector', 'Joon Lee', '+971502220003'],
    ['marketer', 'Mina Park', '+971502220004'],
  ];
  const staff = {} as Staff;
  for (const [role, name, mobileNumber] of people) {
    const user = await createUser(STAFF_TOOL, { name, role: role as Role, mobileNumber, tenantId: tenant.id });
    const { key } = await issueApiKey(STAFF_TOOL, {
      name: `${name} console`,
      userId: user.id,
      allowedRoutes: ['*'],
      rateLimit: { rps: 1000, burst: 1000, quotaPerDay: 1_000_000 },
    });
    staff[role] = { key, userId: user.id };
  }
  return staff;
}

/** Customers and orders at different stages, one of them shipped with everything on its page. */
async function realisticData(staff: Staff): Promise<{ shippedOrderId: string }> {
  const { operations, accountant, inspector, marketer } = staff;
  const customer = (name: string, mobileNumber: string, language: 'en' | 'ar', walletCurrency = 'USD') =>
    call(marketer.key, 'POST', '/api/v1/customers', { name, mobileNumber, country: 'AE', language, walletCurrency });
  const layla = await customer('Layla Haddad', '+971501234501', 'en');
  const mohammed = await customer('محمد العتيبي', '+971501234502', 'ar');
  const omar = await customer('Omar Farouk', '+971501234503', 'en');
  const aisha = await customer('Aisha Rahman', '+971501234504', 'en', 'AED');
  const yousef = await customer('يوسف الحربي', '+971501234505', 'ar');

  const order = (customerId: string, car: Json, totalAmount: number, currency: string, deposit: number) =>
    call(marketer.key, 'POST', '/api/v1/orders', {
      customerId,
      carDetails: car,
      totalAmount,
      currency,
      receiptAmount: deposit,
      receiptCurrency: currency,
      receiptDescription: 'Deposit by bank transfer',
      receiptFileUrl: 'https://files.example.com/receipts/deposit.pdf',
    });
  const move = async (key: string, id: string, status: string, extra: Json = {}) => {
    const { version } = await call(key, 'GET', `/api/v1/orders/${id}`);
    await call(key, 'PATCH', `/api/v1/orders/${id}/status`, { status, version, ...extra });
  };
  const confirmReceipts = async (id: string) => {
    for (const entry of await call<Row[]>(accountant.key, 'GET', `/api/v1/orders/${id}/billing`))
      if (entry.status === 'Pending' && entry.type === 'receipt')
        await call(accountant.key, 'PATCH', `/api/v1/billing/${entry.id}/confirm`);
  };
  const inspected = async (id: string) => {
    await confirmReceipts(id);
    await move(accountant.key, id, 'DepositConfirmed');
    await move(operations.key, id, 'InspectionScheduled', { inspectionDate: `${day(-6)}T06:30:00.000Z` });
    const inspection = await call(inspector.key, 'POST', '/api/v1/inspections', {
      orderId: id,
      inspectorId: inspector.userId,
      inspectionDate: `${day(-6)}T06:30:00.000Z`,
      notes: 'Pyeongtaek yard, bay 14',
    });
    await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, { status: 'InProgress' });
    await call(inspector.key, 'PATCH', `/api/v1/inspections/${inspection.id}/status`, {
      status: 'Completed',
      notes: 'No accident history; light scratches on the rear bumper.',
      pdfReportUrl: 'https://files.example.com/inspections/report.pdf',
    });
    await move(inspector.key, id, 'InspectionCompleted');
  };
  const purchased = async (id: string, customerName: string, total: number, currency: string, deposit: number) => {
    await inspected(id);
    const contract = await call(operations.key, 'POST', '/api/v1/contracts', {
      orderId: id,
      customerName,
      totalAmount: total,
      currency,
      terms: 'Delivery to Jebel Ali port.',
    });
    await call(operations.key, 'POST', `/api/v1/contracts/${contract.id}/send`, { phone: contract.customerPhone });
    await call(operations.key, 'PATCH', `/api/v1/contracts/${contract.id}/sign`, {});
    await move(operations.key, id, 'ContractSigned');
    await move(operations.key, id, 'PaymentSubmitted');
    await call(operations.key, 'POST', '/api/v1/billing', {
      orderId: id,
      type: 'receipt',
      amount: total - deposit,
      currency,
      description: 'Balance by bank transfer',
      receiptFileUrl: 'https://files.example.com/receipts/balance.pdf',
    });
    await confirmReceipts(id);
    await move(accountant.key, id, 'PaymentConfirmed');
    await move(operations.key, id, 'Purchased');
  };
  const step = (id: string, name: string, body: Json) =>
    call(operations.key, 'PUT', `/api/v1/orders/${id}/export-steps/${name}`, body);

  // Shipped, with every panel filled: the order page's picture.
  const shipped = await order(
    layla.id,
    { makeEn: 'Hyundai', modelEn: 'Palisade', year: 2022, vin: 'KMHR381ABNU123456', color: 'White' },
    18_500,
    'USD',
    2_000,
  );
  await purchased(shipped.id, 'Layla Haddad', 18_500, 'USD', 2_000);
  await step(shipped.id, 'deregistration', {
    date: day(-5),
    documentUrl: 'https://files.example.com/export/dereg.pdf',
  });
  await step(shipped.id, 'bonded-area', { date: day(-4), location: 'Pyeongtaek bonded yard' });
  await step(shipped.id, 'export-declaration', { date: day(-3), number: '12345-26-000123X' });
  await call(operations.key, 'PATCH', `/api/v1/orders/${shipped.id}/customs-invoice`, {
    buyerName: 'Layla Haddad',
    buyerAddress: 'Al Quoz 3, Dubai',
    buyerPhone: '+971501234501',
    carMake: 'Hyundai',
    carModel: 'Palisade',
    carVin: 'KMHR381ABNU123456',
    carYear: 2022,
    carColor: 'White',
    items: [{ description: 'Hyundai Palisade 2022', amount: 18_500 }],
    currency: 'USD',
    language: 'en',
  });
  await call(operations.key, 'PATCH', `/api/v1/orders/${shipped.id}/shipment`, {
    method: 'roro',
    bookingNumber: 'GLVS-BK-2611-0457',
    carrier: 'Hyundai Glovis',
    vessel: 'Glovis Sirius',
    voyage: '026W',
    portOfLoading: 'KRPTK',
    portOfDischarge: 'AEJEA',
    etd: day(-2),
    eta: day(19),
    atd: day(-2),
    billOfLadingNumber: 'GLVS2611BL0457',
    billOfLadingUrl: 'https://files.example.com/export/bl-0457.pdf',
  });
  await move(operations.key, shipped.id, 'Shipped');
  await call(accountant.key, 'POST', `/api/v1/orders/${shipped.id}/documents`, {
    type: 'proforma-invoice',
    language: 'en',
  });

  // Purchased, its export declaration accepted 20 days ago: loading due within 10 days (Today's deadlines).
  const loading = await order(
    yousef.id,
    { makeEn: 'Kia', modelEn: 'Carnival', year: 2022, color: 'Silver' },
    31_000,
    'USD',
    4_000,
  );
  await purchased(loading.id, 'يوسف الحربي', 31_000, 'USD', 4_000);
  await step(loading.id, 'deregistration', {
    date: day(-24),
    documentUrl: 'https://files.example.com/export/dereg-2.pdf',
  });
  await step(loading.id, 'bonded-area', { date: day(-22), location: 'Incheon bonded yard' });
  await step(loading.id, 'export-declaration', { date: day(-20), number: '12345-26-000098X' });

  // Inspected, waiting on its contract; deposit confirmed, waiting on an inspection date; a new one.
  const inspectedOrder = await order(
    aisha.id,
    { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2023, color: 'Blue' },
    88_000,
    'AED',
    10_000,
  );
  await inspected(inspectedOrder.id);
  const confirmed = await order(
    mohammed.id,
    { makeEn: 'Kia', modelEn: 'Sorento', year: 2021, color: 'Black' },
    21_000,
    'USD',
    3_000,
  );
  await confirmReceipts(confirmed.id);
  await move(accountant.key, confirmed.id, 'DepositConfirmed');
  await order(omar.id, { makeEn: 'Genesis', modelEn: 'GV80', year: 2023, color: 'Grey' }, 52_000, 'USD', 5_000);
  return { shippedOrderId: shipped.id };
}

/** Waits until no "loading" indicator is left on the page. */
async function settled(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: /Loading|جارٍ التحميل/ })
    .first()
    .waitFor({ state: 'detached', timeout: WAIT });
  await page.waitForLoadState('networkidle', { timeout: WAIT }).catch(() => undefined);
}

async function shoot(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  log(`${name}.png: ${Math.round(statSync(path).size / 1024)} KB`);
}

async function pictures(operationsKey: string, shippedOrderId: string): Promise<void> {
  if (!CHROMIUM) throw new Error('chromium is not installed: apt-get install chromium (no browser is downloaded)');
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
  try {
    for (const language of ['en', 'ar'] as const) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const phone = viewport.width < 600;
        const context = await browser.newContext({
          viewport,
          deviceScaleFactor: 1,
          locale: language === 'ar' ? 'ar-AE' : 'en-GB',
          timezoneId: 'Asia/Dubai',
          isMobile: phone,
          hasTouch: phone,
        });
        // Nothing leaves the machine: the console needs only the stack.
        await context.route('**/*', (route) =>
          LOCAL_HOSTS.has(new URL(route.request().url()).hostname) ? route.continue() : route.abort(),
        );
        // The language the person chose, as the switch remembers it.
        await context.addInitScript((chosen) => localStorage.setItem('vpo.console.language', chosen), language);
        const page = await context.newPage();
        await page.goto(`${baseUrl}/console/`);
        await page.locator('#api-key').fill(operationsKey);
        await page.locator('form button[type="submit"]').click();
        await page
          .getByRole('heading', { level: 1, name: language === 'ar' ? /يومك سعيد/ : /Good day/ })
          .waitFor({ timeout: WAIT });
        const suffix = `${phone ? 'phone-' : ''}${language}`;
        const go = async (route: string, ready: () => Promise<unknown>, name: string) => {
          await page.goto(`${baseUrl}/console/#${route}`);
          await ready();
          await shoot(page, `${name}-${suffix}`);
        };
        const main = page.getByRole('main');
        const orderPage = () =>
          main.getByRole('region').last().getByRole('listitem').first().waitFor({ timeout: WAIT });
        if (phone) {
          await go(`/orders/${shippedOrderId}/show`, orderPage, 'order');
          // The lists as lines of text on a phone, within its width.
          await go('/orders', () => main.getByRole('listitem').nth(4).waitFor({ timeout: WAIT }), 'orders');
          await go('/customers', () => main.getByRole('listitem').nth(4).waitFor({ timeout: WAIT }), 'customers');
        } else {
          await go(
            '/',
            () => main.getByRole('region').last().getByRole('link').first().waitFor({ timeout: WAIT }),
            'today',
          );
          await go('/orders', () => main.getByRole('row').nth(5).waitFor({ timeout: WAIT }), 'orders');
          await go(`/orders/${shippedOrderId}/show`, orderPage, 'order');
          await go('/customers', () => main.getByRole('row').nth(5).waitFor({ timeout: WAIT }), 'customers');
          await go(
            '/cars',
            async () => {
              await main.getByRole('row').nth(8).waitFor({ timeout: WAIT });
              // The cars' pictures (from the local S3 emulator) drawn.
              await page.waitForFunction(
                () =>
                  [...document.querySelectorAll('main table img')].every((img) => (img as HTMLImageElement).complete),
                undefined,
                {
                  timeout: WAIT,
                },
              );
            },
            'catalogue',
          );
          // The seller its documents name, as operations read it (admins change it).
          await go(
            '/tenant-profile',
            async () => {
              await main.getByRole('img').nth(1).waitFor({ timeout: WAIT });
              await page.waitForFunction(
                () => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete),
                undefined,
                {
                  timeout: WAIT,
                },
              );
            },
            'profile',
          );
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
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
  try {
    baseUrl = stack.baseUrl;
    await buildConsole({ root, progress: log });
    log('a tenant, its staff, customers and orders');
    const staff = await tenantWithStaff();
    const { shippedOrderId } = await realisticData(staff);
    log('taking the pictures');
    await pictures(staff.operations.key, shippedOrderId);
    log(`done: ${OUT}`);
  } finally {
    await stack.stop();
  }
}

await main();
