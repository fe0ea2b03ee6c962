/**
 * `npm run docs:tracking-screenshots`: pictures of the buyer's page (GET /track/{token}) for the
 * README, as a buyer sees it on a phone, in English and Arabic, at three stages of one order.
 *
 * Starts a local stack of its own (ports 3440/3442/8440/4644, in memory; TRACKING_SCREENSHOTS_*_PORT
 * to change them), gives a new tenant its staff, walks one order from a catalogue car through the
 * API as those staff would (`walkOrder`, walk-order.ts, which tests/e2e/tracking-page-browser.test.ts
 * walks too), and at the deposit, on the water and at delivery opens the buyer's link in Debian's
 * chromium (playwright-core; no browser is downloaded, nothing is fetched from the internet) at a phone's
 * 390x844 (one pixel per CSS pixel) with JavaScript off, saving the whole page to
 * docs/images/tracking/<stage>-<en|ar>.png.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { type Call, type WalkStaff, walkOrder } from './walk-order.js';

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

await main();
