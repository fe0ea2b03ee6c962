import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consoleTenant, consoleUrl, launchBrowser, openTab, signIn, signOut, UI_TIMEOUT } from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * Who may come in and what they see: sign-in with a key kept in this tab only, a refused key,
 * sign-out, the menu of each role, and marketers who never see each other's customers or orders.
 */
const baseUrl = () => inject('baseUrl');
const SESSION_KEY = 'vpo.console.apiKey';

describe('signing in to the staff console', () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof consoleTenant>>;

  beforeAll(async () => {
    [browser, people] = await Promise.all([
      launchBrowser(),
      consoleTenant({ label: 'Access', marketers: ['Mina Park', 'Rami Saad'] }),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a bad key in words, keeps a good one in this tab only, and forgets it at sign-out', async ({
    onTestFailed,
  }) => {
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { operations, admin } = people.staff;
    try {
      // Signed out, any screen asks for a key.
      await page.goto(consoleUrl(baseUrl(), '/orders'), { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Sign in to the staff console' }).waitFor({ timeout: UI_TIMEOUT });

      // A key the API does not know: refused with a message, nothing kept.
      await page.getByLabel('Your API key').fill('vpo_thisIsNotAKeyOfThisServiceAtAll000000');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'This key was not accepted' });
      await refusal.waitFor({ timeout: UI_TIMEOUT });
      expect(await refusal.textContent()).toMatch(/This key was not accepted: .+/);
      expect(await page.evaluate((name) => sessionStorage.getItem(name), SESSION_KEY)).toBeNull();
      await expect.poll(() => page.getByRole('menuitem', { name: 'Orders' }).count()).toBe(0);

      // The right key: the console greets the person, shows their role and tenant, and keeps the key in sessionStorage only.
      await signIn(page, baseUrl(), operations.key, operations.name);
      await page
        .getByRole('heading', { name: `Good day, ${operations.name}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await page.getByText(`${operations.name}, Operations at ${people.tenantName}`).waitFor();
      expect(await page.evaluate((name) => sessionStorage.getItem(name), SESSION_KEY)).toBe(operations.key);
      const stored = await page.evaluate(() => Object.values(localStorage).join('\n') + document.cookie);
      expect(stored).not.toContain(operations.key);
      // Operations gets the daily screens, not the admin ones.
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Catalogue' }).waitFor();
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'Today',
        'Orders',
        'Board',
        'Customers',
        'Catalogue',
      ]);

      // Sign-out forgets the key: the sign-in page again, and a screen's address leads back to it.
      await signOut(page, operations.name);
      expect(await page.evaluate((name) => sessionStorage.getItem(name), SESSION_KEY)).toBeNull();
      await page.goto(consoleUrl(baseUrl(), '/customers'), { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: 'Sign in to the staff console' }).waitFor({ timeout: UI_TIMEOUT });

      // An admin gets the admin screens as well.
      await signIn(page, baseUrl(), admin.key, admin.name);
      await menu.getByRole('menuitem', { name: 'Company profile' }).waitFor({ timeout: UI_TIMEOUT });
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
        'Today',
        'Orders',
        'Board',
        'Customers',
        'Catalogue',
        'Staff',
        'API keys',
        'Webhooks',
        'Audit trail',
        'Company profile',
        'Import rules',
      ]);
      await signOut(page, admin.name);
      expect(await page.evaluate((name) => sessionStorage.getItem(name), SESSION_KEY)).toBeNull();
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it("shows a marketer their own customers and orders, never another marketer's", async ({ onTestFailed }) => {
    const [mina, rami] = people.marketers as [(typeof people.marketers)[0], (typeof people.marketers)[0]];
    // Each marketer's customer and order, made with their own keys (set-up, not what is tested).
    const place = async (key: string, name: string, model: string) => {
      const customer = await api('POST', '/api/v1/customers', {
        key,
        body: { name, mobileNumber: uniquePhone(), country: 'AE' },
      });
      expect(customer.status, customer.text).toBe(201);
      const order = await api('POST', '/api/v1/orders', {
        key,
        body: {
          customerId: customer.body.data.id,
          totalAmount: 21_000,
          currency: 'USD',
          carDetails: { makeEn: 'Kia', modelEn: model, year: 2021 },
        },
      });
      expect(order.status, order.text).toBe(201);
      return {
        customerId: customer.body.data.id as string,
        orderId: order.body.data.id as string,
        orderNumber: order.body.data.orderNumber as number,
        name,
      };
    };
    const [minas, ramis] = await Promise.all([
      place(mina.key, 'Noura Al Suwaidi', 'Sorento'),
      place(rami.key, 'Khalid Rahman', 'Carnival'),
    ]);

    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    try {
      for (const [me, mine, theirs] of [
        [mina, minas, ramis],
        [rami, ramis, minas],
      ] as const) {
        await signIn(page, baseUrl(), me.key, me.name);
        const main = page.getByRole('main');

        // The customer list: theirs only, and a search for the other's customer finds nothing.
        await page.getByRole('menuitem', { name: 'Customers' }).click();
        await main.getByRole('cell', { name: mine.name, exact: true }).waitFor({ timeout: UI_TIMEOUT });
        expect(await main.getByRole('row').count(), 'header and one customer').toBe(2);
        expect(await main.getByText(theirs.name).count()).toBe(0);
        await page.getByRole('textbox', { name: 'Name or phone' }).fill(theirs.name.split(' ')[0]!);
        await main.getByText('No Customers found using the current filters.').waitFor({ timeout: UI_TIMEOUT });
        expect(await main.getByText(theirs.name).count()).toBe(0);

        // The order list: their order only.
        await page.getByRole('menuitem', { name: 'Orders' }).click();
        await main
          .getByRole('row', { name: new RegExp(`^${mine.orderNumber} .*${mine.name}`) })
          .waitFor({ timeout: UI_TIMEOUT });
        expect(await main.getByRole('row').count(), 'header and one order').toBe(2);
        expect(await main.getByText(theirs.name).count()).toBe(0);

        // The other's order and customer by their addresses: not found, and nothing of them shown.
        await page.goto(consoleUrl(baseUrl(), `/orders/${theirs.orderId}/show`));
        await main
          .getByRole('alert')
          .filter({ hasText: 'This could not be loaded: Order not found' })
          .waitFor({ timeout: UI_TIMEOUT });
        expect(await main.getByText(theirs.name).count()).toBe(0);
        expect(await main.getByRole('heading', { name: `Order ${theirs.orderNumber}` }).count()).toBe(0);
        if (me === mina) {
          await page.goto(consoleUrl(baseUrl(), `/customers/${theirs.customerId}/show`));
          await main
            .getByRole('alert')
            .filter({ hasText: 'This could not be loaded: Customer not found' })
            .waitFor({ timeout: UI_TIMEOUT });
          expect(await main.getByText(theirs.name).count()).toBe(0);
        }

        // Their own order opens.
        await page.goto(consoleUrl(baseUrl(), `/orders/${mine.orderId}/show`));
        await main
          .getByRole('heading', { name: `Order ${mine.orderNumber}`, level: 1 })
          .waitFor({ timeout: UI_TIMEOUT });
        await main.getByRole('link', { name: mine.name }).waitFor();
        await signOut(page, me.name);
      }
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 240_000);
});
