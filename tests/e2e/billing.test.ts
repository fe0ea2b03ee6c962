import { describe, expect, it } from 'vitest';
import { api, demoKey } from '../support/http.js';
import {
  billingOf,
  confirmEntry,
  DEMO_INSPECTOR,
  DEMO_MARKETER,
  seoulKey,
  seoulOrder,
  UNKNOWN_ID,
} from '../support/order-children.js';
import { accountantKey, changeStatus, newCustomer, orderDetail, placeOrder } from '../support/orders.js';

const acct = () => accountantKey();
const ops = () => demoKey('operations');
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

const createEntry = (key: string, body: unknown) => api('POST', '/api/v1/billing', { key, body });
const setDocumentUrl = (id: string, key: string, body: unknown) =>
  api('PATCH', `/api/v1/billing/${id}/document-url`, { key, body });
const confirm = (id: string, key: string) => api('PATCH', `/api/v1/billing/${id}/confirm`, { key });

async function freshOrder(overrides: Record<string, unknown> = {}, key = acct()): Promise<any> {
  const customer = await newCustomer();
  return placeOrder(key, { customerId: customer.id, totalAmount: 10_000, ...overrides });
}

/** A Pending billing entry of a fresh order (or of the order given). */
async function entry(body: Record<string, unknown> = {}, key = acct()): Promise<any> {
  const orderId = (body.orderId as string | undefined) ?? (await freshOrder()).id;
  const res = await createEntry(key, {
    type: 'receipt',
    amount: 1000,
    currency: 'USD',
    description: 'Deposit wire',
    ...body,
    orderId,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function entryOf(orderId: string, id: string): Promise<any> {
  return (await billingOf(orderId)).find((e) => e.id === id);
}

describe('POST /api/v1/billing', () => {
  it('creates a Pending invoice with its items, invoiceNumber and receiptFileUrl', async () => {
    const order = await freshOrder();
    const items = [
      { type: 'car', description: 'Kia Sorento 2022', amount: 15_000 },
      { type: 'shipping', description: 'RoRo Incheon to Jebel Ali', amount: 1_250.75 },
    ];

    const res = await createEntry(acct(), {
      orderId: order.id,
      type: 'invoice',
      amount: 16_250.75,
      currency: 'USD',
      description: 'Final invoice',
      items,
      invoiceNumber: 'INV-2026-0042',
      receiptFileUrl: 'https://files.example.com/invoices/42.pdf',
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      orderId: order.id,
      type: 'invoice',
      status: 'Pending',
      amount: 16_250.75,
      currency: 'USD',
      description: 'Final invoice',
      items,
      invoiceNumber: 'INV-2026-0042',
      receiptFileUrl: 'https://files.example.com/invoices/42.pdf',
    });
    expect(res.body.data.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(res.body.data.confirmedAt).toBeUndefined();
    expect(res.body.data.tenantId).toBeUndefined();
    expect(Date.parse(res.body.data.createdAt)).not.toBeNaN();
  });

  it('creates a Pending receipt with no items and no file', async () => {
    const order = await freshOrder();

    const res = await createEntry(ops(), {
      orderId: order.id,
      type: 'receipt',
      amount: 2000,
      currency: 'AED',
      description: 'Cash deposit',
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'receipt',
      status: 'Pending',
      amount: 2000,
      currency: 'AED',
      items: [],
      receiptFileUrl: null,
    });
    expect(await billingOf(order.id)).toEqual([res.body.data]);
  });

  it.each([
    ['0 USD', 0, 'USD'],
    ['10.55 USD', 10.55, 'USD'],
    ['2500000 KRW', 2_500_000, 'KRW'],
    ['1.125 KWD (three decimals)', 1.125, 'KWD'],
  ])('accepts an amount of %s', async (_label, amount, currency) => {
    const order = await freshOrder();

    const res = await createEntry(acct(), {
      orderId: order.id,
      type: 'receipt',
      amount,
      currency,
      description: 'deposit',
    });

    expect(res.status, res.text).toBe(201);
    expect(res.body.data.amount).toBe(amount);
  });

  it.each([
    ['10.555 USD', { amount: 10.555, currency: 'USD' }, 'body.amount'],
    ['1000.5 KRW', { amount: 1000.5, currency: 'KRW' }, 'body.amount'],
    ['1.1255 KWD', { amount: 1.1255, currency: 'KWD' }, 'body.amount'],
    [
      'an item of 0.5 KRW',
      { amount: 1000, currency: 'KRW', items: [{ type: 'fee', description: 'fee', amount: 0.5 }] },
      'body.items[0].amount',
    ],
  ])('answers 400 for more decimals than the currency has: %s', async (_label, change, field) => {
    const order = await freshOrder();

    const res = await createEntry(acct(), { orderId: order.id, type: 'receipt', description: 'deposit', ...change });

    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await billingOf(order.id)).toEqual([]);
  });

  describe('malformed bodies', () => {
    const item = { type: 'car', description: 'car', amount: 100 };
    it.each([
      ['no orderId', { orderId: undefined }, 'body.orderId'],
      ['no type', { type: undefined }, 'body.type'],
      ['a type other than invoice or receipt', { type: 'credit_note' }, 'body.type'],
      ['no amount', { amount: undefined }, 'body.amount'],
      ['a negative amount', { amount: -1 }, 'body.amount'],
      ['an amount that is a string', { amount: '100' }, 'body.amount'],
      ['no currency', { currency: undefined }, 'body.currency'],
      ['a lower-case currency', { currency: 'usd' }, 'body.currency'],
      ['a currency of two letters', { currency: 'US' }, 'body.currency'],
      ['a currency code that is not ISO 4217', { currency: 'ABC' }, 'body.currency'],
      ['no description', { description: undefined }, 'body.description'],
      ['an empty description', { description: '' }, 'body.description'],
      ['items that are not an array', { items: item }, 'body.items'],
      ['an item without a type', { items: [{ description: 'car', amount: 100 }] }, 'body.items[0].type'],
      ['an item without a description', { items: [{ type: 'car', amount: 100 }] }, 'body.items[0].description'],
      ['an item without an amount', { items: [{ type: 'car', description: 'car' }] }, 'body.items[0].amount'],
      ['an item with a negative amount', { items: [item, { ...item, amount: -5 }] }, 'body.items[1].amount'],
      ['an item with an unknown field', { items: [{ ...item, vat: 5 }] }, 'body.items[0].vat'],
      ['a receiptFileUrl that is not a URL', { receiptFileUrl: 'receipt.pdf' }, 'body.receiptFileUrl'],
      ['an empty invoiceNumber', { invoiceNumber: '' }, 'body.invoiceNumber'],
      ['a status, which the caller cannot set', { status: 'Confirmed' }, 'body.status'],
    ])('answers 400 for %s and creates nothing', async (_label, change, field) => {
      const order = await freshOrder();
      const body = JSON.parse(
        JSON.stringify({
          orderId: order.id,
          type: 'receipt',
          amount: 100,
          currency: 'USD',
          description: 'deposit',
          ...change,
        }),
      );

      const res = await createEntry(acct(), body);

      expect(res.status, res.text).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await billingOf(order.id)).toEqual([]);
    });
  });

  it.each([
    ['an unknown order', async () => UNKNOWN_ID],
    ['an order of another tenant', async () => (await seoulOrder()).id as string],
  ])('answers 404 for %s and creates nothing', async (_label, orderOf) => {
    const orderId = await orderOf();

    const res = await createEntry(acct(), {
      orderId,
      type: 'receipt',
      amount: 100,
      currency: 'USD',
      description: 'deposit',
    });

    expect(res.status, res.text).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    if (orderId !== UNKNOWN_ID) expect(await billingOf(orderId, await seoulKey('operations'))).toEqual([]);
  });

  it.each([['marketer'], ['integrator'], ['inspector']] as const)(
    'answers 403 to a %s key and creates nothing',
    async (role) => {
      const order = await freshOrder({ marketerId: DEMO_MARKETER });

      const res = await createEntry(demoKey(role), {
        orderId: order.id,
        type: 'receipt',
        amount: 100,
        currency: 'USD',
        description: 'deposit',
      });

      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      expect(await billingOf(order.id)).toEqual([]);
    },
  );
});

describe('PATCH /api/v1/billing/{id}/document-url', () => {
  it.each([['invoice'], ['receipt']] as const)(
    'stores the PDF URL as receiptFileUrl and the invoiceNumber on a %s',
    async (type) => {
      const created = await entry({ type });

      const res = await setDocumentUrl(created.id, acct(), {
        type,
        pdfUrl: `https://files.example.com/${type}s/7.pdf`,
        invoiceNumber: `${type.toUpperCase()}-7`,
      });

      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        id: created.id,
        type,
        status: 'Pending',
        receiptFileUrl: `https://files.example.com/${type}s/7.pdf`,
        invoiceNumber: `${type.toUpperCase()}-7`,
      });
      expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect(await entryOf(created.orderId, created.id)).toEqual(res.body.data);
    },
  );

  it('replaces the URL and keeps the invoiceNumber when none is given', async () => {
    const created = await entry({
      type: 'invoice',
      invoiceNumber: 'INV-1',
      receiptFileUrl: 'https://files.example.com/old.pdf',
    });

    const res = await setDocumentUrl(created.id, ops(), {
      type: 'invoice',
      pdfUrl: 'https://files.example.com/new.pdf',
    });

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      receiptFileUrl: 'https://files.example.com/new.pdf',
      invoiceNumber: 'INV-1',
    });
  });

  it('refuses to change the document of a Confirmed entry (409 INVALID_STATE) and leaves it as it was', async () => {
    const created = await entry();
    const confirmed = await confirmEntry(created.id);

    const res = await setDocumentUrl(created.id, acct(), {
      type: 'receipt',
      pdfUrl: 'https://files.example.com/late.pdf',
    });

    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('INVALID_STATE');
    expect((await billingOf(created.orderId)).find((e) => e.id === created.id)).toMatchObject({
      status: 'Confirmed',
      receiptFileUrl: confirmed.receiptFileUrl,
    });
  });

  it.each([
    [
      'a type that does not match the entry',
      { type: 'invoice', pdfUrl: 'https://files.example.com/x.pdf' },
      'body.type',
    ],
    ['no type', { pdfUrl: 'https://files.example.com/x.pdf' }, 'body.type'],
    ['an unknown type', { type: 'quote', pdfUrl: 'https://files.example.com/x.pdf' }, 'body.type'],
    ['no pdfUrl', { type: 'receipt' }, 'body.pdfUrl'],
    ['a pdfUrl that is not a URL', { type: 'receipt', pdfUrl: 'x.pdf' }, 'body.pdfUrl'],
    ['a pdfUrl that is not http(s)', { type: 'receipt', pdfUrl: 'ftp://files.example.com/x.pdf' }, 'body.pdfUrl'],
    ['an unknown field', { type: 'receipt', pdfUrl: 'https://files.example.com/x.pdf', amount: 5 }, 'body.amount'],
  ])('answers 400 for %s and changes nothing', async (_label, body, field) => {
    const created = await entry({ type: 'receipt' });

    const res = await setDocumentUrl(created.id, acct(), body);

    expect(res.status, res.text).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await entryOf(created.orderId, created.id)).toEqual(created);
  });

  it('answers 404 for an unknown entry and 403 to a marketer key', async () => {
    const created = await entry({ orderId: (await freshOrder({ marketerId: DEMO_MARKETER })).id });

    const unknown = await setDocumentUrl(UNKNOWN_ID, acct(), {
      type: 'receipt',
      pdfUrl: 'https://files.example.com/x.pdf',
    });
    const marketer = await setDocumentUrl(created.id, demoKey('marketer'), {
      type: 'receipt',
      pdfUrl: 'https://files.example.com/x.pdf',
    });

    expect(unknown.status).toBe(404);
    expect(marketer.status).toBe(403);
    expect(await entryOf(created.orderId, created.id)).toEqual(created);
  });
});

describe('PATCH /api/v1/billing/{id}/confirm', () => {
  it('lets the accountant confirm a Pending entry', async () => {
    const created = await entry({ amount: 1500, currency: 'AED' });

    const res = await confirm(created.id, acct());

    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: created.id,
      status: 'Confirmed',
      orderId: created.orderId,
      amount: 1500,
      currency: 'AED',
      confirmedAt: expect.any(String),
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(await entryOf(created.orderId, created.id)).toEqual(res.body.data);
  });

  it('lets an admin (platform) key confirm', async () => {
    const created = await entry();

    const res = await confirm(created.id, demoKey('platform'));

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('Confirmed');
  });

  it('answers a second confirmation 200 Confirmed and changes nothing', async () => {
    const created = await entry();
    const first = await confirm(created.id, acct());

    const second = await confirm(created.id, acct());

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.data).toEqual(first.body.data);
  });

  it('answers 10 concurrent confirmations all 200 Confirmed, with one confirmedAt', async () => {
    const created = await entry();

    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(created.id, acct())));

    expect(tally(results.map((r) => r.status))).toEqual({ 200: 10 });
    expect(results.every((r) => r.body.data.status === 'Confirmed')).toBe(true);
    const stored = await entryOf(created.orderId, created.id);
    expect(new Set(results.map((r) => r.body.data.confirmedAt))).toEqual(new Set([stored.confirmedAt]));
    expect(new Set(results.map((r) => r.body.data.updatedAt))).toEqual(new Set([stored.updatedAt]));
  });

  it.each([['operations'], ['marketer'], ['integrator'], ['inspector']] as const)(
    'answers 403 FORBIDDEN to a %s key and leaves the entry Pending',
    async (role) => {
      const created = await entry({ orderId: (await freshOrder({ marketerId: DEMO_MARKETER })).id });

      const res = await confirm(created.id, demoKey(role));

      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, statusCode: 403, code: 'FORBIDDEN' });
      expect((await entryOf(created.orderId, created.id)).status).toBe('Pending');
    },
  );

  it('answers 404 for an unknown entry and 400 for a malformed id', async () => {
    const unknown = await confirm(UNKNOWN_ID, acct());
    const malformed = await confirm('NOT-AN-ID', acct());

    expect(unknown.status).toBe(404);
    expect(malformed.status).toBe(400);
  });
});

describe('GET /api/v1/orders/{id}/billing', () => {
  it("lists an order's entries oldest first, starting with the receipt given at order creation", async () => {
    const order = await freshOrder({
      receiptAmount: 500,
      receiptDescription: 'Wire 7781',
      receiptFileUrl: 'https://files.example.com/r/7781.pdf',
    });
    const invoice = await entry({ orderId: order.id, type: 'invoice', amount: 10_000 });
    const receipt = await entry({ orderId: order.id, type: 'receipt', amount: 2_000 });

    const listed = await billingOf(order.id, ops());

    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      orderId: order.id,
      type: 'receipt',
      status: 'Pending',
      amount: 500,
      currency: 'USD',
      description: 'Wire 7781',
      receiptFileUrl: 'https://files.example.com/r/7781.pdf',
      items: [],
    });
    expect(listed.slice(1)).toEqual([invoice, receipt]);
  });

  it('shows a marketer the billing of an order assigned to them and answers 404 for others', async () => {
    const mine = await freshOrder({ marketerId: DEMO_MARKETER, receiptAmount: 100 });
    const notMine = await freshOrder({ receiptAmount: 100 });

    const listedMine = await api('GET', `/api/v1/orders/${mine.id}/billing`, { key: demoKey('marketer') });
    const listedNotMine = await api('GET', `/api/v1/orders/${notMine.id}/billing`, { key: demoKey('marketer') });

    expect(listedMine.status).toBe(200);
    expect(listedMine.body.data).toHaveLength(1);
    expect(listedNotMine.status).toBe(404);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await api('GET', `/api/v1/orders/${UNKNOWN_ID}/billing`, { key: acct() });

    expect(res.status).toBe(404);
  });
});

describe('order financialSummary', () => {
  it('counts confirmed receipts in the order currency only (not Pending receipts, not invoices), and lists other currencies apart', async () => {
    const order = await freshOrder({ totalAmount: 10_000, receiptAmount: 2_000 });
    const [deposit] = await billingOf(order.id);
    const second = await entry({ orderId: order.id, type: 'receipt', amount: 3_000.5 });
    const invoice = await entry({ orderId: order.id, type: 'invoice', amount: 10_000 });
    const aed = await entry({ orderId: order.id, type: 'receipt', amount: 700, currency: 'AED' });
    const before = (await orderDetail(order.id)).financialSummary;

    await confirmEntry(deposit.id);
    const afterDeposit = (await orderDetail(order.id)).financialSummary;
    await Promise.all([confirmEntry(invoice.id), confirmEntry(aed.id)]);
    const afterOthers = (await orderDetail(order.id)).financialSummary;
    await confirmEntry(second.id);
    const afterSecond = (await orderDetail(order.id)).financialSummary;

    expect(before).toMatchObject({ totalConfirmed: 0, remainingAmount: 10_000, remainingCurrency: 'USD' });
    expect(afterDeposit).toMatchObject({ totalConfirmed: 2_000, remainingAmount: 8_000 });
    expect(afterOthers).toMatchObject({ totalConfirmed: 2_000, remainingAmount: 8_000 });
    expect(afterSecond).toMatchObject({ totalConfirmed: 5_000.5, remainingAmount: 4_999.5, remainingCurrency: 'USD' });
    // The AED receipt is not lost: listed in its own currency, not converted, not counted above.
    expect(before.otherCurrencies).toEqual([{ currency: 'AED', totalConfirmed: 0, awaitingConfirmation: 700 }]);
    expect(afterOthers.otherCurrencies).toEqual([{ currency: 'AED', totalConfirmed: 700, awaitingConfirmation: 0 }]);
    expect((await freshOrder().then((o) => orderDetail(o.id))).financialSummary.otherCurrencies).toEqual([]);
  });

  it("is read afresh after a confirmation, though the order's version (its ETag) did not change: no 304, nothing kept in a cache", async () => {
    const order = await freshOrder({ totalAmount: 1_000 });
    const receipt = await entry({ orderId: order.id, amount: 400 });
    const first = await api('GET', `/api/v1/orders/${order.id}`, { key: acct() });
    expect(first.headers.get('cache-control')).toBe('no-store');
    const etag = first.headers.get('etag')!;

    await confirmEntry(receipt.id);

    // What a browser sends when it revalidates what it had: the money must come back changed.
    const again = await api('GET', `/api/v1/orders/${order.id}`, { key: acct(), headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.body.data.financialSummary).toMatchObject({ totalConfirmed: 400, remainingAmount: 600 });
  });

  it('never reports a negative remainingAmount when confirmed receipts exceed the total', async () => {
    const order = await freshOrder({ totalAmount: 1_000 });
    const receipt = await entry({ orderId: order.id, amount: 1_200.1 });

    await confirmEntry(receipt.id);

    expect((await orderDetail(order.id)).financialSummary).toMatchObject({
      totalConfirmed: 1_200.1,
      remainingAmount: 0,
    });
  });
});

describe('order lifecycle with billing', () => {
  it('lets the accountant move an order to DepositConfirmed once the receipt given at creation is confirmed', async () => {
    const order = await freshOrder({
      totalAmount: 20_000,
      receiptAmount: 2_000,
      receiptCurrency: 'USD',
      receiptDescription: 'Deposit wire 4411',
    });
    const [receipt] = await billingOf(order.id);
    const refused = await changeStatus(order.id, acct(), { status: 'DepositConfirmed', version: 1 });

    await confirmEntry(receipt.id);
    const moved = await changeStatus(order.id, acct(), { status: 'DepositConfirmed', version: 1 });

    expect(refused.status).toBe(422);
    expect(refused.body.details[0].missingRequirements).toEqual([
      expect.objectContaining({ code: 'CONFIRMED_RECEIPT_REQUIRED' }),
    ]);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ status: 'DepositConfirmed', version: 2, progress: 10 });
    const detail = await orderDetail(order.id);
    expect(detail.status).toBe('DepositConfirmed');
    expect(detail.financialSummary).toMatchObject({
      depositAmount: 2_000,
      totalConfirmed: 2_000,
      remainingAmount: 18_000,
    });
  });

  it('does not count a confirmed invoice as the deposit receipt', async () => {
    const order = await freshOrder();
    const invoice = await entry({ orderId: order.id, type: 'invoice', amount: 10_000 });
    await confirmEntry(invoice.id);

    const res = await changeStatus(order.id, acct(), { status: 'DepositConfirmed', version: 1 });

    expect(res.status).toBe(422);
    expect(res.body.details[0].missingRequirements).toEqual([
      expect.objectContaining({ code: 'CONFIRMED_RECEIPT_REQUIRED' }),
    ]);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to another tenant's keys on every billing endpoint and changes nothing", async () => {
    const order = await freshOrder({ receiptAmount: 100 });
    const [receipt] = await billingOf(order.id);
    const [seoulOps, seoulAcct] = await Promise.all([seoulKey('operations'), seoulKey('accountant')]);

    const list = await api('GET', `/api/v1/orders/${order.id}/billing`, { key: demoKey('integrator', 'seoul') });
    const create = await createEntry(seoulOps, {
      orderId: order.id,
      type: 'receipt',
      amount: 1,
      currency: 'USD',
      description: 'intruder',
    });
    const url = await setDocumentUrl(receipt.id, seoulOps, {
      type: 'receipt',
      pdfUrl: 'https://evil.example.com/x.pdf',
    });
    const confirmed = await confirm(receipt.id, seoulAcct);

    expect([list.status, create.status, url.status, confirmed.status]).toEqual([404, 404, 404, 404]);
    expect(await billingOf(order.id)).toEqual([receipt]);
  });

  it('lets a Seoul accountant confirm entries of its own tenant', async () => {
    const order = await seoulOrder();
    const created = await entry({ orderId: order.id }, await seoulKey('operations'));

    const res = await confirm(created.id, await seoulKey('accountant'));

    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('Confirmed');
  });
});

describe('a cancelled order takes nothing new', () => {
  it('refuses billing entries, contracts, inspections and customs papers with 409 INVALID_STATE, and writes none', async () => {
    const order = await freshOrder();
    const cancelled = await changeStatus(order.id, acct(), { status: 'Cancelled', version: order.version });
    expect(cancelled.status, cancelled.text).toBe(200);

    const attempts = [
      await createEntry(acct(), {
        orderId: order.id,
        type: 'receipt',
        amount: 5,
        currency: 'USD',
        description: 'After the cancel',
      }),
      await api('POST', '/api/v1/contracts', {
        key: ops(),
        body: { orderId: order.id, customerName: 'After the cancel' },
      }),
      await api('POST', '/api/v1/inspections', {
        key: ops(),
        body: {
          orderId: order.id,
          inspectorId: DEMO_INSPECTOR,
          inspectionDate: new Date(Date.now() + 86_400_000).toISOString(),
        },
      }),
      await api('PATCH', `/api/v1/orders/${order.id}/customs-invoice`, {
        key: ops(),
        body: { buyerName: 'B', items: [{ description: 'Vehicle', amount: 10 }], currency: 'USD' },
      }),
      await api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, {
        key: ops(),
        body: { documents: [{ type: 'bl', url: 'https://files.example.com/bl.pdf' }] },
      }),
    ];
    for (const res of attempts) {
      expect(res.status, res.text).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'INVALID_STATE', details: [{ status: 'Cancelled' }] });
      expect(res.body.error).toMatch(/is Cancelled: it takes no new/);
    }

    expect(await billingOf(order.id)).toEqual([]);
    const detail = await orderDetail(order.id);
    expect(detail).toMatchObject({ status: 'Cancelled', version: cancelled.body.data.version });
    expect(detail.customsInvoice ?? null).toBeNull();
    expect((await api('GET', `/api/v1/orders/${order.id}/contracts`, { key: ops() })).body.data).toEqual([]);
    expect((await api('GET', `/api/v1/orders/${order.id}/inspections`, { key: ops() })).body.data).toEqual([]);
  });
});
