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
import { buildConsole } from './build.js';
import { realisticData } from './screenshot-orders.js';
import { tenantWithStaff } from './screenshot-staff.js';

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
const log = (text: string) => console.log(`[docs:screenshots] ${text}`);

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

async function pictures(baseUrl: string, operationsKey: string, shippedOrderId: string): Promise<void> {
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
    await buildConsole({ root, progress: log });
    log('a tenant, its staff, customers and orders');
    const staff = await tenantWithStaff();
    const { shippedOrderId } = await realisticData(stack.baseUrl, staff);
    log('taking the pictures');
    await pictures(stack.baseUrl, staff.operations.key, shippedOrderId);
    log(`done: ${OUT}`);
  } finally {
    await stack.stop();
  }
}

await main();
