import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Role } from '../../lib/domain/caller.js';
import { createTenant } from '../../lib/store/tenants.js';
import { newApiKey, newStaffUser } from './staff.js';
import { completeProfile } from './tenant-profile.js';

/**
 * The staff console in a real browser: Debian's chromium (installed by .ci/run when missing; no
 * browser is ever downloaded) driven by playwright-core, with every request that is not to the
 * local stack refused, so a test also proves the console works offline.
 */
const CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) =>
  existsSync(path),
);

export async function launchBrowser(): Promise<Browser> {
  expect(CHROMIUM, 'chromium is not installed: .ci/run installs it (apt-get install chromium)').toBeDefined();
  return chromium.launch({
    executablePath: CHROMIUM!,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      // Any other host fails to resolve, even a request that escaped the routing below.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLocal(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    return ['data:', 'blob:', 'about:'].includes(protocol) || LOCAL_HOSTS.has(hostname);
  } catch {
    return false;
  }
}

/** One browser tab on the console, with what it tried to reach outside the machine and what broke. */
export interface ConsoleTab {
  context: BrowserContext;
  page: Page;
  /** Requests refused because they were not to the local stack. */
  blocked: string[];
  /** Uncaught errors in the page. */
  pageErrors: string[];
  /** The API calls the page made, as "METHOD /path" (for checks that the browser did the work). */
  apiCalls: string[];
  /** What the page shows now (its accessibility tree) and what went wrong, to explain a failure. */
  describe(): Promise<string>;
  close(): Promise<void>;
}

export async function openTab(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; locale?: string; timezoneId?: string } = {},
): Promise<ConsoleTab> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: options.locale ?? 'en-GB',
    timezoneId: options.timezoneId ?? 'Asia/Dubai',
    serviceWorkers: 'block',
  });
  const blocked: string[] = [];
  const pageErrors: string[] = [];
  const apiCalls: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (isLocal(url)) return route.continue();
    blocked.push(url);
    return route.abort('internetdisconnected');
  });
  context.on('request', (request) => {
    const { pathname, hostname } = new URL(request.url());
    if (LOCAL_HOSTS.has(hostname) && pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${pathname}`);
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  // Sign-in and conflict tests accept the browser's own confirmation dialogs (mark as signed, revoke).
  page.on('dialog', (dialog) => void dialog.accept());
  const describe = async () => {
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 5_000 })
      .catch((error: Error) => `(no snapshot: ${error.message})`);
    return [
      `page ${page.url()}`,
      tree,
      `page errors: ${JSON.stringify(pageErrors)}`,
      `blocked: ${JSON.stringify(blocked)}`,
    ].join('\n');
  };
  return { context, page, blocked, pageErrors, apiCalls, describe, close: () => context.close() };
}

/** The console's address on the stack under test. */
export function consoleUrl(baseUrl: string, route = '/'): string {
  return `${baseUrl}/console/#${route}`;
}

/** Waits long enough for a loaded machine (serverless-offline answers slowly when cold or busy). */
export const UI_TIMEOUT = 45_000;

/** Signs in with a key on the sign-in page, and waits until the console says who is signed in. */
export async function signIn(page: Page, baseUrl: string, key: string, name: string): Promise<void> {
  if (!page.url().startsWith(`${baseUrl}/console/`))
    await page.goto(consoleUrl(baseUrl), { waitUntil: 'domcontentloaded' });
  const field = page.getByLabel(/Your API key|مفتاح/);
  await field.waitFor({ timeout: UI_TIMEOUT });
  await field.fill(key);
  await page.getByRole('button', { name: /^(Sign in|تسجيل الدخول|دخول)$/ }).click();
  await page.getByRole('banner').getByRole('button', { name, exact: true }).waitFor({ timeout: UI_TIMEOUT });
}

/** Signs out from the user menu in the app bar and waits for the sign-in page. */
export async function signOut(page: Page, name: string): Promise<void> {
  // The app bar hides while a long page is scrolled down, and shows again at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  await page.getByRole('menuitem', { name: /Logout|Sign out|تسجيل الخروج|خروج/ }).click();
  await page.getByLabel(/Your API key|مفتاح/).waitFor({ timeout: UI_TIMEOUT });
}

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Rules whose moderate findings count too: a page without a level-one heading leaves a screen reader without a start. */
const MODERATE_RULES = new Set(['page-has-heading-one']);

/**
 * axe-core on the page as it is now (WCAG 2.x A and AA rules and best practices): the serious and
 * critical violations, and the moderate ones of MODERATE_RULES.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Array<Record<string, any>> }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: String(violation.id),
      impact: (violation.impact as string | null) ?? null,
      help: String(violation.help),
      nodes: (violation.nodes as Array<{ target: unknown[] }>)
        .slice(0, 5)
        .map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations.filter(
    (violation) =>
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      (violation.impact === 'moderate' && MODERATE_RULES.has(violation.id)),
  );
}

/** How wide the page is against the window: a page that fits never scrolls sideways. */
export async function pageWidth(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

/** Waits until no "loading" indicator is left in the page's main area. */
export async function loaded(page: Page): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: /Loading|جارٍ التحميل/ })
    .first()
    .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  // An indeterminate progress bar (a screen's code still loading); the order's own progress has a value.
  await page
    .getByRole('main')
    .locator('[role="progressbar"]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
}

/**
 * A set-up read (or an idempotent change) through the API, tried again when the connection
 * dropped: serverless-offline sometimes closes a socket when the machine is loaded.
 */
export async function settled<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError && error.message === 'fetch failed')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
    }
  }
}

export interface StaffMember {
  role: Role;
  name: string;
  userId: string;
  key: string;
}

let tenants = 0;
/**
 * A fresh tenant with its own staff, each with a key of their own (issued for the user, as the
 * admin screen issues them): an admin, operations, an accountant, an inspector and the marketers
 * asked for; and a complete legal profile, as the documents the console generates name the
 * seller. Only the set-up is made outside the browser.
 */
export async function consoleTenant(options: {
  label: string;
  secondApprover?: boolean;
  marketers?: string[];
}): Promise<{
  tenantId: string;
  tenantName: string;
  staff: Record<'admin' | 'operations' | 'accountant' | 'inspector', StaffMember>;
  marketers: StaffMember[];
}> {
  tenants += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${tenants}`;
  const tenantName = `${options.label} ${suffix}`;
  const tenant = await createTenant({
    name: tenantName,
    subdomain: `console${suffix}`,
    markup: '1.08',
    visibleProviders: ['glovis', 'kcar', 'lotte'],
    publishedOnly: false,
    country: 'AE',
    timeZone: 'Asia/Dubai',
    ...(options.secondApprover ? { requireSecondApprover: true } : {}),
  });
  await completeProfile(tenant.id);
  const member = async (role: Role, name: string): Promise<StaffMember> => {
    const userId = await newStaffUser(role, tenant.id, { name });
    const { key } = await newApiKey({ userId, name: `${name} console` });
    return { role, name, userId, key };
  };
  const [admin, operations, accountant, inspector, ...marketers] = await Promise.all([
    member('admin', 'Hessa Al Mansoori'),
    member('operations', 'Omar Haddad'),
    member('accountant', 'Sara Karim'),
    member('inspector', 'Joon Lee'),
    ...(options.marketers ?? []).map((name) => member('marketer', name)),
  ]);
  return {
    tenantId: tenant.id,
    tenantName,
    staff: { admin: admin!, operations: operations!, accountant: accountant!, inspector: inspector! },
    marketers,
  };
}
