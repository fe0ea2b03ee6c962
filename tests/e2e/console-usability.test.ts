import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type ConsoleTab,
  consoleTenant,
  consoleUrl,
  launchBrowser,
  loaded,
  openTab,
  seriousViolations,
  settled,
  signIn,
  signOut,
  UI_TIMEOUT,
} from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * The console's own words and dialogs where it used the browser's or react-admin's generic ones:
 * react-admin's confirmation dialog (keyboard and screen reader) before a step that cannot be
 * taken back; what each save did, in the person's language; one inspection's dialog with the
 * moves the API allows, and no new booking once one is completed; a wallet movement in the
 * wallet's currency, chosen not typed; the audit trail by name, linked, and in words.
 */
const baseUrl = () => inject('baseUrl');

/** The text as read, without the Unicode isolates that keep values in their own direction. */
const plain = (text: string | null) =>
  (text ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

describe('the staff console speaks for itself', () => {
  let browser: Browser;
  let people: Awaited<ReturnType<typeof consoleTenant>>;
  let customer: { id: string; walletId: string; name: string };

  const newOrder = async (model: string): Promise<{ id: string; orderNumber: number }> => {
    const created = await api('POST', '/api/v1/orders', {
      key: people.staff.operations.key,
      body: {
        customerId: customer.id,
        totalAmount: 24_500,
        currency: 'AED',
        carDetails: { makeEn: 'Kia', modelEn: model, year: 2022 },
      },
    });
    expect(created.status, created.text).toBe(201);
    return { id: created.body.data.id, orderNumber: created.body.data.orderNumber };
  };
  const read = async (path: string) => {
    const answer = await settled(() => api('GET', path, { key: people.staff.admin.key }));
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };
  const openOrder = async (
    page: Page,
    order: { id: string; orderNumber: number },
    heading = `Order ${order.orderNumber}`,
  ) => {
    await page.goto(consoleUrl(baseUrl(), `/orders/${order.id}/show`));
    await page.getByRole('main').getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: UI_TIMEOUT });
  };
  /** Switches the language in the app bar (which hides while a long page is scrolled down, so from the top). */
  const switchTo = async (page: Page, group: string, language: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('group', { name: group }).getByRole('button', { name: language }).click();
  };
  const toArabic = (page: Page) => switchTo(page, 'Language', 'العربية');
  const toEnglish = (page: Page) => switchTo(page, 'اللغة', 'English');
  /** A tab that records the browser's own dialogs (there must be none). */
  const tabFor = async (): Promise<ConsoleTab & { native: string[] }> => {
    const tab = await openTab(browser);
    const native: string[] = [];
    tab.page.on('dialog', (dialog) => native.push(`${dialog.type()}: ${dialog.message()}`));
    return { ...tab, native };
  };
  /** An alert dialog's description, as a screen reader reads it (aria-describedby). */
  const description = async (dialog: Locator) => {
    const ids = (await dialog.getAttribute('aria-describedby')) ?? '';
    expect(ids, 'the dialog is described').not.toBe('');
    return plain(await dialog.page().locator(`[id="${ids}"]`).textContent());
  };

  beforeAll(async () => {
    [browser, people] = await Promise.all([launchBrowser(), consoleTenant({ label: 'Usability' })]);
    const name = 'Layla Haddad';
    const created = await api('POST', '/api/v1/customers', {
      key: people.staff.operations.key,
      body: { name, mobileNumber: uniquePhone(), country: 'AE', language: 'en', walletCurrency: 'AED' },
    });
    expect(created.status, created.text).toBe(201);
    const detail = await read(`/api/v1/customers/${created.body.data.id}`);
    customer = { id: detail.id, walletId: detail.walletId, name };
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("asks with react-admin's own dialog before revoking a key, marking a contract signed and replacing a tracking link: by keyboard, named and described, in Arabic too", async () => {
    const { admin, operations } = people.staff;
    const issued = await api('POST', '/api/v1/api-keys', {
      key: admin.key,
      body: { name: 'ERP sync', role: 'integrator' },
    });
    expect(issued.status, issued.text).toBe(201);
    const keyId = issued.body.data.apiKey.id as string;
    const keyState = async () =>
      ((await read('/api/v1/api-keys')) as Array<{ id: string; revokedAt?: string }>).find((key) => key.id === keyId)
        ?.revokedAt;
    const tab = await tabFor();
    const { page } = tab;
    try {
      // Revoking a key: the dialog takes the focus, Escape leaves the key as it was, Enter revokes it.
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), '/api-keys'));
      const row = page.getByRole('main').getByRole('row').filter({ hasText: 'ERP sync' });
      const revoke = row.getByRole('button', { name: 'Revoke' });
      await revoke.focus({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Enter');
      let dialog = page.getByRole('alertdialog', { name: 'Revoke key ERP sync?' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(dialog)).toBe(
        'Every request with it is refused within seconds, and a revoked key cannot be used again.',
      );
      expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Revoke']);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        'the focus is in the dialog',
      ).toBe(true);
      expect(await seriousViolations(page), 'axe-core with the dialog open').toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(
        await revoke.evaluate((element) => element === document.activeElement),
        'the focus is back on the button',
      ).toBe(true);
      expect(await keyState(), 'Escape revoked nothing').toBeUndefined();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      // Tab stays in the dialog (Cancel, then the step itself again).
      await page.keyboard.press('Tab');
      expect(
        await dialog.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText('Key revoked.').first().waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(keyState, { timeout: UI_TIMEOUT }).toEqual(expect.any(String));
      await row.getByText('revoked', { exact: true }).waitFor({ timeout: UI_TIMEOUT });

      // Marking a contract signed: Cancel changes nothing; the dialog's own button does it.
      await signOut(page, admin.name);
      await signIn(page, baseUrl(), operations.key, operations.name);
      const order = await newOrder('Sorento');
      const drafted = await api('POST', '/api/v1/contracts', {
        key: operations.key,
        body: { orderId: order.id, customerName: customer.name },
      });
      expect(drafted.status, drafted.text).toBe(201);
      const contract = { id: drafted.body.data.id as string, number: drafted.body.data.contractNumber as number };
      await openOrder(page, order);
      const contracts = page.getByRole('region', { name: 'Contracts' });
      await contracts.getByRole('button', { name: 'Mark as signed' }).click({ timeout: UI_TIMEOUT });
      dialog = page.getByRole('alertdialog', { name: `Mark contract ${contract.number} as signed?` });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(dialog)).toBe(
        'Do this once the customer has signed it: a signed contract can no longer be edited or sent.',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect((await read(`/api/v1/contracts/${contract.id}`)).status).toBe('Draft');
      await contracts.getByRole('button', { name: 'Mark as signed' }).click();
      await dialog.getByRole('button', { name: 'Mark as signed' }).click();
      await page.getByText('Contract signed.').first().waitFor({ timeout: UI_TIMEOUT });
      await contracts.getByRole('cell', { name: /^Signed/ }).waitFor({ timeout: UI_TIMEOUT });
      expect((await read(`/api/v1/contracts/${contract.id}`)).status).toBe('Signed');

      // Replacing the buyer's link, in Arabic: the question, what it means and both buttons in Arabic.
      const before = (await read(`/api/v1/orders/${order.id}`)).trackingLink.url as string;
      await toArabic(page);
      const main = page.getByRole('main');
      await main
        .getByRole('heading', { name: `الطلب ${order.orderNumber}`, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      const tracking = main.getByRole('region', { name: 'صفحة التتبّع للمشتري' });
      await tracking.getByRole('button', { name: 'إصدار رابط جديد' }).click();
      dialog = page.getByRole('alertdialog', { name: 'إصدار رابط جديد لصفحة التتبّع للمشتري؟' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(dialog)).toBe('يتوقف الرابط الحالي عن العمل فورًا، وسيحتاج المشتري إلى الرابط الجديد.');
      expect(await dialog.getByRole('button').allTextContents()).toEqual(['إلغاء', 'إصدار رابط جديد']);
      expect(await dialog.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await dialog.getByRole('button', { name: 'إصدار رابط جديد' }).click();
      await expect
        .poll(async () => (await read(`/api/v1/orders/${order.id}`)).trackingLink.url, { timeout: UI_TIMEOUT })
        .not.toBe(before);
      const after = (await read(`/api/v1/orders/${order.id}`)).trackingLink.url as string;
      await tracking.getByRole('link', { name: after, exact: true }).waitFor({ timeout: UI_TIMEOUT });

      expect(tab.native, "the browser's own dialogs").toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it('asks for the grace period of a rotation in its own dialog, by keyboard and in Arabic, and shows the new key once', async () => {
    const { admin } = people.staff;
    const issued = await api('POST', '/api/v1/api-keys', {
      key: admin.key,
      body: { name: 'Billing export', role: 'integrator' },
    });
    expect(issued.status, issued.text).toBe(201);
    const old = { id: issued.body.data.apiKey.id as string, key: issued.body.data.key as string };
    const keyOf = async (id: string) =>
      ((await read('/api/v1/api-keys')) as Array<{ id: string; rotatedTo?: string; expiresAt?: string }>).find(
        (key) => key.id === id,
      );
    const tab = await tabFor();
    const { page } = tab;
    try {
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), '/api-keys'));
      const row = page.getByRole('main').getByRole('row').filter({ hasText: 'Billing export' });
      const rotate = row.getByRole('button', { name: 'Rotate' });
      await rotate.focus({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Rotate key Billing export?' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(dialog)).toBe(
        'A new key is issued now and shown once; whoever uses this key must switch to it. The old key keeps working for the time you choose, then stops.',
      );
      // The grace period: a named group of choices, the API's default (24 hours) chosen, at most its 30 days.
      const grace = dialog.getByRole('radiogroup', { name: 'The old key keeps working' });
      expect(
        await grace
          .getByRole('radio')
          .evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.textContent)),
      ).toEqual(['Not at all: it stops now', 'For 1 hour', 'For 24 hours', 'For 7 days', 'For 30 days (the longest)']);
      expect(await grace.getByRole('radio', { name: 'For 24 hours' }).isChecked()).toBe(true);
      expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Rotate']);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        'the focus is in the dialog',
      ).toBe(true);
      expect(await seriousViolations(page), 'axe-core with the dialog open').toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(
        await rotate.evaluate((element) => element === document.activeElement),
        'the focus is back on the button',
      ).toBe(true);
      expect((await keyOf(old.id))?.rotatedTo, 'Escape rotated nothing').toBeUndefined();

      // In Arabic: the question, what it means and the choices in Arabic, right to left.
      await toArabic(page);
      await row.getByRole('button', { name: 'تدوير' }).click({ timeout: UI_TIMEOUT });
      const arabic = page.getByRole('alertdialog', { name: 'تدوير المفتاح Billing export؟' });
      await arabic.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(arabic)).toBe(
        'يُصدر مفتاح جديد الآن ويُعرض مرة واحدة؛ وعلى من يستخدم هذا المفتاح الانتقال إليه. يظل المفتاح القديم صالحًا للمدة التي تختارها ثم يتوقف.',
      );
      await arabic
        .getByRole('radiogroup', { name: 'يظل المفتاح القديم صالحًا' })
        .getByRole('radio', { name: 'لمدة 7 أيام' })
        .waitFor();
      expect(await arabic.getByRole('button').allTextContents()).toEqual(['إلغاء', 'تدوير']);
      expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await arabic.getByRole('button', { name: 'إلغاء' }).click();
      await arabic.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await toEnglish(page);

      // By keyboard: back from the step to the choices, one down (7 days), then the step itself.
      await rotate.focus({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Enter');
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(
        await grace
          .getByRole('radio', { name: 'For 24 hours' })
          .evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await grace.getByRole('radio', { name: 'For 7 days' }).isChecked()).toBe(true);
      const asked = Date.now();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(
        await dialog.getByRole('button', { name: 'Rotate' }).evaluate((element) => element === document.activeElement),
      ).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });

      // The new key, shown this once, works; the old one now ends in 7 days and offers no second rotation.
      const shown = page.getByRole('alert').filter({ hasText: 'The new key, shown this once.' });
      await shown.waitFor({ timeout: UI_TIMEOUT });
      const secret = (await shown.getByTestId('secret').textContent()) ?? '';
      expect(secret).not.toBe(old.key);
      expect((await api('GET', '/api/v1/me', { key: secret })).status).toBe(200);
      const rotated = await keyOf(old.id);
      expect(rotated?.rotatedTo).toEqual(expect.any(String));
      const ends = Date.parse(rotated?.expiresAt ?? '');
      expect(ends).toBeGreaterThanOrEqual(asked + 7 * 86_400_000 - 60_000);
      expect(ends).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000 + 60_000);
      await expect.poll(() => row.count(), { timeout: UI_TIMEOUT }).toBe(2);
      await expect.poll(() => row.getByRole('button', { name: 'Rotate' }).count(), { timeout: UI_TIMEOUT }).toBe(1);
      await page.reload();
      await page
        .getByRole('main')
        .getByRole('row')
        .filter({ hasText: 'Billing export' })
        .first()
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByTestId('secret').count(), 'shown once: gone on reload').toBe(0);

      expect(tab.native, "the browser's own dialogs").toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it('asks before deactivating a staff member, saying their keys stop working, in English and Arabic', async () => {
    const { admin } = people.staff;
    const added = await api('POST', '/api/v1/users', {
      key: admin.key,
      body: { name: 'Sami Khoury', role: 'operations', mobileNumber: uniquePhone() },
    });
    expect(added.status, added.text).toBe(201);
    const userId = added.body.data.id as string;
    const issued = await api('POST', '/api/v1/api-keys', { key: admin.key, body: { name: 'Sami laptop', userId } });
    expect(issued.status, issued.text).toBe(201);
    const samiKey = issued.body.data.key as string;
    const active = async () => (await read(`/api/v1/users/${userId}`)).active as boolean;
    const tab = await tabFor();
    const { page } = tab;
    try {
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), `/users/${userId}`));
      const deactivate = page.getByRole('main').getByRole('button', { name: 'Deactivate' });
      await deactivate.focus({ timeout: UI_TIMEOUT });
      // No switch in the form deactivates without asking: only the button does, and it asks.
      expect(await page.getByRole('main').getByLabel('Active').count(), 'an Active switch on an active member').toBe(0);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog', { name: 'Deactivate Sami Khoury?' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(dialog)).toBe(
        'Every API key of theirs stops working at once, so they can no longer sign in or call the API. Making them active again does not bring the keys back: they need new ones.',
      );
      expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Deactivate']);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        'the focus is in the dialog',
      ).toBe(true);
      expect(await seriousViolations(page), 'axe-core with the dialog open').toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(await active(), 'Escape deactivated nobody').toBe(true);
      expect((await api('GET', '/api/v1/me', { key: samiKey })).status, 'their key still works').toBe(200);

      // In Arabic: asked in Arabic, and the dialog's own button does it.
      await toArabic(page);
      await page.getByRole('main').getByRole('button', { name: 'إيقاف' }).click({ timeout: UI_TIMEOUT });
      const arabic = page.getByRole('alertdialog', { name: 'إيقاف Sami Khoury؟' });
      await arabic.waitFor({ timeout: UI_TIMEOUT });
      expect(await description(arabic)).toBe(
        'تتوقف كل مفاتيح API الخاصة به فورًا، فلا يعود بإمكانه تسجيل الدخول أو استخدام الواجهة البرمجية. وإعادة تفعيله لاحقًا لا تعيد المفاتيح: سيحتاج إلى مفاتيح جديدة.',
      );
      expect(await arabic.getByRole('button').allTextContents()).toEqual(['إلغاء', 'إيقاف']);
      expect(await arabic.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      await arabic.getByRole('button', { name: 'إيقاف' }).click();
      await page.getByText('تم إيقاف الموظف؛ مفاتيحه لم تعد تعمل.').first().waitFor({ timeout: UI_TIMEOUT });
      await expect.poll(active, { timeout: UI_TIMEOUT }).toBe(false);
      await expect
        .poll(async () => (await api('GET', '/api/v1/me', { key: samiKey })).status, { timeout: UI_TIMEOUT })
        .toBe(401);
      await page
        .getByRole('main')
        .getByRole('button', { name: 'إيقاف' })
        .waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      await toEnglish(page);
      // Deactivated, they can be made active again with the switch, which says they need new keys.
      await page
        .getByRole('main')
        .getByText('Turn on and save to let them work again; they need new API keys.')
        .waitFor({ timeout: UI_TIMEOUT });
      await page.getByRole('main').getByLabel('Active').check({ timeout: UI_TIMEOUT });
      await page.getByRole('main').getByRole('button', { name: 'Save' }).click();
      await expect.poll(active, { timeout: UI_TIMEOUT }).toBe(true);
      expect((await api('GET', '/api/v1/me', { key: samiKey })).status, 'their old key stays disabled').toBe(401);

      expect(tab.native, "the browser's own dialogs").toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it('says what each save did, naming the record, in the language the person reads', async () => {
    const { operations, admin } = people.staff;
    const tab = await tabFor();
    const { page } = tab;
    const generic = /Element (created|updated)|تم (إنشاء|تحديث) العنصر/;
    const createCustomer = async (name: string, save: string) => {
      await page.goto(consoleUrl(baseUrl(), '/customers/create'));
      await page.getByLabel(/^(Name|الاسم)$/).fill(name);
      await page.getByLabel(/^(Mobile number|رقم الجوال)$/).fill(uniquePhone());
      await page.getByRole('button', { name: save }).click();
      await page.getByRole('main').getByRole('heading', { name, level: 1 }).waitFor({ timeout: UI_TIMEOUT });
    };
    try {
      await signIn(page, baseUrl(), operations.key, operations.name);
      await createCustomer('Omar Saleh', 'Save');
      await page.getByText('Customer created.').first().waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByText(generic).count()).toBe(0);
      await toArabic(page);
      await page.getByRole('menuitem', { name: 'العملاء' }).waitFor({ timeout: UI_TIMEOUT });
      await createCustomer('نورة الكعبي', 'حفظ');
      await page.getByText('تم إنشاء العميل.').first().waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByText(generic).count()).toBe(0);
      await toEnglish(page);

      // A staff member added and then changed by the admin, in English and then in Arabic.
      await signOut(page, operations.name);
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.goto(consoleUrl(baseUrl(), '/users/create'));
      await page.getByLabel('Name', { exact: true }).fill('Rana Aziz');
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Accountant' }).click();
      await page.getByLabel('Mobile number').fill(uniquePhone());
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Staff member added.').first().waitFor({ timeout: UI_TIMEOUT });
      const rana = page.getByRole('main').getByRole('row').filter({ hasText: 'Rana Aziz' });
      await toArabic(page);
      await rana.click({ timeout: UI_TIMEOUT });
      const name = page.getByLabel('الاسم', { exact: true });
      await expect.poll(() => name.inputValue(), { timeout: UI_TIMEOUT }).toBe('Rana Aziz');
      await name.fill('Rana Abdul Aziz');
      await page.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تحديث بيانات الموظف.').first().waitFor({ timeout: UI_TIMEOUT });
      expect(await page.getByText(generic).count()).toBe(0);
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it("shows the API's refusal of a value next to its input in the person's language", async () => {
    const { operations } = people.staff;
    const tab = await tabFor();
    const { page } = tab;
    const refusedPhone = async (save: string) => {
      await page.goto(consoleUrl(baseUrl(), '/customers/create'));
      await page.getByLabel(/^(Name|الاسم)$/).fill('Huda Karim');
      const mobile = page.getByLabel(/^(Mobile number|رقم الجوال)$/);
      await mobile.fill('12');
      await page.getByRole('button', { name: save }).click();
      // The input is marked invalid and described by the API's sentence.
      await page.locator('input[aria-invalid="true"]').first().waitFor({ timeout: UI_TIMEOUT });
      const described = (await mobile.getAttribute('aria-describedby')) ?? '';
      return plain(
        await page
          .locator(`[id="${described.split(' ').find((id) => id.includes('helper')) ?? described}"]`)
          .textContent(),
      );
    };
    try {
      await signIn(page, baseUrl(), operations.key, operations.name);
      expect(await refusedPhone('Save')).toMatch(/must be a phone number with its country code/);
      await toArabic(page);
      await page.getByRole('menuitem', { name: 'العملاء' }).waitFor({ timeout: UI_TIMEOUT });
      const arabic = await refusedPhone('حفظ');
      expect(arabic).toMatch(/يجب أن يكون رقم هاتف يبدأ برمز الدولة/);
      expect(arabic).toContain('+971501234567');
      expect(arabic).not.toMatch(/must|characters|phone/);
      await toEnglish(page);
      expect(tab.native).toEqual([]);
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it("gives one inspection a dialog of its own with the API's next steps, and offers no new booking once one is completed", async () => {
    const { operations, inspector } = people.staff;
    const order = await newOrder('Sportage');
    const booked = await api('POST', '/api/v1/inspections', {
      key: operations.key,
      body: { orderId: order.id, inspectorId: inspector.userId },
    });
    expect(booked.status, booked.text).toBe(201);
    const inspectionId = booked.body.data.id as string;
    const tab = await tabFor();
    const { page } = tab;
    const inspections = page.getByRole('main').getByRole('region', { name: /^(Inspections|الفحوصات)$/ });
    const schedule = inspections.getByRole('button', { name: /^(Schedule an inspection|جدولة فحص)$/ });
    /** Opens the inspection's dialog and lists the next steps it offers. */
    const steps = async (title: string, label: string) => {
      await inspections.getByRole('button', { name: /^(Details|التفاصيل)$/ }).click({ timeout: UI_TIMEOUT });
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      await dialog.getByRole('combobox', { name: label }).click();
      const offered = await page.getByRole('listbox').getByRole('option').allTextContents();
      return { dialog, offered };
    };
    try {
      await signIn(page, baseUrl(), inspector.key, inspector.name);
      await openOrder(page, order);
      await inspections.getByText('Pending', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      // One is under way: it is carried on, not booked twice.
      await loaded(page);
      expect(await schedule.count()).toBe(0);

      // In Arabic: one inspection, its inspector named, its next steps said as steps.
      await toArabic(page);
      let { dialog, offered } = await steps(`فحص يجريه ${inspector.name}`, 'الخطوة التالية');
      expect(offered).toEqual(['دون تغيير (قيد الانتظار)', 'بدء الفحص', 'إلغاء الفحص']);
      await page.getByRole('option', { name: 'بدء الفحص' }).click();
      await dialog.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تحديث الفحص.').first().waitFor({ timeout: UI_TIMEOUT });
      await inspections.getByText('قيد التنفيذ', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await toEnglish(page);

      ({ dialog, offered } = await steps(`Inspection by ${inspector.name}`, 'Next step'));
      expect(offered).toEqual(['No change (In progress)', 'Complete the inspection', 'Cancel the inspection']);
      const { allowedStatusTransitions } = await read(`/api/v1/inspections/${inspectionId}`);
      expect(allowedStatusTransitions, 'the steps offered are the API’s').toEqual(['Completed', 'Cancelled']);
      await page.getByRole('option', { name: 'Complete the inspection' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Inspection updated.').first().waitFor({ timeout: UI_TIMEOUT });
      await inspections.getByText('Completed', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect((await read(`/api/v1/inspections/${inspectionId}`)).allowedStatusTransitions).toEqual([]);
      // Completed: nothing more to do with it, and no new booking is offered, in either language.
      await loaded(page);
      expect(await inspections.getByRole('button').count()).toBe(0);
      await page.reload();
      await inspections.getByText('Completed', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await loaded(page);
      expect(await schedule.count()).toBe(0);
      await toArabic(page);
      await inspections.getByText('مكتمل', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      expect(await schedule.count()).toBe(0);
      await toEnglish(page);

      // After one cancelled, a new one may be booked: offered again.
      const other = await newOrder('Seltos');
      const cancelled = await api('POST', '/api/v1/inspections', {
        key: operations.key,
        body: { orderId: other.id, inspectorId: inspector.userId },
      });
      expect(cancelled.status, cancelled.text).toBe(201);
      const cancel = await api('PATCH', `/api/v1/inspections/${cancelled.body.data.id}/status`, {
        key: operations.key,
        body: { status: 'Cancelled' },
      });
      expect(cancel.status, cancel.text).toBe(200);
      await openOrder(page, other);
      await inspections.getByText('Cancelled', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
      await schedule.waitFor({ timeout: UI_TIMEOUT });
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);

  it("records a wallet movement in the wallet's currency, chosen from the ones the API takes for it, not typed", async () => {
    const { accountant } = people.staff;
    const tab = await tabFor();
    const { page } = tab;
    try {
      await signIn(page, baseUrl(), accountant.key, accountant.name);
      await page.goto(consoleUrl(baseUrl(), `/customers/${customer.id}/show`));
      await page
        .getByRole('main')
        .getByRole('heading', { name: customer.name, level: 1 })
        .waitFor({ timeout: UI_TIMEOUT });
      await page.getByRole('button', { name: 'Record a wallet movement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Record a wallet movement' });
      await dialog.waitFor({ timeout: UI_TIMEOUT });
      expect(await dialog.getByRole('textbox', { name: 'Currency' }).count(), 'no free text').toBe(0);
      const currency = dialog.getByRole('combobox', { name: 'Currency' });
      expect(await currency.textContent()).toBe('AED');
      await dialog.getByText('The wallet holds AED: a movement is in its currency, never converted.').waitFor();
      await currency.click();
      expect(await page.getByRole('listbox').getByRole('option').allTextContents()).toEqual(['AED']);
      await page.getByRole('option', { name: 'AED' }).click();
      await dialog.getByLabel('Amount').fill('250');
      await dialog.getByLabel('Description').fill('Top-up by bank transfer');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Wallet movement recorded.').first().waitFor({ timeout: UI_TIMEOUT });
      const ledger = (await read(`/api/v1/wallets/${customer.walletId}/transactions`)) as Array<{
        amount: number;
        currency: string;
        description: string;
      }>;
      expect(ledger.find((entry) => entry.description === 'Top-up by bank transfer')).toMatchObject({
        amount: 250,
        currency: 'AED',
      });
      expect(tab.pageErrors).toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 180_000);

  it('shows the audit trail by name, each record linked to its page, and its changes as field: before → after, in English and Arabic', async () => {
    const { operations, accountant, admin } = people.staff;
    // A move by the accountant, a signed contract and a customer of operations, a staff member renamed by the admin.
    const receipt = await api('POST', '/api/v1/orders', {
      key: operations.key,
      body: {
        customerId: customer.id,
        totalAmount: 31_000,
        currency: 'AED',
        receiptAmount: 5_000,
        receiptCurrency: 'AED',
        carDetails: { makeEn: 'Kia', modelEn: 'EV9', year: 2024 },
      },
    });
    expect(receipt.status, receipt.text).toBe(201);
    const order = { id: receipt.body.data.id as string, orderNumber: receipt.body.data.orderNumber as number };
    const entry = (await read(`/api/v1/orders/${order.id}/billing`))[0];
    expect((await api('PATCH', `/api/v1/billing/${entry.id}/confirm`, { key: accountant.key })).status).toBe(200);
    const moved = await api('PATCH', `/api/v1/orders/${order.id}/status`, {
      key: accountant.key,
      body: { status: 'DepositConfirmed', version: 1 },
    });
    expect(moved.status, moved.text).toBe(200);
    const drafted = await api('POST', '/api/v1/contracts', {
      key: operations.key,
      body: { orderId: order.id, customerName: customer.name },
    });
    expect(drafted.status, drafted.text).toBe(201);
    expect(
      (await api('PATCH', `/api/v1/contracts/${drafted.body.data.id}/sign`, { key: operations.key, body: {} })).status,
    ).toBe(200);
    const added = await api('POST', '/api/v1/customers', {
      key: operations.key,
      body: { name: 'Huda Nasser', mobileNumber: uniquePhone() },
    });
    expect(added.status, added.text).toBe(201);
    const user = await api('POST', '/api/v1/users', {
      key: admin.key,
      body: { name: 'Yousef Amin', role: 'operations', mobileNumber: uniquePhone() },
    });
    expect(user.status, user.text).toBe(201);
    const userId = user.body.data.id as string;
    expect(
      (await api('PATCH', `/api/v1/users/${userId}`, { key: admin.key, body: { name: 'Yousef Al Amin' } })).status,
    ).toBe(200);

    const tab = await tabFor();
    const { page } = tab;
    const main = page.getByRole('main');
    /** The row of the record (its "Record" link) and action, and its cells' text. */
    const row = async (record: string, action: string) => {
      const found = main
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: record, exact: true }) })
        .filter({ hasText: action });
      await found.first().waitFor({ timeout: UI_TIMEOUT });
      expect(await found.count(), `one row of ${record} · ${action}`).toBe(1);
      return { row: found, cells: (await found.getByRole('cell').allTextContents()).map(plain) };
    };
    const href = (locator: Locator, name: string) =>
      locator.getByRole('link', { name, exact: true }).getAttribute('href');
    try {
      await signIn(page, baseUrl(), admin.key, admin.name);
      await page.getByRole('menuitem', { name: 'Audit trail' }).click();
      await main.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      await loaded(page);

      // Cells: when, who, record, action, changes.
      let found = await row(`Order ${order.orderNumber}`, 'Moved to Deposit confirmed');
      expect(found.cells.slice(1, 4)).toEqual([
        `${accountant.name} · Accountant`,
        `Order ${order.orderNumber}`,
        'Moved to Deposit confirmed',
      ]);
      expect(found.cells[4]).toBe('Status: Deposit submitted → Deposit confirmed');
      expect(await href(found.row, `Order ${order.orderNumber}`)).toBe(`#/orders/${order.id}/show`);

      found = await row(`Contract ${drafted.body.data.contractNumber}`, 'Marked as signed');
      expect(found.cells[1]).toBe(`${operations.name} · Operations`);
      expect(found.cells[4]).toMatch(/^Status: Draft → Signed ?Signed: — → \d/);
      // A contract has no page of its own: it links to its order's.
      expect(await href(found.row, `Contract ${drafted.body.data.contractNumber}`)).toBe(`#/orders/${order.id}/show`);

      found = await row('Customer: Huda Nasser', 'Created');
      expect(found.cells[4]).toContain('Name: — → Huda Nasser');
      expect(await href(found.row, 'Customer: Huda Nasser')).toBe(`#/customers/${added.body.data.id}/show`);

      found = await row('Staff member: Yousef Al Amin', 'Changed');
      expect(found.cells[1]).toBe(`${admin.name} · Admin`);
      expect(found.cells[4]).toBe('Name: Yousef Amin → Yousef Al Amin');
      expect(await href(found.row, 'Staff member: Yousef Al Amin')).toBe(`#/users/${userId}`);

      // No raw ids or JSON in what the page says.
      const text = (await main.textContent()) ?? '';
      for (const id of [
        order.id,
        accountant.userId,
        operations.userId,
        admin.userId,
        userId,
        added.body.data.id,
        drafted.body.data.id,
      ])
        expect(text, 'no record or person by id').not.toContain(id);
      expect(text).not.toMatch(/[{}"]/);

      // In Arabic: the same rows in Arabic words, before on the right of after.
      await toArabic(page);
      await main.getByRole('heading', { name: 'سجل التدقيق', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
      found = await row(`الطلب ${order.orderNumber}`, 'نقل إلى');
      expect(found.cells.slice(1, 4)).toEqual([
        `${accountant.name} · محاسب`,
        `الطلب ${order.orderNumber}`,
        'نقل إلى تم تأكيد العربون',
      ]);
      expect(found.cells[4]).toBe('الحالة: تم تقديم العربون ← تم تأكيد العربون');
      found = await row('موظف: Yousef Al Amin', 'تعديل');
      expect(found.cells[4]).toBe('الاسم: Yousef Amin ← Yousef Al Amin');
      expect(tab.pageErrors).toEqual([]);
      expect(tab.blocked, 'requests that left the machine').toEqual([]);
    } catch (error) {
      // What the page showed when it failed (the tab is closed before vitest's own failure hooks run).
      console.log(await tab.describe());
      throw error;
    } finally {
      await tab.close();
    }
  }, 240_000);
});
