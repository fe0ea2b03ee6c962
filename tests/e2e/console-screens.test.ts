import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AxeViolation,
  type ConsoleTab,
  consoleTenant,
  consoleUrl,
  launchBrowser,
  loaded,
  openTab,
  pageWidth,
  seriousViolations,
  settled,
  signIn,
  UI_TIMEOUT,
} from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * The console's screens for everyone: Arabic right to left with numbers and money in the
 * locale's form, a version conflict explained and recovered, no serious or critical axe-core
 * violation and a level-one heading on the main pages, and every list page within a phone's width.
 */
const baseUrl = () => inject('baseUrl');

describe('the staff console screens', () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof consoleTenant>>;
  let order: { id: string; orderNumber: number };
  const customerName = 'Fatima Al Zaabi';

  beforeAll(async () => {
    [browser, people] = await Promise.all([launchBrowser(), consoleTenant({ label: 'Screens' })]);
    // An order in dirhams whose deposit the accountant has confirmed (set-up through the API).
    const { operations, accountant } = people.staff;
    const customer = await api('POST', '/api/v1/customers', {
      key: operations.key,
      body: { name: customerName, mobileNumber: uniquePhone(), country: 'AE', walletCurrency: 'AED' },
    });
    expect(customer.status, customer.text).toBe(201);
    const created = await api('POST', '/api/v1/orders', {
      key: operations.key,
      body: {
        customerId: customer.body.data.id,
        totalAmount: 68_250.5,
        currency: 'AED',
        carDetails: { makeEn: 'Genesis', modelEn: 'GV80', year: 2023, vin: 'KMUHCESC5PU123456', color: 'Black' },
        receiptAmount: 10_000,
        receiptCurrency: 'AED',
        receiptDescription: 'Deposit in cash',
      },
    });
    expect(created.status, created.text).toBe(201);
    order = { id: created.body.data.id, orderNumber: created.body.data.orderNumber };
    const billing = await settled(() => api('GET', `/api/v1/orders/${order.id}/billing`, { key: accountant.key }));
    // Confirming again is harmless: safe to try again.
    const confirmed = await settled(() =>
      api('PATCH', `/api/v1/billing/${billing.body.data[0].id}/confirm`, { key: accountant.key }),
    );
    expect(confirmed.status, confirmed.text).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
  });

  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    expect(found, 'the element is laid out').not.toBeNull();
    return found!;
  };

  it('renders Arabic right to left, mirrored, with Arabic labels and money in the Arabic locale', async ({
    onTestFailed,
  }) => {
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { operations } = people.staff;
    try {
      await signIn(page, baseUrl(), operations.key, operations.name);
      const menu = page.getByRole('menu');
      const heading = page.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: 'Good day' }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
        'ltr',
        'en',
      ]);
      const [menuEn, headingEn] = [await box(menu), await box(heading)];
      expect(menuEn.x + menuEn.width, 'the menu is left of the content').toBeLessThanOrEqual(headingEn.x + 1);

      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
      await heading.filter({ hasText: `يومك سعيد، ${operations.name}` }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
        'rtl',
        'ar',
      ]);
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'اليوم',
        'الطلبات',
        'اللوحة',
        'العملاء',
        'الكتالوج',
      ]);
      const [menuAr, headingAr] = [await box(menu), await box(heading)];
      expect(menuAr.x, 'the menu is right of the content').toBeGreaterThanOrEqual(headingAr.x + headingAr.width - 1);
      expect(menuAr.x, 'the menu moved to the other side').toBeGreaterThan(menuEn.x + 300);
      // The heading's text starts at the right edge of its box in Arabic.
      expect(await heading.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');

      // The order list: Arabic column names, the order's amount as the Arabic locale writes dirhams.
      await menu.getByRole('menuitem', { name: 'الطلبات' }).click();
      const main = page.getByRole('main');
      const row = main.getByRole('row').filter({ hasText: customerName });
      await row.waitFor({ timeout: UI_TIMEOUT });
      const money = await page.evaluate(() =>
        new Intl.NumberFormat('ar-AE', {
          style: 'currency',
          currency: 'AED',
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }).format(68_250.5),
      );
      const english = '68,250.50';
      expect(money, 'the Arabic form differs from the English one').not.toContain(`AED ${english}`);
      expect(money).toMatch(/د\.إ/);
      expect(await row.textContent()).toContain(money);
      expect(await row.textContent()).not.toContain(`AED ${english}`);
      expect(await main.getByRole('columnheader').allTextContents()).toEqual(
        expect.arrayContaining(['الحالة', 'العميل']),
      );

      // The order page: its heading, status and moves in Arabic, its total in Arabic form.
      await row.click();
      await main
        .getByRole('heading', { name: `الطلب ${order.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await main.getByRole('region', { name: 'المبالغ' }).getByText(money).waitFor();
      await main.getByRole('heading', { name: 'الخطوات التالية' }).waitFor();

      // Back to English: left to right again.
      await page.getByRole('group', { name: 'اللغة' }).getByRole('button', { name: 'English' }).click();
      await main
        .getByRole('heading', { name: `Order ${order.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it('says that someone else changed the order, shows what changed, reloads it, and the move then succeeds', async ({
    onTestFailed,
  }) => {
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { accountant, operations } = people.staff;
    try {
      await signIn(page, baseUrl(), accountant.key, accountant.name);
      await page.goto(consoleUrl(baseUrl(), `/orders/${order.id}/show`));
      const main = page.getByRole('main');
      await main
        .getByRole('heading', { name: `Order ${order.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await main.getByText('version 1', { exact: true }).waitFor();
      const move = main.getByRole('button', { name: 'Move to Deposit confirmed' });
      await move.waitFor({ timeout: UI_TIMEOUT });

      // Behind the page's back, a colleague turns the customer's notifications off (version 1 -> 2).
      const behind = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: operations.key,
        body: { enabled: false, version: 1 },
      });
      expect(behind.status, behind.text).toBe(200);

      await move.click();
      await page
        .getByRole('dialog', { name: /to Deposit confirmed\?$/ })
        .getByRole('button', { name: 'Done' })
        .click();
      const conflict = page.getByRole('dialog', { name: 'Someone else changed this order' });
      await conflict.waitFor({ timeout: UI_TIMEOUT });
      expect(await conflict.getByRole('alert').textContent()).toContain(
        `Order ${order.orderNumber} was changed by someone else while you had it open (your version 1, now 2).`,
      );
      const changes = conflict.getByRole('table', { name: 'What changed' });
      expect(await changes.getByRole('row').count(), 'a header and at least one change').toBeGreaterThan(1);
      expect(await changes.textContent()).toContain('customerNotificationsEnabled');
      await conflict.getByRole('button', { name: 'Close' }).click();
      await conflict.waitFor({ state: 'detached' });

      // The page was reloaded: the new version, and the move made again goes through.
      await main.getByText('version 2', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect((await api('GET', `/api/v1/orders/${order.id}`, { key: accountant.key })).body.data.status).toBe(
        'DepositSubmitted',
      );
      await move.click({ timeout: UI_TIMEOUT });
      await page
        .getByRole('dialog', { name: /to Deposit confirmed\?$/ })
        .getByRole('button', { name: 'Done' })
        .click();
      await page.getByText('The order is now Deposit confirmed.').waitFor({ timeout: UI_TIMEOUT });
      await main.getByText('version 3', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      const after = (await api('GET', `/api/v1/orders/${order.id}`, { key: accountant.key })).body.data;
      expect([after.status, after.version]).toEqual(['DepositConfirmed', 3]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  /** The admin's tab, signed in once for the tests that need every screen. */
  let adminTab: Promise<ConsoleTab> | undefined;
  const signedInAdmin = () =>
    (adminTab ??= (async () => {
      const tab = await openTab(browser);
      await signIn(tab.page, baseUrl(), people.staff.admin.key, people.staff.admin.name);
      return tab;
    })());
  afterAll(async () => {
    await (await adminTab?.catch(() => undefined))?.close();
  });

  /** What each list page shows once its first page is on the screen (a row of the test's data where it has one). */
  const ready = (page: Page): Record<string, () => Promise<unknown>> => {
    const main = page.getByRole('main');
    const shows = (text: string) => () => main.getByText(text).first().waitFor({ timeout: UI_TIMEOUT });
    return {
      '/': () =>
        main
          .getByRole('region', { name: /Orders by status|الطلبات حسب الحالة/ })
          .getByRole('link')
          .first()
          .waitFor({ timeout: UI_TIMEOUT }),
      '/orders': shows(customerName),
      '/board': shows(customerName),
      '/customers': shows(customerName),
      '/cars': () => main.getByRole('listitem').or(main.getByRole('row')).nth(3).waitFor({ timeout: UI_TIMEOUT }),
      '/users': shows(people.staff.admin.name),
      '/api-keys': shows(`${people.staff.admin.name} console`),
      '/webhook-endpoints': () =>
        main.getByText(/No Webhook endpoints yet|لا يوجد نقاط Webhook بعد/).waitFor({ timeout: UI_TIMEOUT }),
      '/audit': () => main.getByRole('listitem').or(main.getByRole('row')).nth(1).waitFor({ timeout: UI_TIMEOUT }),
      // Not a list, but an admin's page with inputs, pictures and per-document lists.
      '/tenant-profile': () =>
        main
          .getByRole('region', { name: /What each document still needs|ما ينقص كل مستند/ })
          .getByText(/Nothing missing|لا ينقصه شيء/)
          .first()
          .waitFor({ timeout: UI_TIMEOUT }),
    };
  };

  it('has no serious or critical axe-core violation, and a level-one heading, on the main pages in English and Arabic', async ({
    onTestFailed,
  }) => {
    const tab = await signedInAdmin();
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const found: Record<string, AxeViolation[]> = {};
    const main = page.getByRole('main');
    const lists = ready(page);
    const check = async (name: string, route: string, shown: () => Promise<unknown>) => {
      await page.goto(consoleUrl(baseUrl(), route));
      await shown();
      // Loading indicators gone: the page as a person reads it.
      await loaded(page);
      found[name] = await seriousViolations(page);
    };
    const orderPage = () =>
      main
        .getByRole('region', { name: /Next steps|الخطوات التالية/ })
        .getByRole('button')
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
    for (const [route, shown] of Object.entries(lists)) await check(route, route, shown);
    await check('order page', `/orders/${order.id}/show`, orderPage);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
    await main.getByRole('heading', { name: `الطلب ${order.orderNumber}`, level: 1 }).waitFor({ timeout: UI_TIMEOUT });
    await check('order page (Arabic)', `/orders/${order.id}/show`, orderPage);
    for (const route of ['/', '/orders', '/customers', '/audit', '/tenant-profile'])
      await check(`${route} (Arabic)`, route, lists[route]!);
    await page.getByRole('group', { name: 'اللغة' }).getByRole('button', { name: 'English' }).click();
    await main.getByRole('heading', { name: 'Company profile', level: 1 }).waitFor({ timeout: UI_TIMEOUT });

    const failing = Object.entries(found).filter(([, violations]) => violations.length > 0);
    expect(failing, JSON.stringify(Object.fromEntries(failing), null, 1)).toEqual([]);
    expect(Object.keys(found)).toHaveLength(17);
    expect(tab.blocked, 'requests that left the machine').toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  }, 240_000);

  it('fits every list page on a 390 px phone without sideways scrolling, in English and Arabic', async ({
    onTestFailed,
  }) => {
    const tab = await signedInAdmin();
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const main = page.getByRole('main');
    // A phone's first load: the tab keeps its key (sessionStorage) and language through the reload.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page
      .getByRole('group', { name: /^(Language|اللغة)$/ })
      .getByRole('button', { name: 'English' })
      .click();
    const lists = ready(page);
    const widths: Record<string, { scrollWidth: number; innerWidth: number }> = {};
    for (const [language, other] of [
      ['English', 'العربية'],
      ['العربية', 'English'],
    ] as const) {
      for (const [route, shown] of Object.entries(lists)) {
        await page.goto(consoleUrl(baseUrl(), route));
        await main.getByRole('heading', { level: 1 }).waitFor({ timeout: UI_TIMEOUT });
        await shown();
        await loaded(page);
        widths[`${route} ${language}`] = await pageWidth(page);
      }
      // The orders as lines of text on a phone: number and customer, car and amount, status.
      await page.goto(consoleUrl(baseUrl(), '/orders'));
      const line = main.getByRole('link', { name: new RegExp(`^${order.orderNumber} · ${customerName}`) });
      await line.waitFor({ timeout: UI_TIMEOUT });
      expect(await line.textContent()).toContain('Genesis GV80 2023');
      if (language === 'English') {
        await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: other }).click();
        await main.getByRole('heading', { name: 'الطلبات', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      }
    }
    const wide = Object.entries(widths).filter(
      ([, { scrollWidth, innerWidth }]) => innerWidth !== 390 || scrollWidth > innerWidth,
    );
    expect(wide, 'pages wider than the phone').toEqual([]);
    expect(Object.keys(widths)).toHaveLength(20);
    expect(tab.blocked, 'requests that left the machine').toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  }, 240_000);
  it("edits the company profile: a wrong IBAN refused next to its input, the saved text as stored, a colleague's save not overwritten", async ({
    onTestFailed,
  }) => {
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { admin } = people.staff;
    try {
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.getByRole('menuitem', { name: 'Company profile' }).click();
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Company profile', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      const needs = main.getByRole('region', { name: 'What each document still needs' });
      await expect.poll(() => needs.getByText('Nothing missing').count(), { timeout: UI_TIMEOUT }).toBe(3);
      for (const image of ['Logo', 'Company stamp'])
        await main.getByRole('region', { name: image, exact: true }).getByRole('img', { name: image }).waitFor();

      // A typing error in the IBAN: the API's words under the input, nothing saved.
      const iban = main.getByRole('textbox', { name: 'IBAN' });
      await iban.fill('AE07 0331 2345 6789 0123 457');
      await main.getByRole('button', { name: 'Save' }).click();
      await main.getByText(/check digits 07 do not/).waitFor({ timeout: UI_TIMEOUT });
      expect(await iban.getAttribute('aria-invalid')).toBe('true');
      // Corrected: saved, and shown as the API stores it (no spaces).
      await iban.fill('AE07 0331 2345 6789 0123 456');
      await main.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Company profile saved.').first().waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => iban.inputValue(), { timeout: UI_TIMEOUT }).toBe('AE070331234567890123456');

      // Behind the page's back a colleague changes the port of loading; the page's save does not overwrite it.
      const read = (await api('GET', '/api/v1/tenant-profile', { key: admin.key })).body.data;
      const {
        logo: _logo,
        stamp: _stamp,
        missing: _missing,
        missingInArabic: _missingInArabic,
        updatedAt: _at,
        version,
        ...text
      } = read;
      const behind = await api('PUT', '/api/v1/tenant-profile', {
        key: admin.key,
        body: { ...text, portOfLoading: 'Busan, Korea', version },
      });
      expect(behind.status, behind.text).toBe(200);
      const port = main.getByRole('textbox', { name: 'Port of loading' });
      await port.fill('Pyeongtaek, Korea');
      await main.getByRole('button', { name: 'Save' }).click();
      await page
        .getByText('Someone else changed the profile while you had it open.', { exact: false })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(() => port.inputValue(), { timeout: UI_TIMEOUT }).toBe('Busan, Korea');
      const after = (await api('GET', '/api/v1/tenant-profile', { key: admin.key })).body.data;
      expect([after.portOfLoading, after.bank.iban, after.version]).toEqual([
        'Busan, Korea',
        'AE070331234567890123456',
        version + 1,
      ]);
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);
});
