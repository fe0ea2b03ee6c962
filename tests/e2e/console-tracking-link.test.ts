import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { consoleTenant, consoleUrl, launchBrowser, openTab, settled, signIn, UI_TIMEOUT } from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * The order page's "Buyer's tracking page" panel in a real browser: the link as GET /orders/{id}
 * gives it (opening in a new tab, without a referrer), copied to the clipboard; "Issue a new link"
 * asks first (in the console's own dialog), calls POST /orders/{id}/tracking-link and shows the new
 * link; an order from before the links says it has none, and gets one without being asked; the
 * end of a closed order's link; only a role the API lets replace the link gets the button; in Arabic.
 */
const baseUrl = () => inject('baseUrl');

interface LinkView {
  url: string;
  issuedAt: string;
  endsAt: string | null;
}

describe("the order page's buyer's tracking page", () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof consoleTenant>>;
  let customerId: string;

  const newOrder = async (model: string): Promise<{ id: string; orderNumber: number }> => {
    const created = await api('POST', '/api/v1/orders', {
      key: people.staff.operations.key,
      body: {
        customerId,
        totalAmount: 24_500,
        currency: 'USD',
        carDetails: { makeEn: 'Hyundai', modelEn: model, year: 2021 },
      },
    });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.data.id, orderNumber: created.body.data.orderNumber };
  };
  const orderOf = async (id: string) => {
    const read = await settled(() => api('GET', `/api/v1/orders/${id}`, { key: people.staff.admin.key }));
    expect(read.status, read.text).toBe(200);
    return read.body.data as { version: number; trackingLink: LinkView | null };
  };
  const openOrder = async (
    page: Page,
    order: { id: string; orderNumber: number },
    heading = `Order ${order.orderNumber}`,
  ) => {
    await page.goto(consoleUrl(baseUrl(), `/orders/${order.id}/show`));
    await page.getByRole('main').getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: UI_TIMEOUT });
  };

  beforeAll(async () => {
    [browser, people] = await Promise.all([launchBrowser(), consoleTenant({ label: 'Tracking' })]);
    const customer = await api('POST', '/api/v1/customers', {
      key: people.staff.operations.key,
      body: { name: 'Layla Haddad', mobileNumber: uniquePhone(), country: 'AE', language: 'en' },
    });
    expect(customer.status, customer.text).toBe(201);
    customerId = customer.body.data.id;
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the link the API gives, copies it, and issues a new one after asking, through POST /orders/{id}/tracking-link', async ({
    onTestFailed,
  }) => {
    const order = await newOrder('Tucson');
    const first = (await orderOf(order.id)).trackingLink;
    expect(first?.url).toMatch(/\/track\/\S+$/);
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { operations } = people.staff;
    const asked: string[] = [];
    page.on('dialog', (dialog) => asked.push(dialog.message()));
    try {
      await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await signIn(page, baseUrl(), operations.key, operations.name);
      await openOrder(page, order);
      const panel = page.getByRole('main').getByRole('region', { name: "Buyer's tracking page" });

      // The link as the API gave it: the whole address, opening in a new tab without a referrer.
      const link = panel.getByRole('link', { name: first!.url, exact: true });
      await link.waitFor({ timeout: UI_TIMEOUT });
      expect([
        await link.getAttribute('href'),
        await link.getAttribute('target'),
        await link.getAttribute('rel'),
      ]).toEqual([first!.url, '_blank', 'noreferrer']);
      await panel.getByText('Issued', { exact: true }).waitFor();
      // An open order's link has no end yet.
      expect(await panel.getByText('Stops working', { exact: true }).count()).toBe(0);

      await panel.getByRole('button', { name: 'Copy', exact: true }).click();
      await panel.getByRole('button', { name: 'Copied', exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first!.url);

      // A new link, after the person agreed that the current one stops working at once.
      await panel.getByRole('button', { name: 'Issue a new link' }).click();
      const asking = page.getByRole('alertdialog', { name: "Issue a new link to the buyer's tracking page?" });
      await asking
        .getByText('The current link stops working at once: the buyer will need the new one.')
        .waitFor({ timeout: UI_TIMEOUT });
      await asking.getByRole('button', { name: 'Issue a new link' }).click();
      await page
        .getByText('A new link was issued and the old one no longer works.', { exact: false })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      expect(asked, "the browser's own dialogs").toEqual([]);
      expect(tab.apiCalls).toContain(`POST /api/v1/orders/${order.id}/tracking-link`);
      const second = (await orderOf(order.id)).trackingLink;
      expect(second?.url).toMatch(/\/track\/\S+$/);
      expect(second!.url).not.toBe(first!.url);
      await panel.getByRole('link', { name: second!.url, exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect(await panel.getByRole('link', { name: first!.url, exact: true }).count()).toBe(0);
      // The copy button copies the new link.
      await panel.getByRole('button', { name: 'Copy', exact: true }).click();
      await panel.getByRole('button', { name: 'Copied', exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second!.url);

      expect(tab.blocked, 'requests that left the machine').toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it('says when an order has no link, and issues its first one without asking', async ({ onTestFailed }) => {
    const order = await newOrder('Santa Fe');
    // An order placed before the links existed: no tracking seed on its record.
    await ddb.send(
      new UpdateCommand({ TableName: tableName(), Key: keys.order(order.id), UpdateExpression: 'REMOVE tracking' }),
    );
    expect((await orderOf(order.id)).trackingLink).toBeNull();
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { admin } = people.staff;
    try {
      await signIn(page, baseUrl(), admin.key, admin.name);
      await openOrder(page, order);
      const panel = page.getByRole('main').getByRole('region', { name: "Buyer's tracking page" });
      await panel.getByText('This order has no link to a tracking page.').waitFor({ timeout: UI_TIMEOUT });
      expect(await panel.getByRole('link').count()).toBe(0);

      // Nothing works yet that a new link would end: issued without asking.
      await panel.getByRole('button', { name: 'Issue a new link' }).click();
      const issued = panel.getByRole('link', { name: /\/track\/\S+$/ });
      await issued.waitFor({ timeout: UI_TIMEOUT });
      const link = (await orderOf(order.id)).trackingLink;
      expect(link).not.toBeNull();
      expect(await issued.getAttribute('href')).toBe(link!.url);
      expect(await panel.getByText('This order has no link to a tracking page.').count()).toBe(0);
      expect(await page.getByRole('alertdialog').count(), 'nothing to confirm').toBe(0);
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);

  it("shows when a closed order's link ends, gives the button only to a role the API lets replace the link, and speaks Arabic", async ({
    onTestFailed,
  }) => {
    const order = await newOrder('Palisade');
    const { version } = await orderOf(order.id);
    const cancelled = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: people.staff.admin.key,
      body: { status: 'Cancelled', version },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const link = (await orderOf(order.id)).trackingLink;
    expect(link?.endsAt).toEqual(expect.any(String));
    const tab = await openTab(browser);
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { page } = tab;
    const { accountant } = people.staff;
    try {
      await signIn(page, baseUrl(), accountant.key, accountant.name);
      const me = await api('GET', '/api/v1/me', { key: accountant.key });
      expect(me.body.data.routes, 'the API does not let an accountant replace a link').not.toContain(
        'POST /api/v1/orders/{id}/tracking-link',
      );
      await openOrder(page, order);
      const main = page.getByRole('main');
      const panel = main.getByRole('region', { name: "Buyer's tracking page" });
      await panel.getByRole('link', { name: link!.url, exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await panel.getByText('Stops working', { exact: true }).waitFor();
      const ends = panel.locator(`time[datetime="${link!.endsAt}"]`);
      expect(await ends.count()).toBe(1);
      expect(await panel.getByRole('button', { name: 'Issue a new link' }).count()).toBe(0);

      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'العربية' }).click();
      await main
        .getByRole('heading', { name: `الطلب ${order.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      const arabic = main.getByRole('region', { name: 'صفحة التتبّع للمشتري' });
      await arabic.getByText('يتوقف عن العمل في', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await arabic.getByRole('button', { name: 'نسخ' }).waitFor();
      // The address stays left to right inside the Arabic page.
      expect(await arabic.getByRole('link', { name: link!.url, exact: true }).getAttribute('dir')).toBe('ltr');
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  }, 180_000);
});
