import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_IMAGES_DIR } from '../../scripts/local/demo-profiles.js';
import {
  consoleTenant,
  type ConsoleTab,
  consoleUrl,
  launchBrowser,
  openTab,
  signIn,
  signOut,
  type StaffMember,
  UI_TIMEOUT,
} from '../support/browser.js';
import { api, uniquePhone } from '../support/http.js';

/**
 * One order from a new customer to Delivered, done entirely in the staff console: each step by
 * the role that owns it (marketer, accountant, operations, inspector), each signing in with their
 * own key in turn, in a tenant that requires a second approver for money. The tenant's company
 * profile lacks its stamp, so the commercial invoice is refused, naming it, until the admin
 * uploads one on the profile screen. The API is called here only to set the tenant up and, at
 * the end, to check what the browser did.
 */
const baseUrl = () => inject('baseUrl');

/** The calendar day `days` from now, as the console's date inputs take it (YYYY-MM-DD). */
const day = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('the staff console takes an order from a new customer to Delivered', () => {
  let browser: Browser;
  let tab: ConsoleTab;
  let people: Awaited<ReturnType<typeof consoleTenant>>;

  beforeAll(async () => {
    [browser, people] = await Promise.all([
      launchBrowser(),
      consoleTenant({ label: 'Walk', secondApprover: true, marketers: ['Mina Park'] }),
    ]);
    // The stamp taken down: a proforma still prints, a commercial invoice and a contract do not.
    const unstamped = await api('DELETE', '/api/v1/tenant-profile/stamp', { key: people.staff.admin.key });
    expect(unstamped.status, unstamped.text).toBe(200);
    expect(unstamped.body.data.missing).toEqual({
      'customs-invoice': ['stamp'],
      'proforma-invoice': [],
      contract: ['stamp'],
    });
    // Staff in the Korean office: the browser's zone (Seoul) is not the tenant's (Dubai), whose time every page shows and every field takes.
    tab = await openTab(browser, { timezoneId: 'Asia/Seoul' });
  });

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
  });

  /** The order page's header says the order is in this status (its chip), after the move's message. */
  async function moveTo(page: Page, status: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
    await page.getByRole('button', { name: `Move to ${status}` }).click({ timeout: UI_TIMEOUT });
    const dialog = page.getByRole('dialog', { name: new RegExp(`to ${status}\\?$`) });
    await fill?.(dialog);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(`The order is now ${status}.`).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('main').getByText(status, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT });
  }

  /** Saves a dialog's form and waits for it to close with the success message. */
  async function save(page: Page, dialog: ReturnType<Page['getByRole']>, message: string, button = 'Save') {
    await dialog.getByRole('button', { name: button }).click();
    await page.getByText(message).first().waitFor({ timeout: UI_TIMEOUT });
    await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
  }

  const as = (member: StaffMember) => signIn(tab.page, baseUrl(), member.key, member.name);

  it('walks every step in the browser, each by its role', async ({ onTestFailed }) => {
    const { page } = tab;
    onTestFailed(() => tab.describe().then((state) => console.log(state)));
    const { operations, accountant, inspector } = people.staff;
    const marketer = people.marketers[0]!;
    const customerName = 'Layla Haddad';
    const phone = uniquePhone();
    await page.goto(consoleUrl(baseUrl()), { waitUntil: 'domcontentloaded' });

    // 1. The marketer registers the new customer and places the order, with the deposit received.
    await as(marketer);
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Name', { exact: true }).fill(customerName);
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByLabel('Country').fill('AE');
    await page.getByRole('combobox', { name: 'Chat language' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: customerName, level: 1 }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: 'New order for this customer' }).click();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Customer' }).inputValue(), { timeout: UI_TIMEOUT })
      .toBe(customerName);
    await page.getByLabel('Make').fill('Hyundai');
    await page.getByLabel('Model').fill('Palisade');
    await page.getByLabel('Year').fill('2022');
    await page.getByLabel('VIN').fill('KMHR381ABNU123456');
    await page.getByLabel('Colour').fill('White');
    await page.getByLabel('Total').fill('18500');
    await page.getByLabel('Deposit received').fill('2000');
    await page.getByRole('combobox', { name: 'Deposit currency' }).click();
    await page.getByRole('option', { name: 'USD' }).click();
    await page.getByLabel('Deposit description').fill('Deposit by bank transfer');
    await page.getByLabel('Proof of payment (URL)').fill('https://files.example.com/receipts/deposit.pdf');
    await page.getByRole('button', { name: 'Save' }).click();
    const heading = page.getByRole('heading', { name: /^Order \d+$/, level: 1 });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    const orderNumber = Number((await heading.textContent())!.replace(/\D/g, ''));
    const orderId = /#\/orders\/([^/]+)\/show/.exec(page.url())![1]!;
    await page.getByRole('main').getByText('Deposit submitted', { exact: true }).first().waitFor();
    const billing = page.getByRole('region', { name: 'Billing entries' });
    await billing
      .getByRole('row', { name: /US\$2,000\.00 Deposit by bank transfer.*Pending/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await signOut(page, marketer.name);

    // 2. The accountant finds the receipt on Today, confirms it and confirms the deposit.
    await as(accountant);
    await page
      .getByRole('region', { name: 'Receipts to confirm' })
      .getByRole('link', { name: /US\$2,000\.00.*Deposit by bank transfer/ })
      .click({ timeout: UI_TIMEOUT });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    expect(await heading.textContent()).toBe(`Order ${orderNumber}`);
    await billing
      .getByRole('row', { name: /Deposit by bank transfer/ })
      .getByRole('button', { name: 'Confirm' })
      .click({ timeout: UI_TIMEOUT });
    await billing
      .getByRole('row', { name: /Deposit by bank transfer/ })
      .getByRole('cell', { name: /^Confirmed/ })
      .waitFor({ timeout: UI_TIMEOUT });
    // The order's money follows at once, without a reload.
    await page
      .getByRole('region', { name: 'Money' })
      .getByText('US$2,000.00', { exact: true })
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('region', { name: 'Money' }).textContent()).toMatch(/Confirmed so far\s*US\$2,000\.00/);
    await moveTo(page, 'Deposit confirmed');
    await signOut(page, accountant.name);

    // 3. Operations opens the order by its number, books the inspection with an inspector of the tenant, and schedules it.
    await as(operations);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.getByRole('textbox', { name: 'Open order no.' }).fill(String(orderNumber));
    await page.getByRole('textbox', { name: 'Open order no.' }).press('Enter');
    await heading.waitFor({ timeout: UI_TIMEOUT });
    const inspections = page.getByRole('region', { name: 'Inspections' });
    await inspections.getByRole('button', { name: 'Schedule an inspection' }).click();
    let dialog = page.getByRole('dialog', { name: 'Schedule an inspection' });
    // The select is there from the first frame, disabled until the inspectors are read (never a
    // text box in its place); the click waits until it is enabled.
    await dialog.waitFor();
    expect(await dialog.getByRole('combobox', { name: /Inspector/ }).count()).toBe(1);
    expect(await dialog.getByRole('textbox', { name: /Inspector/ }).count()).toBe(0);
    await dialog.getByRole('combobox', { name: /Inspector/ }).click({ timeout: UI_TIMEOUT });
    await page.getByRole('option', { name: inspector.name }).click();
    await dialog.getByText('Time in Asia/Dubai, the time zone of your business').waitFor();
    await dialog.getByLabel('Date and time').fill(`${day(3)}T10:30`);
    await dialog.getByLabel('Notes').fill('At the Pyeongtaek yard');
    await save(page, dialog, 'Inspection scheduled.');
    await inspections.getByText(`${inspector.name} ·`).waitFor({ timeout: UI_TIMEOUT });
    await inspections.getByText('Pending', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    // 10:30 typed is 10:30 in Dubai (UTC+4), not in the browser's Seoul, and shows as typed.
    const booked = await api('GET', `/api/v1/orders/${orderId}/inspections`, { key: operations.key });
    expect(booked.body.data.map((inspection: { inspectionDate: string }) => inspection.inspectionDate)).toEqual([
      `${day(3)}T06:30:00.000Z`,
    ]);
    await inspections.getByText(/10:30/).first().waitFor({ timeout: UI_TIMEOUT });
    await moveTo(page, 'Inspection scheduled');
    await signOut(page, operations.name);

    // 4. The inspector finds the inspection in their own agenda, with its time, does it and completes it.
    await as(inspector);
    const agenda = page.getByRole('region', { name: 'Your inspections' });
    await agenda.getByText(/10:30/).waitFor({ timeout: UI_TIMEOUT });
    await agenda
      .getByRole('link', { name: new RegExp(`#${orderNumber} · ${customerName} · Pending`) })
      .click({ timeout: UI_TIMEOUT });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    for (const [step, status, report] of [
      ['Start the inspection', 'In progress', undefined],
      ['Complete the inspection', 'Completed', 'https://files.example.com/inspections/report-palisade.pdf'],
    ] as const) {
      await inspections.getByRole('button', { name: 'Details' }).click({ timeout: UI_TIMEOUT });
      dialog = page.getByRole('dialog', { name: `Inspection by ${inspector.name}` });
      await dialog.getByRole('combobox', { name: 'Next step' }).click();
      await page.getByRole('option', { name: step }).click();
      if (report) await dialog.getByLabel('Report (URL)').fill(report);
      await save(page, dialog, 'Inspection updated.');
      await inspections.getByText(status, { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    }
    await moveTo(page, 'Inspection completed');
    await signOut(page, inspector.name);

    // 5. Operations drafts, sends and records the signed contract, then asks for the balance and records its receipt.
    await as(operations);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page
      .getByRole('row', { name: new RegExp(`^${orderNumber} Inspection completed ${customerName}`) })
      .click({ timeout: UI_TIMEOUT });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    const contracts = page.getByRole('region', { name: 'Contracts' });
    await inspections.getByText('Completed', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await contracts.getByRole('button', { name: 'Draft a contract' }).click();
    dialog = page.getByRole('dialog', { name: 'Draft a contract' });
    expect(await dialog.getByLabel('Customer name', { exact: true }).inputValue()).toBe(customerName);
    await dialog.getByLabel('Customer name (Arabic)').fill('ليلى حداد');
    await dialog.getByLabel('Customer ID number').fill('784-1990-1234567-1');
    await dialog.getByLabel('Mileage').fill('42000');
    await dialog.getByLabel('Terms').fill('Delivery to Jebel Ali port; the balance is due before the purchase.');
    await save(page, dialog, 'Contract drafted.');
    await contracts.getByRole('cell', { name: 'Draft', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await contracts.getByRole('button', { name: 'Send for signature' }).click();
    dialog = page.getByRole('dialog', { name: /^Send for signature/ });
    expect(await dialog.getByLabel('Send to (phone)').inputValue()).toBe(phone);
    await save(page, dialog, 'Contract sent.', 'Send for signature');
    await contracts.getByRole('cell', { name: /^Sent/ }).waitFor({ timeout: UI_TIMEOUT });
    // The console asks "Mark contract N as signed?" in a dialog of its own.
    await contracts.getByRole('button', { name: 'Mark as signed' }).click();
    await page
      .getByRole('alertdialog', { name: /^Mark contract \d+ as signed\?$/ })
      .getByRole('button', { name: 'Mark as signed' })
      .click();
    await contracts.getByRole('cell', { name: /^Signed/ }).waitFor({ timeout: UI_TIMEOUT });
    await moveTo(page, 'Contract signed');
    await moveTo(page, 'Payment submitted');
    await billing.getByRole('button', { name: 'Record a billing entry' }).click();
    dialog = page.getByRole('dialog', { name: 'Record a billing entry' });
    await dialog.getByLabel('Amount').fill('16500');
    await dialog.getByLabel('Description').fill('Balance by bank transfer');
    await dialog.getByLabel('Proof of payment (URL)').fill('https://files.example.com/receipts/balance.pdf');
    await save(page, dialog, 'Billing entry recorded.');
    await billing
      .getByRole('row', { name: /US\$16,500\.00 Balance by bank transfer.*Pending/ })
      .waitFor({ timeout: UI_TIMEOUT });
    await signOut(page, operations.name);

    // 6. The accountant confirms the balance, records the invoice (which, the tenant requiring a
    //    second approver, she may not confirm herself), confirms the payment and issues the proforma invoice.
    await as(accountant);
    await page
      .getByRole('region', { name: 'Receipts to confirm' })
      .getByRole('link', { name: /US\$16,500\.00.*Balance by bank transfer/ })
      .click({ timeout: UI_TIMEOUT });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    expect(await heading.textContent()).toBe(`Order ${orderNumber}`);
    const balance = billing.getByRole('row', { name: /Balance by bank transfer/ });
    await balance.getByRole('button', { name: 'Confirm' }).click({ timeout: UI_TIMEOUT });
    await balance.getByRole('cell', { name: /^Confirmed/ }).waitFor({ timeout: UI_TIMEOUT });
    await billing.getByRole('button', { name: 'Record a billing entry' }).click();
    dialog = page.getByRole('dialog', { name: 'Record a billing entry' });
    await dialog.getByRole('radio', { name: 'Invoice' }).check();
    await dialog.getByLabel('Amount').fill('18500');
    await dialog.getByLabel('Description').fill('Hyundai Palisade 2022, delivered to Jebel Ali');
    await dialog.getByLabel('Invoice number').fill(`INV-${orderNumber}`);
    await save(page, dialog, 'Billing entry recorded.');
    const invoice = billing.getByRole('row', { name: new RegExp(`INV-${orderNumber}`) });
    await invoice.getByRole('button', { name: 'Confirm' }).click({ timeout: UI_TIMEOUT });
    await page
      .getByText('Another person must confirm this entry (the tenant requires a second approver).')
      .waitFor({ timeout: UI_TIMEOUT });
    await invoice.getByRole('cell', { name: 'Pending' }).waitFor();
    await moveTo(page, 'Payment confirmed');
    const documents = page.getByRole('region', { name: 'Generated documents' });
    await documents.getByRole('button', { name: 'Generate' }).click();
    dialog = page.getByRole('dialog', { name: 'Generate' });
    await save(page, dialog, 'Document generated.', 'Generate');
    // The first proforma of the tenant's series.
    await documents
      .getByRole('link', { name: 'Proforma invoice PI-00001 — Open PDF' })
      .waitFor({ timeout: UI_TIMEOUT });
    await signOut(page, accountant.name);

    // 7. Operations buys the car, records the export steps, the customs invoice and the voyage,
    //    ships and delivers it, files the completion report and issues the customs invoice in Arabic.
    await as(operations);
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await page.getByRole('textbox', { name: 'Name or phone' }).fill('Layla');
    await page.getByRole('cell', { name: customerName, exact: true }).click({ timeout: UI_TIMEOUT });
    await page
      .getByRole('region', { name: 'Orders' })
      .getByRole('link', { name: `Order ${orderNumber}` })
      .click({ timeout: UI_TIMEOUT });
    await heading.waitFor({ timeout: UI_TIMEOUT });
    await moveTo(page, 'Purchased');
    const exportSteps = page.getByRole('region', { name: 'Export steps' });
    /** Records an export step; the step's row then shows its date (and what the step adds). */
    const recordStep = async (step: string, fields: Record<string, string>, shows = '') => {
      await exportSteps
        .getByRole('row', { name: new RegExp(`^${step}`) })
        .getByRole('button', { name: 'Record' })
        .click();
      const stepDialog = page.getByRole('dialog', { name: `Record: ${step}` });
      for (const [label, value] of Object.entries(fields)) await stepDialog.getByLabel(label).fill(value);
      await save(page, stepDialog, 'Export step recorded.');
      await exportSteps
        .getByRole('row', { name: new RegExp(`^${step} \\d.*${shows}`) })
        .waitFor({ timeout: UI_TIMEOUT });
    };
    // Only the step that may be recorded now is offered: the bonded area follows the deregistration.
    await exportSteps
      .getByRole('row', { name: /^Export deregistration/ })
      .getByRole('button', { name: 'Record' })
      .waitFor({ timeout: UI_TIMEOUT });
    expect(
      await exportSteps
        .getByRole('row', { name: /^Bonded area/ })
        .getByRole('button', { name: 'Record' })
        .count(),
    ).toBe(0);
    await recordStep(
      'Export deregistration',
      { 'Document (URL)': 'https://files.example.com/export/dereg.pdf' },
      'completion report due',
    );
    await recordStep('Bonded area', { Location: 'Pyeongtaek bonded yard' }, 'Pyeongtaek bonded yard');
    await recordStep('Export declaration', { 'Declaration number': '12345-26-000123X' }, '12345-26-000123X · load by');
    // The deadlines as days in the person's language, never as the API's ISO dates.
    const deadlines = (await api('GET', `/api/v1/orders/${orderId}`, { key: people.staff.admin.key })).body.data
      .exportSteps as {
      completionReportDueBy: string;
      exportDeclaration: { loadBy: string };
    };
    const shown = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
    const stepsText = await exportSteps.textContent();
    expect(stepsText).toContain(`completion report due ${shown(deadlines.completionReportDueBy)}`);
    expect(stepsText).toContain(`load by ${shown(deadlines.exportDeclaration.loadBy)}`);
    expect(stepsText).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    const customs = page.getByRole('region', { name: 'Customs invoice' });
    await customs.getByRole('button', { name: 'Edit customs invoice' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit customs invoice' });
    // The form in its groups; the HS code and the origin are left for the API to derive (fuel and engine, the VIN).
    for (const group of ['Consignee', 'The car', 'Classification and origin', 'Terms and ports'])
      await dialog.getByRole('heading', { name: group, level: 3 }).waitFor();
    await dialog.getByLabel('Buyer address').fill('Al Quoz 3, Dubai');
    await dialog.getByLabel('Buyer country').fill('ae');
    await dialog.getByLabel('Notify party').fill('Al Futtaim Logistics, Jebel Ali Free Zone');
    await dialog.getByLabel('Engine number').fill('G6DN1234567');
    await dialog.getByLabel('Engine capacity (cc)').fill('3778');
    await dialog.getByLabel('Mileage (km)').fill('42000');
    for (const [select, option] of [
      ['Fuel', 'Petrol (gasoline)'],
      ['Condition', 'Used'],
      ['Incoterms', 'CFR — Cost and Freight'],
      ['Language', 'العربية'],
    ] as const) {
      await dialog.getByRole('combobox', { name: select }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }
    await dialog.getByLabel('Incoterms place').fill('Jebel Ali');
    await dialog.getByLabel('Port of discharge').fill('Jebel Ali, UAE');
    await dialog.getByLabel('Payment terms').fill('100% paid in advance by bank transfer');
    await save(page, dialog, 'Customs invoice saved.');
    await customs.getByText('ar', { exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await customs.getByText('CFR Jebel Ali', { exact: true }).waitFor();
    await customs.getByText('Jebel Ali, UAE', { exact: true }).waitFor();
    const shipment = page.getByRole('region', { name: 'Shipment' });
    await shipment.getByRole('button', { name: 'Edit shipment' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit shipment' });
    for (const [label, value] of [
      ['Booking number', 'GLVS-BK-2611-0457'],
      ['Carrier', 'Hyundai Glovis'],
      ['Vessel', 'Glovis Sirius'],
      ['Voyage', '026W'],
      ['Port of loading', 'KRPTK'],
      ['Port of discharge', 'AEJEA'],
      ['Bill of lading no.', 'GLVS2611BL0457'],
      ['Bill of lading (URL)', 'https://files.example.com/export/bl-0457.pdf'],
      ['ETD', day(-1)],
      ['ETA', day(20)],
      ['Departed (ATD)', day(-1)],
    ] as const)
      await dialog.getByLabel(label, { exact: true }).fill(value);
    await save(page, dialog, 'Shipment saved.');
    await shipment.getByText('Glovis Sirius').waitFor({ timeout: UI_TIMEOUT });
    await moveTo(page, 'Shipped');
    await shipment.getByRole('button', { name: 'Edit shipment' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit shipment' });
    await dialog.getByLabel('Arrived (ATA)').fill(day(0));
    await save(page, dialog, 'Shipment saved.');
    await shipment.getByText('Arrived (ATA)').waitFor({ timeout: UI_TIMEOUT });
    await moveTo(page, 'Delivered');
    await recordStep('Completion report', {});
    await page.getByRole('progressbar', { name: 'Progress' }).and(page.locator('[aria-valuenow="100"]')).waitFor();
    /** Opens "Generate" for the commercial invoice, in the language stored on the customs invoice. */
    const generateInvoice = async () => {
      await documents.getByRole('button', { name: 'Generate' }).click();
      const generating = page.getByRole('dialog', { name: 'Generate' });
      await generating.getByRole('combobox', { name: 'Document' }).click();
      await page.getByRole('option', { name: 'Commercial invoice' }).click();
      // Its language is the one stored on the customs invoice (Arabic), not the console's (English).
      await expect
        .poll(() => generating.getByRole('combobox', { name: 'Language' }).textContent(), { timeout: UI_TIMEOUT })
        .toBe('العربية');
      return generating;
    };
    // The profile has no stamp: refused, with what is missing in words, where it is filled in, and who fills it in.
    dialog = await generateInvoice();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    let refusal = dialog.getByRole('alert');
    await refusal
      .getByText('This document cannot be generated yet: it would print blanks. Missing:')
      .waitFor({ timeout: UI_TIMEOUT });
    await refusal.getByRole('heading', { name: 'Company profile', level: 3 }).waitFor();
    expect(await refusal.getByRole('listitem').allTextContents()).toEqual(['Company stamp']);
    await refusal.getByText('An admin fills in the company profile.').waitFor();
    expect(await refusal.getByRole('link').count(), 'no link to a screen operations may not use').toBe(0);
    expect(await refusal.textContent()).toContain('profile.stamp is missing');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await signOut(page, operations.name);

    // 8. The admin meets the same refusal, follows it to the company profile, uploads the stamp
    //    and issues the commercial invoice in Arabic, the first of the tenant's CI- series.
    const { admin } = people.staff;
    await as(admin);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await page.getByRole('textbox', { name: 'Open order no.' }).fill(String(orderNumber));
    await page.getByRole('textbox', { name: 'Open order no.' }).press('Enter');
    await heading.waitFor({ timeout: UI_TIMEOUT });
    dialog = await generateInvoice();
    await dialog.getByRole('button', { name: 'Generate' }).click();
    refusal = dialog.getByRole('alert');
    await refusal.getByRole('link', { name: 'Fill in the company profile' }).click({ timeout: UI_TIMEOUT });
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: 'Company profile', level: 1 }).waitFor({ timeout: UI_TIMEOUT });
    const needs = main.getByRole('region', { name: 'What each document still needs' });
    await needs.getByText('Company stamp').first().waitFor({ timeout: UI_TIMEOUT });
    expect(await needs.getByText('Nothing missing').count(), 'the proforma needs no stamp').toBe(1);
    const stamp = main.getByRole('region', { name: 'Company stamp', exact: true });
    await stamp.getByText('None yet').waitFor();
    await stamp.locator('input[type="file"]').setInputFiles(join(DEMO_IMAGES_DIR, 'gulf-stamp.png'));
    await page.getByText('Image uploaded.').first().waitFor({ timeout: UI_TIMEOUT });
    await stamp.getByRole('img', { name: 'Company stamp' }).waitFor({ timeout: UI_TIMEOUT });
    // The preview is the uploaded picture, read from the address the API gave.
    await expect
      .poll(() => stamp.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: UI_TIMEOUT,
      })
      .toBe(true);
    await expect.poll(() => needs.getByText('Nothing missing').count(), { timeout: UI_TIMEOUT }).toBe(3);
    await page.goBack();
    await heading.waitFor({ timeout: UI_TIMEOUT });
    dialog = await generateInvoice();
    await save(page, dialog, 'Document generated.', 'Generate');
    await documents
      .getByRole('link', { name: 'Commercial invoice CI-00001 — Open PDF' })
      .waitFor({ timeout: UI_TIMEOUT });
    // The admin's timeline reads in words: moves, documents and messages, and who made each change by name.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByText('Moved to Delivered').first().waitFor({ timeout: UI_TIMEOUT });
    await timeline.getByText('Document generated: Commercial invoice').first().waitFor({ timeout: UI_TIMEOUT });
    await timeline
      .getByText(/Car delivered to /)
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await timeline.textContent()).toContain(operations.name);
    // An export step reads in the console's words too, not the API's English note.
    await timeline
      .getByText(/Export deregistration recorded, dated /)
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await timeline.textContent()).not.toMatch(
      /vpo_|status\.Delivered|notificationSeq|export step deregistration recorded/,
    );
    await signOut(page, admin.name);

    // What the browser did, as the API sees it.
    const adminKey = people.staff.admin.key;
    const order = (await api('GET', `/api/v1/orders/${orderId}`, { key: adminKey })).body.data;
    expect(order.status).toBe('Delivered');
    expect(order.customer.name).toBe(customerName);
    expect(order.marketer?.name).toBe(marketer.name);
    const history = order.statusHistory as Array<{ from?: string | null; to: string; role: string; note?: string }>;
    expect(history.filter((move) => move.from !== move.to).map((move) => `${move.to} by ${move.role}`)).toEqual([
      'DepositSubmitted by marketer',
      'DepositConfirmed by accountant',
      'InspectionScheduled by operations',
      'InspectionCompleted by inspector',
      'ContractSigned by operations',
      'PaymentSubmitted by operations',
      'PaymentConfirmed by accountant',
      'Purchased by operations',
      'Shipped by operations',
      'Delivered by operations',
    ]);
    // The export steps are noted in the history too, without a change of status.
    expect(history.filter((move) => move.from === move.to).length).toBeGreaterThanOrEqual(4);
    expect(order.shipment).toMatchObject({
      method: 'roro',
      vessel: 'Glovis Sirius',
      billOfLadingNumber: 'GLVS2611BL0457',
      ata: day(0),
    });
    expect(order.customsInvoice).toMatchObject({
      buyerAddress: 'Al Quoz 3, Dubai',
      buyerCountry: 'AE',
      notifyParty: 'Al Futtaim Logistics, Jebel Ali Free Zone',
      engineNumber: 'G6DN1234567',
      engineCapacityCc: 3778,
      fuelType: 'Gasoline',
      mileageKm: 42000,
      condition: 'used',
      incoterms: 'CFR',
      incotermsPlace: 'Jebel Ali',
      portOfDischarge: 'Jebel Ali, UAE',
      paymentTerms: '100% paid in advance by bank transfer',
      language: 'ar',
    });
    // Left empty in the form: the API derives them when it draws the invoice, so none was stored.
    expect(order.customsInvoice).not.toHaveProperty('hsCode');
    expect(order.customsInvoice).not.toHaveProperty('countryOfOrigin');
    expect(Object.keys(order.exportSteps ?? {})).toEqual(
      expect.arrayContaining(['deregistration', 'bondedArea', 'exportDeclaration', 'completionReport']),
    );
    const entries = (await api('GET', `/api/v1/orders/${orderId}/billing`, { key: adminKey })).body.data as Array<
      Record<string, unknown>
    >;
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => [entry.type, entry.amount, entry.status, entry.confirmedByRole ?? null])).toEqual(
      expect.arrayContaining([
        ['receipt', 2000, 'Confirmed', 'accountant'],
        ['receipt', 16500, 'Confirmed', 'accountant'],
        ['invoice', 18500, 'Pending', null],
      ]),
    );
    const generated = (await api('GET', `/api/v1/orders/${orderId}/documents`, { key: adminKey })).body.data as Array<{
      type: string;
      language: string;
      number: string;
    }>;
    expect(generated.map((document) => `${document.type} ${document.language} ${document.number}`).sort()).toEqual([
      'customs-invoice ar CI-00001',
      'proforma-invoice en PI-00001',
    ]);
    const profile = (await api('GET', '/api/v1/tenant-profile', { key: adminKey })).body.data;
    expect(profile.stamp).toMatchObject({ contentType: 'image/png' });
    // Every change to the order was made with the keys signed in to the browser.
    const audit = (await api('GET', `/api/v1/audit?entity=order&id=${orderId}&limit=100`, { key: adminKey })).body
      .data as Array<{
      actor: { userId?: string; role: string };
    }>;
    const signedIn = new Set([marketer, accountant, operations, inspector, admin].map((member) => member.userId));
    expect(audit.length).toBeGreaterThan(10);
    expect(audit.filter((record) => !signedIn.has(record.actor.userId ?? '')).map((record) => record.actor)).toEqual(
      [],
    );
    expect(
      tab.apiCalls.filter((call) => call.startsWith('PATCH /api/v1/orders/') && call.endsWith('/status')),
    ).toHaveLength(9);
    expect(tab.blocked, 'requests that left the machine').toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  }, 600_000);
});
