import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openTab } from '../support/browser.js';

/**
 * The API reference as a newcomer sees it: Debian's chromium (installed by .ci/run when missing),
 * driven by playwright-core as every browser test is (tests/support/browser.ts), opens
 * /api/v1/docs with the network cut off, only the local stack reachable. The operations must
 * render, with the guide and the lifecycle, and the console must stay clean.
 */

/** Summaries of operations spread over the page, from the first tag to the last. */
const SUMMARIES = [
  'Create a customer (with an empty wallet)',
  'Create an order',
  'Move money in or out of a wallet (accountant, admin)',
  'Create an inspection of an order (Pending)',
  'Register a URL to receive signed events (admin); the signing secret is shown once',
  "Your tenant's events in order, for integrators who cannot receive webhooks",
  // The webhooks section: one entry per event type, with its payload.
  'An order moved to another status.',
  "Money moved in a customer's wallet",
];

describe('the API reference in a real browser, offline', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('renders every part of the reference from the local server alone, with a clean console', async () => {
    // Every request that is not to the local stack is refused and listed (tab.blocked), page errors kept (tab.pageErrors).
    const tab = await openTab(browser, { viewport: { width: 1400, height: 1000 } });
    const { page, blocked, pageErrors } = tab;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const failedLoads: string[] = [];
    page.on('response', (answer) => {
      if (answer.status() >= 400) failedLoads.push(`${answer.status()} ${answer.url()}`);
    });

    const response = await page.goto(`${inject('baseUrl')}/api/v1/docs`, {
      waitUntil: 'domcontentloaded',
      timeout: 60_000,
    });
    expect(response?.status()).toBe(200);

    // The reference renders operations lazily as a reader scrolls: scroll until every summary was seen.
    const seen = new Set<string>();
    // The reference is long (every operation, then every webhook): a loaded machine needs time to render it all.
    const deadline = Date.now() + 150_000;
    while (seen.size < SUMMARIES.length && Date.now() < deadline) {
      const found = await page.evaluate((summaries: string[]) => {
        const text = document.body.innerText;
        if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2) window.scrollTo(0, 0);
        else window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        return summaries.filter((summary) => text.includes(summary));
      }, SUMMARIES);
      for (const summary of found) seen.add(summary);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const diagnosis = async () =>
      JSON.stringify({
        blocked,
        consoleErrors,
        pageErrors,
        text: (await page.evaluate(() => document.body.innerText)).slice(0, 300),
      });
    expect([...seen].sort(), await diagnosis()).toEqual([...SUMMARIES].sort());

    await page.evaluate(() => window.scrollTo(0, 0));
    const front = await page.evaluate(() => document.body.innerText);
    expect(front).toContain('Getting started');
    expect(front).toContain('The order lifecycle');
    expect(front).toMatch(/DepositConfirmed\s+10\s+accountant/);

    // Let late work (workers, fonts, timers) run before judging the console.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(blocked, 'requests that left the machine').toEqual([]);
    expect(failedLoads).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await tab.close();
  }, 240_000);

  it('serves the document with servers pointing at the host that served it', async () => {
    const res = await fetch(`${inject('baseUrl')}/api/v1/openapi.json`);
    const document = (await res.json()) as { servers: Array<{ url: string }> };
    expect(document.servers[0]?.url).toBe(new URL(inject('baseUrl')).origin);
  });
});
