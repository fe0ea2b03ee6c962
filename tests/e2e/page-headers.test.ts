import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../lib/http/permissions-policy.js';
import { launchBrowser } from '../support/browser.js';
import { accountantKey, newCustomer, orderDetail, placeOrder } from '../support/orders.js';

/*
 * The service's HTML pages (the buyer's page, the API reference) as Chromium loads them: their
 * Permissions-Policy names only features the browser knows. Middy's default named a dozen it does
 * not (battery, document-domain, interest-cohort...), and Chromium logs an error for each on every
 * load, which a buyer's or a developer's console showed.
 */
describe('the HTML pages turn features off by names the browser knows', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function policyOf(url: string): Promise<{ status: number; named: string[]; known: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'load' });
    const header = response?.headers()['permissions-policy'] ?? '';
    // Chromium's list of the features it knows (the page's own scripts are not needed for this).
    const known = await page.evaluate(
      () => (document as unknown as { featurePolicy?: { features(): string[] } }).featurePolicy?.features() ?? [],
    );
    await context.close();
    return {
      status: response?.status() ?? 0,
      named: header.split(',').map((part) => part.trim().split('=')[0]!),
      known,
    };
  }

  it("the buyer's page and the API reference", async () => {
    const order = await placeOrder(accountantKey(), { customerId: (await newCustomer()).id, totalAmount: 18_500 });
    const link = (await orderDetail(order.id)).trackingLink.url as string;
    for (const url of [link.replace(/^https?:\/\/[^/]+/, inject('baseUrl')), `${inject('baseUrl')}/api/v1/docs`]) {
      const page = await policyOf(url);
      expect(page.status, url).toBe(200);
      expect(page.known.length, 'the browser lists the features it knows').toBeGreaterThan(20);
      expect(
        page.named.filter((feature) => !page.known.includes(feature)),
        url,
      ).toEqual([]);
      expect(page.named.join(', ')).toBe(PERMISSIONS_POLICY.replace(/=\(\)/g, ''));
    }
  });
});
