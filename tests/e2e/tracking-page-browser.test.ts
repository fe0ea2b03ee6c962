/**
 * The buyer's page (GET /track/{token}) as a buyer sees it: Debian's chromium (nothing is
 * downloaded; see tests/support/browser.ts) at a phone's 390x844, with JavaScript off, only the
 * local stack reachable. One order is walked through the API by the staff who do each step
 * (scripts/tracking/walk-order.ts, the walk the README's pictures are taken of too), and at
 * the deposit, on the water and once delivered the page is opened in English and in Arabic.
 *
 * Page scripts never run (`javaScriptEnabled: false`); the checks read the rendered page through
 * the DevTools protocol (Playwright's evaluate), which does not turn them on.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Call, type Stage, type WalkedOrder, walkOrder } from '../../scripts/tracking/walk-order.js';
import { consoleTenant, launchBrowser } from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

const PAGE_MAX_BYTES = 60 * 1024;
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** The page counts visits per client address (5 a second on the test stack): this file's visits start at least this far apart. */
const VISIT_SPACING_MS = 300;
const TIME_ZONE = 'Asia/Dubai';

type Language = 'en' | 'ar';

/** What the buyer reads, in each language. */
const WORDS = {
  en: {
    title: (n: number) => `Order #${n}`,
    /** The badge at each stage: on its way only once shipped. */
    badge: { deposit: 'In progress', shipped: 'On its way', delivered: 'Delivered' },
    next: 'Next',
    depositConfirmed: 'Deposit confirmed',
    deliveredToYou: 'Delivered to you',
    money: 'Payments',
    total: 'Order total',
    awaiting: 'Received, being checked',
    remaining: 'Still to pay',
    paidInFull: 'Paid in full',
    voyage: 'The voyage',
    vessel: 'Vessel',
    arrival: 'Arrival',
    expected: 'expected',
    papers: ['Signed sales contract', 'Proforma invoice', 'Commercial invoice (for customs)', 'Inspection report'],
    whatsapp: 'Message on WhatsApp',
    notFound: 'Link not found',
  },
  ar: {
    title: (n: number) => `الطلب #${n}`,
    badge: { deposit: 'قيد التنفيذ', shipped: 'في الطريق إليك', delivered: 'تم التسليم' },
    next: 'التالي',
    depositConfirmed: 'تم تأكيد العربون',
    deliveredToYou: 'تم تسليمها إليك',
    money: 'المدفوعات',
    total: 'إجمالي الطلب',
    awaiting: 'مبلغ مستلم قيد التحقق',
    remaining: 'المتبقي للدفع',
    paidInFull: 'مدفوع بالكامل',
    voyage: 'الشحن',
    vessel: 'السفينة',
    arrival: 'الوصول',
    expected: 'متوقع',
    papers: ['عقد البيع الموقّع', 'الفاتورة المبدئية', 'الفاتورة التجارية (للجمارك)', 'تقرير الفحص'],
    whatsapp: 'راسلنا على واتساب',
    notFound: 'الرابط غير موجود',
  },
} as const;

const locale = (language: Language) => (language === 'ar' ? 'ar-u-nu-latn' : 'en-GB');
const money = (amount: number, currency: string, language: Language) =>
  new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(amount);
const dayOf = (value: string, language: Language) =>
  new Intl.DateTimeFormat(locale(language), {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${value}T00:00:00Z`));
/** Text as a check compares it: runs of white space (and the bidi marks Intl puts around numbers) as one space. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

interface Visit {
  context: BrowserContext;
  page: Page;
  status: number;
  /** Console errors that name the Content Security Policy (reported even with scripts off). */
  cspViolations: string[];
  consoleErrors: string[];
  /** Requests refused because they were not to the local stack. */
  blocked: string[];
  /** Bytes transferred (headers and body, as chromium counts them) for everything but pictures. */
  nonImageBytes: number;
  /** The HTML document's body, in bytes (uncompressed). */
  documentBytes: number;
}

let lastVisit = 0;

/** Opens `url` as a phone with JavaScript off, waits for it to load (pictures included), and notes what it fetched. */
async function visit(browser: Browser, url: string, language: Language): Promise<Visit> {
  for (let attempt = 1; ; attempt++) {
    const wait = lastVisit + VISIT_SPACING_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastVisit = Date.now();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
      locale: language === 'ar' ? 'ar-AE' : 'en-GB',
      timezoneId: TIME_ZONE,
      serviceWorkers: 'block',
    });
    const blocked: string[] = [];
    await context.route('**/*', (route) => {
      const requested = route.request().url();
      if (LOCAL_HOSTS.has(new URL(requested).hostname)) return route.continue();
      blocked.push(requested);
      return route.abort('internetdisconnected');
    });
    const finished: Request[] = [];
    context.on('requestfinished', (request) => finished.push(request));
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const status = response?.status() ?? 0;
    // Another file's visits from this address may have used up the second: wait it out and visit again.
    if (status === 429 && attempt < 5) {
      await context.close();
      await new Promise((resolve) =>
        setTimeout(resolve, Number(response?.headers()['retry-after'] ?? '1') * 1000 + 250),
      );
      continue;
    }
    let nonImageBytes = 0;
    for (const request of finished) {
      if (request.resourceType() === 'image') continue;
      const sizes = await request.sizes();
      nonImageBytes += sizes.responseHeadersSize + sizes.responseBodySize;
    }
    const documentBytes = response ? (await response.body()).byteLength : 0;
    return {
      context,
      page,
      status,
      cspViolations: consoleErrors.filter((text) => /Content Security Policy/i.test(text)),
      consoleErrors,
      blocked,
      nonImageBytes,
      documentBytes,
    };
  }
}

/** Where the page's layout leaves the phone's width: the page scrolls sideways, or an element reaches past either edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; outside: string[] }> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const outside = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5);
      })
      .map(describe);
    return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth, outside };
  });
}

/** The pictures that did not load (a CSP refusal, a bad address), by address. */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
  );
}

/** The text of the <dd> beside the <dt> named `label` in the section headed `heading`. */
async function shownValue(page: Page, heading: string, label: string): Promise<string> {
  const section = page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
  return plain(await section.locator(`dt:text-is("${label}") + dd`).textContent());
}

/** The buyer's view at one stage, in one language: what they read, and that the page works on a phone without scripts. */
async function checkPage(
  browser: Browser,
  order: WalkedOrder,
  stage: Stage,
  language: Language,
): Promise<{ transferred: number; html: number }> {
  const w = WORDS[language];
  const { context, page, status, cspViolations, consoleErrors, blocked, nonImageBytes, documentBytes } = await visit(
    browser,
    `${order.trackingUrl}?lang=${language}`,
    language,
  );
  const where = `${stage} ${language}`;
  try {
    expect(status, where).toBe(200);

    // The language and direction.
    const html = page.locator('html');
    expect(await html.getAttribute('lang'), where).toBe(language);
    expect(await html.getAttribute('dir'), where).toBe(language === 'ar' ? 'rtl' : 'ltr');

    // The heading: the order's number and its stage.
    const heading = page.getByRole('heading', { level: 1 });
    expect(plain(await heading.textContent()), where).toContain(w.title(order.orderNumber));
    expect(plain(await heading.locator('.badge').textContent()), where).toBe(w.badge[stage]);

    // Read right to left in Arabic: the brand at the right, the language switch at the left, the
    // next step's bar on the right-hand side.
    const brand = await page.locator('header > p').boundingBox();
    const languageSwitch = await page.locator('header nav').boundingBox();
    expect(brand && languageSwitch, where).toBeTruthy();
    if (language === 'ar') expect(brand!.x, `${where}: the brand is on the right`).toBeGreaterThan(languageSwitch!.x);
    else expect(brand!.x, `${where}: the brand is on the left`).toBeLessThan(languageSwitch!.x);

    // The car, by name, with its picture drawn.
    const car = page.locator('section').filter({ has: page.locator('img.photo') });
    expect(plain(await car.textContent()), where).toContain(`${order.car.makeEn} ${order.car.modelEn}`);
    expect(plain(await car.textContent()), where).toContain(`…${order.car.vin.slice(-6)}`);
    expect(
      await page.locator('img.photo').evaluate((img: HTMLImageElement) => img.naturalWidth),
      `${where}: the car's picture loaded`,
    ).toBeGreaterThan(0);

    // The money.
    expect(await shownValue(page, w.money, w.total), where).toBe(
      plain(money(order.totalAmount, order.currency, language)),
    );
    if (stage === 'deposit') {
      expect(await shownValue(page, w.money, w.awaiting), where).toBe(
        plain(money(order.deposit, order.currency, language)),
      );
      expect(await shownValue(page, w.money, w.remaining), where).toBe(
        plain(money(order.totalAmount, order.currency, language)),
      );
    } else {
      expect(await shownValue(page, w.money, w.remaining), where).toBe(w.paidInFull);
    }
    // Each amount on one line, and in Arabic still "24,800.00 US$" from left to right (not split, not reordered).
    // (The lines an inline box takes: the distinct tops of its rectangles; bidirectional runs on one line share theirs.)
    const lines = await page
      .locator('section.money dd bdi')
      .evaluateAll((amounts) =>
        amounts.map((amount) => new Set([...amount.getClientRects()].map((rect) => Math.round(rect.top))).size),
      );
    for (const count of lines) expect(count, `${where}: an amount wraps`).toBe(1);
    const isolated = await page.locator('section.money dd bdi[dir=ltr]').count();
    expect(isolated, `${where}: amounts are isolated left to right`).toBeGreaterThan(0);

    if (stage === 'deposit') {
      // What happens next: the accountant confirms the deposit.
      const next = page.locator('main > section.next');
      expect(plain(await next.textContent()), where).toBe(`${w.next}: ${w.depositConfirmed}`);
      const bar = await next.evaluate((element) => {
        const style = getComputedStyle(element);
        return { left: Number.parseFloat(style.borderLeftWidth), right: Number.parseFloat(style.borderRightWidth) };
      });
      expect(
        language === 'ar' ? bar.right : bar.left,
        `${where}: the next step's bar at the start of the line`,
      ).toBeGreaterThan(0);
      expect(language === 'ar' ? bar.left : bar.right, where).toBe(0);
      expect(await page.getByRole('heading', { name: w.voyage }).count(), where).toBe(0);
    } else {
      // The voyage: the vessel, and the arrival (expected on the water, the day it came once delivered).
      expect(await shownValue(page, w.voyage, w.vessel), where).toBe(order.vessel);
      const arrival = await shownValue(page, w.voyage, w.arrival);
      if (stage === 'shipped') expect(arrival, where).toBe(plain(`${w.expected} ${dayOf(order.eta, language)}`));
      else expect(arrival, where).not.toContain(w.expected);
      // The inspection's photos (served by the stack) and the papers.
      expect(await page.locator('.thumbs img').count(), where).toBe(4);
      const papers = (
        await page
          .locator('section')
          .filter({ has: page.locator('#papers') })
          .locator('li a')
          .allTextContents()
      ).map(plain);
      for (const [index, kind] of w.papers.entries())
        expect(papers[index], where).toMatch(new RegExp(`^${kind.replace(/[()]/g, '\\$&')}`));
    }
    if (stage === 'delivered') {
      expect(plain(await page.locator('li.done').last().textContent()), where).toContain(w.deliveredToYou);
      expect(await page.locator('li.next').count(), where).toBe(0);
    }

    // The marketer on WhatsApp.
    expect(await page.getByRole('link', { name: w.whatsapp }).getAttribute('href'), where).toMatch(
      /^https:\/\/wa\.me\/\d{8,15}$/,
    );

    // It fits the phone: no sideways scrolling, nothing reaching past an edge.
    const fit = await overflow(page);
    expect(fit.innerWidth, where).toBe(390);
    expect(fit.scrollWidth, `${where}: scrolls sideways`).toBeLessThanOrEqual(fit.innerWidth);
    expect(fit.outside, `${where}: elements past the phone's edges`).toEqual([]);

    // Every picture drawn, nothing refused by the page's CSP, nothing fetched from outside.
    expect(await brokenImages(page), where).toEqual([]);
    expect(cspViolations, where).toEqual([]);
    expect(consoleErrors, where).toEqual([]);
    expect(blocked, where).toEqual([]);
    // The first view, without its pictures, is small.
    expect(nonImageBytes, where).toBeLessThan(PAGE_MAX_BYTES);
    expect(documentBytes, where).toBeLessThan(PAGE_MAX_BYTES);
    return { transferred: nonImageBytes, html: documentBytes };
  } finally {
    await context.close();
  }
}

describe("the buyer's page on a phone, without JavaScript", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows one order at the deposit, on the water and delivered, in English and Arabic', async () => {
    const tenant = await consoleTenant({ label: 'Tracking Browser Motors', marketers: ['Mina Park'] });
    const staff = { ...tenant.staff, marketer: tenant.marketers[0]! };
    const call: Call = async (key, method, path, body) => {
      const res = await api(method, path, { key, body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      return res.body.data;
    };
    const sizes: Record<string, { transferred: number; html: number }> = {};
    const walked = await walkOrder(
      call,
      staff,
      { name: 'محمد العتيبي', mobileNumber: uniquePhone() },
      async (stage, order) => {
        for (const language of ['en', 'ar'] as const)
          sizes[`${stage}-${language}`] = await checkPage(browser, order, stage, language);
      },
    );
    expect(Object.keys(sizes)).toHaveLength(6);
    // The link opens the buyer's own language (the customer's, Arabic) when none is asked for.
    const { context, page, status } = await visit(browser, walked.trackingUrl, 'en');
    try {
      expect(status).toBe(200);
      expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    } finally {
      await context.close();
    }
    console.info(
      `tracking page, bytes without pictures (transferred, and the HTML as served before compression): ${JSON.stringify(sizes)}`,
    );
  }, 300_000);

  it('shows the "link not found" page for a link that does not exist, in either language', async () => {
    // Well formed as real tokens are (24 random bytes), and no link's.
    const token = randomBytes(24).toString('base64url');
    for (const language of ['en', 'ar'] as const) {
      const { context, page, status, cspViolations, blocked } = await visit(
        browser,
        `${inject('baseUrl')}/track/${token}?lang=${language}`,
        language,
      );
      try {
        expect(status).toBe(404);
        expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(plain(await page.getByRole('heading', { level: 1 }).textContent())).toBe(WORDS[language].notFound);
        const fit = await overflow(page);
        expect(fit.scrollWidth).toBeLessThanOrEqual(fit.innerWidth);
        expect(fit.outside).toEqual([]);
        expect(cspViolations).toEqual([]);
        expect(blocked).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
