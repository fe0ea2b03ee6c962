import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ConsoleTab,
  consoleTenant,
  consoleUrl,
  launchBrowser,
  openTab,
  settled,
  signIn,
  signOut,
  UI_TIMEOUT,
} from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * The import rules in the staff console: the catalogue narrowed to what a destination lets in
 * (from the customer's country when a car is chosen for them), a car's refusal with its source,
 * an order's import checks and an admin's override in English and Arabic, and an admin's stricter
 * rule putting an open order on operations' Today. Set-up only goes through the API.
 */
const baseUrl = () => inject('baseUrl');

describe('import rules in the staff console', () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof consoleTenant>>;
  const customerName = 'Yousef Al Sabah';
  let customerId: string;
  /** A car of the catalogue too old for Kuwait's five years. */
  let oldCar: { id: number; title: string };
  let totals: { all: number; kuwait: number };
  /** An order to Kuwait of a 2022 car: allowed by the default rule. */
  let allowedOrder: { id: string; orderNumber: number };
  /** An order to Kuwait of a 2015 car, placed by an admin over the rules. */
  let overridden: { id: string; orderNumber: number };
  const overrideReason = 'Buyer re-exports to Iraq; Kuwait transit only';

  beforeAll(async () => {
    [browser, people] = await Promise.all([launchBrowser(), consoleTenant({ label: 'Import rules' })]);
    const { operations, admin } = people.staff;
    const customer = await api('POST', '/api/v1/customers', {
      key: operations.key,
      body: { name: customerName, mobileNumber: uniquePhone(), country: 'KW', walletCurrency: 'USD' },
    });
    expect(customer.status, customer.text).toBe(201);
    customerId = customer.body.data.id;

    const [all, kuwait, old] = await Promise.all([
      settled(() => api('GET', '/api/v1/cars?limit=1', { key: operations.key })),
      settled(() => api('GET', '/api/v1/cars?limit=1&importableTo=KW', { key: operations.key })),
      settled(() => api('GET', '/api/v1/cars?limit=1&yearTo=2018', { key: operations.key })),
    ]);
    totals = { all: all.body.meta.total, kuwait: kuwait.body.meta.total };
    expect(totals.kuwait, 'Kuwait lets in fewer cars than the whole catalogue').toBeLessThan(totals.all);
    expect(totals.kuwait).toBeGreaterThan(0);
    expect(old.body.data.length, 'the catalogue has a car older than 2019').toBe(1);
    oldCar = { id: old.body.data[0].id, title: old.body.data[0].title };

    const order = (key: string, year: number, extra: object = {}) =>
      api('POST', '/api/v1/orders', {
        key,
        body: {
          customerId,
          totalAmount: 21_000,
          currency: 'USD',
          destinationCountry: 'KW',
          carDetails: { makeEn: 'Kia', modelEn: 'Sorento', year, color: 'White' },
          ...extra,
        },
      });
    const refused = await order(operations.key, 2015);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('IMPORT_RESTRICTED');
    const [allowed, placed] = await Promise.all([
      order(operations.key, 2022),
      order(admin.key, 2015, { importRuleOverride: { reason: overrideReason } }),
    ]);
    expect(allowed.status, allowed.text).toBe(201);
    expect(placed.status, placed.text).toBe(201);
    allowedOrder = { id: allowed.body.data.id, orderNumber: allowed.body.data.orderNumber };
    overridden = { id: placed.body.data.id, orderNumber: placed.body.data.orderNumber };
  });

  afterAll(async () => {
    await browser?.close();
  });

  const watch = async (onTestFailed: (fn: () => void) => void): Promise<ConsoleTab> => {
    const tab = await openTab(browser);
    onTestFailed(() => void tab.describe().then((state) => console.log(state)));
    return tab;
  };

  it("narrows the catalogue to the customer's country and shows a car's refusal with its source", async ({
    onTestFailed,
  }) => {
    const tab = await watch(onTestFailed);
    const { page } = tab;
    const { operations } = people.staff;
    try {
      await signIn(page, baseUrl(), operations.key, operations.name);
      await page.goto(consoleUrl(baseUrl(), `/customers/${customerId}/show`));
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Choose a car from the catalogue' }).click({ timeout: UI_TIMEOUT });

      // The catalogue starts from the customer's country: Kuwait's cars only, fewer than all.
      await main
        .getByText(`Choosing a car for ${customerName}: cars Kuwait (KW) lets in`)
        .waitFor({ timeout: UI_TIMEOUT });
      await expect
        .poll(() => main.getByRole('combobox', { name: 'Destination' }).textContent(), { timeout: UI_TIMEOUT })
        .toContain('Kuwait (KW)');
      await main.getByText(new RegExp(`of ${totals.kuwait}$`)).waitFor({ timeout: UI_TIMEOUT });
      expect(tab.apiCalls).toContain('GET /api/v1/import-rules');

      // Any destination: the whole catalogue again.
      await main.getByRole('combobox', { name: 'Destination' }).click();
      await page.getByRole('option').filter({ hasText: 'Any destination' }).click();
      await main.getByText(new RegExp(`of ${totals.all}$`)).waitFor({ timeout: UI_TIMEOUT });

      // A car too old for Kuwait: checked against Kuwait on its page, refused with the rule and its source.
      await page.goto(consoleUrl(baseUrl(), `/cars/${oldCar.id}/show`));
      await main.getByRole('heading', { level: 1 }).filter({ hasText: oldCar.title }).waitFor({ timeout: UI_TIMEOUT });
      const checks = main.getByRole('region', { name: 'Import checks' });
      await checks.getByText('Choose a destination to check this car').waitFor({ timeout: UI_TIMEOUT });
      await main.getByRole('combobox', { name: 'Destination' }).click();
      await page.getByRole('option', { name: 'Kuwait (KW)' }).click();
      await checks.getByText('Refused by Kuwait (KW)').waitFor({ timeout: UI_TIMEOUT });
      const reasons = checks.getByRole('list', { name: 'Why it is refused' });
      expect(await reasons.textContent()).toMatch(/Age limit: KW takes cars at most 5 years old/);
      expect(await reasons.textContent()).toContain('Source: Embassy of the State of Kuwait in Canada');
      expect(await checks.getByRole('list', { name: 'Documents the buyer will need' }).textContent()).toContain(
        'Certificate of origin',
      );
      expect(tab.apiCalls).toContain(`GET /api/v1/cars/${oldCar.id}`);

      // Ordered for the customer all the same: the form names them and Kuwait, and the refusal is explained.
      await main.getByRole('link', { name: 'Order this car for a customer' }).click();
      await expect
        .poll(() => main.getByRole('combobox', { name: 'Customer' }).inputValue(), { timeout: UI_TIMEOUT })
        .toBe(customerName);
      expect(await main.getByLabel('Destination country').inputValue()).toBe('KW');
      expect(await main.getByLabel(/Override reason/).count(), 'only an admin is offered an override').toBe(0);
      await main.getByLabel('Total').fill('9500');
      await main.getByRole('button', { name: 'Save' }).click();
      const refused = main.getByRole('alert').filter({ hasText: 'Kuwait (KW) refuses this car' });
      await refused.waitFor({ timeout: UI_TIMEOUT });
      expect(await refused.textContent()).toMatch(/Age limit: KW takes cars at most 5 years old/);
      expect(await refused.textContent()).toContain('Source: Embassy of the State of Kuwait in Canada');
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it("shows an order's import checks and the admin's override, in English and in Arabic", async ({ onTestFailed }) => {
    const tab = await watch(onTestFailed);
    const { page } = tab;
    const { operations, admin } = people.staff;
    try {
      await signIn(page, baseUrl(), operations.key, operations.name);
      await page.goto(consoleUrl(baseUrl(), `/orders/${overridden.id}/show`));
      const main = page.getByRole('main');
      await main
        .getByRole('heading', { name: `Order ${overridden.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      const panel = main.getByRole('region', { name: 'Import checks' });
      await panel.getByText('Refused by Kuwait (KW)').waitFor({ timeout: UI_TIMEOUT });
      expect(await panel.getByRole('list', { name: 'Why it is refused' }).textContent()).toMatch(
        /Age limit: KW takes cars at most 5 years old.*Source: Embassy of the State of Kuwait/,
      );
      const override = panel.getByRole('note', { name: 'Rules overridden by an admin' });
      expect(await override.textContent()).toContain(overrideReason);
      // Operations may not read the staff list: the override names the admin by their role.
      expect(await override.textContent()).toContain('ByAdmin');

      // A destination Kuwait refuses, asked by operations: refused readably, nothing changed.
      await panel.getByRole('button', { name: 'Change destination' }).click();
      const dialog = page.getByRole('dialog', { name: `Change the destination of order ${overridden.orderNumber}` });
      await dialog.getByLabel('Destination').fill('sa');
      expect(await dialog.getByLabel(/Override reason/).count(), 'only an admin is offered an override').toBe(0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Saudi Arabia (SA) refuses this car' });
      await refusal.waitFor({ timeout: UI_TIMEOUT });
      expect(await refusal.textContent()).toMatch(/Age limit: SA takes cars at most 5 years old/);
      expect(await refusal.textContent()).toContain('Source: Saudi Customs / ZATCA');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // In Arabic: the panel's words, the verdict and the override's labels.
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
      const arabic = main.getByRole('region', { name: 'فحوصات الاستيراد' });
      await arabic.getByText('مرفوضة في الكويت (KW)').waitFor({ timeout: UI_TIMEOUT });
      await arabic.getByRole('list', { name: 'أسباب الرفض' }).getByText('حد العمر').waitFor();
      await arabic.getByRole('note', { name: 'تجاوز مدير القواعد' }).getByText(overrideReason).waitFor();
      await arabic.getByRole('button', { name: 'تغيير الوجهة' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByRole('group', { name: 'اللغة' }).getByRole('button', { name: 'English' }).click();
      await panel.waitFor({ timeout: UI_TIMEOUT });
      await signOut(page, operations.name);

      // The admin reads the staff: the override names them; their dialog offers an override reason.
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), `/orders/${overridden.id}/show`));
      await override.getByText(admin.name).waitFor({ timeout: UI_TIMEOUT });
      await panel.getByRole('button', { name: 'Change destination' }).click();
      await dialog.getByLabel('Override reason (admin)').waitFor({ timeout: UI_TIMEOUT });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it("puts an open order on operations' Today when the admin makes the rule stricter, and off it again on return to the default", async ({
    onTestFailed,
  }) => {
    const tab = await watch(onTestFailed);
    const { page } = tab;
    const { operations, admin } = people.staff;
    const main = page.getByRole('main');
    const failing = main.getByRole('region', { name: 'Orders the import rules now refuse' });
    const allowedItem = failing.getByRole('link', { name: new RegExp(`^#${allowedOrder.orderNumber} ·`) });
    try {
      // Before: the 2022 car is within Kuwait's five years; the overridden order is never listed.
      await signIn(page, baseUrl(), operations.key, operations.name);
      await failing.getByText('Nothing is waiting.').waitFor({ timeout: UI_TIMEOUT });
      expect(tab.apiCalls).toContain('GET /api/v1/orders');
      await signOut(page, operations.name);

      // The admin makes Kuwait stricter for the business: at most 3 years.
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.getByRole('menu').getByRole('menuitem', { name: 'Import rules' }).click({ timeout: UI_TIMEOUT });
      await main.getByRole('heading', { name: 'Import rules', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      const kuwait = main.getByRole('row').filter({ hasText: 'Kuwait (KW)' });
      expect(await kuwait.textContent()).toContain(
        'at most 5 years old, counted from the model year to the order date',
      );
      expect(await kuwait.textContent()).toContain('Default');
      await kuwait.click();
      await main
        .getByRole('heading', { name: 'Import rule for Kuwait (KW)', level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await main.getByLabel('Oldest car let in (years)').fill('3');
      await main.getByLabel('Source', { exact: true }).fill('Clearing agent letter of 2026-11-30');
      await main.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The rule for Kuwait (KW) is saved.').waitFor({ timeout: UI_TIMEOUT });
      const own = await settled(() => api('GET', '/api/v1/import-rules/KW', { key: admin.key }));
      expect([own.body.data.origin, own.body.data.maxAgeYears]).toEqual(['tenant', 3]);

      // Today: the admin sees the order that the stricter rule now refuses, and it opens the order.
      await page.goto(consoleUrl(baseUrl(), '/'));
      await allowedItem.waitFor({ timeout: UI_TIMEOUT });
      expect(await failing.getByRole('link').count(), 'the overridden order is not listed').toBe(1);
      expect(await allowedItem.textContent()).toContain('Destination Kuwait (KW)');
      await allowedItem.click();
      await main
        .getByRole('heading', { name: `Order ${allowedOrder.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await main
        .getByRole('region', { name: 'Import checks' })
        .getByText(/KW takes cars at most 3 years old/)
        .waitFor({ timeout: UI_TIMEOUT });
      await signOut(page, admin.name);

      // Operations sees it too.
      await signIn(page, baseUrl(), operations.key, operations.name);
      await allowedItem.waitFor({ timeout: UI_TIMEOUT });
      await signOut(page, operations.name);

      // Back to the default: the tenant's own rule is dropped, the order no longer fails.
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), '/import-rules/KW'));
      await main
        .getByRole('heading', { name: 'Import rule for Kuwait (KW)', level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await main.getByRole('button', { name: 'Return to the default' }).click();
      await page
        .getByRole('alertdialog', { name: 'Return Kuwait (KW) to the default rule?' })
        .getByRole('button', { name: 'Return to the default' })
        .click();
      await page.getByText('The default rule is in force again for Kuwait (KW).').waitFor({ timeout: UI_TIMEOUT });
      const back = await settled(() => api('GET', '/api/v1/import-rules/KW', { key: admin.key }));
      expect([back.body.data.origin, back.body.data.maxAgeYears]).toEqual(['default', 5]);
      await page.goto(consoleUrl(baseUrl(), '/'));
      await failing.getByText('Nothing is waiting.').waitFor({ timeout: UI_TIMEOUT });
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 240_000);
});
