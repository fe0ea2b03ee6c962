import { describe, expect, it } from 'vitest';
import { CUSTOMS_DOCUMENT_MAX_BYTES as MAX_DOC } from '../../lib/domain/documents.js';
import { newStaffUser } from '../support/staff.js';
import { api, demoKey } from '../support/http.js';
import { billingOf } from '../support/order-children.js';
import {
  accountantKey,
  balanceOf,
  changeStatus,
  createOrder,
  credit,
  inspectionDate,
  ledgerOf,
  newCustomer,
  orderDetail,
  ordersOfCustomer,
  placeOrder,
  validateTransition,
} from '../support/orders.js';

const GULF = 'demotenantgulfmotors0001';
const DEMO_MARKETER = 'demousermarketer00000001';
const DEMO_INSPECTOR = 'demouserinspector0000001';
const acct = () => accountantKey();
const ops = () => demoKey('operations');
const seoul = () => demoKey('integrator', 'seoul');
const UNKNOWN_ID = 'ckunknownorder0000000000000';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('POST /api/v1/orders', () => {
  it('creates a DepositSubmitted order at version 1 with the creation state of docs/api.md', async () => {
    const customer = await newCustomer();

    const res = await createOrder(acct(), {
      customerId: customer.id,
      totalAmount: 12500,
      carDetails: { makeEn: 'Hyundai', modelEn: 'Grandeur', year: 2021 },
    });

    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const order = res.body.data;
    expect(order).toMatchObject({
      status: 'DepositSubmitted',
      version: 1,
      progress: 0,
      canCancel: true,
      isTerminal: false,
      allowedStatusTransitions: ['DepositConfirmed', 'Cancelled'],
      customerId: customer.id,
      tenantId: GULF,
      totalAmount: 12500,
      currency: 'USD',
      notes: null,
      inspectionDate: null,
      paidFromWallet: false,
      carDetails: { makeEn: 'Hyundai', modelEn: 'Grandeur', year: 2021, customerNotificationsEnabled: true },
      customer: { id: customer.id, name: 'Order Customer' },
    });
    expect(Number.isInteger(order.orderNumber)).toBe(true);
    expect(order.orderNumber).toBeGreaterThan(0);
    expect(order.id).toMatch(/^[a-z0-9]{20,}$/);
    expect(order.marketerId).toBeUndefined();
    expect(Date.parse(order.createdAt)).not.toBeNaN();
  });

  it('shows an integrator that created the order only [Cancelled] as its next status', async () => {
    const customer = await newCustomer();

    const order = await placeOrder(demoKey('integrator'), { customerId: customer.id });

    expect(order.allowedStatusTransitions).toEqual(['Cancelled']);
    expect(order.tenantId).toBe(GULF);
  });

  it('gives increasing order numbers to successive orders', async () => {
    const customer = await newCustomer();

    const first = await placeOrder(acct(), { customerId: customer.id });
    const second = await placeOrder(acct(), { customerId: customer.id });

    expect(second.orderNumber).toBeGreaterThan(first.orderNumber);
  });

  it('keeps customerNotificationsEnabled false when the caller sends it, with the other car fields as given', async () => {
    const customer = await newCustomer();
    const carDetails = { makeEn: 'Kia', modelEn: 'K5', options: ['sunroof'], customerNotificationsEnabled: false };

    const order = await placeOrder(acct(), { customerId: customer.id, carDetails });

    expect(order.carDetails).toEqual(carDetails);
  });

  it('stores currency and notes when given', async () => {
    const customer = await newCustomer();

    const order = await placeOrder(acct(), {
      customerId: customer.id,
      totalAmount: 2_500_000,
      currency: 'KRW',
      notes: 'call after 5pm',
    });

    expect(order).toMatchObject({ currency: 'KRW', totalAmount: 2_500_000, notes: 'call after 5pm' });
  });

  it('answers 403 to an inspector key, whose role does not create orders', async () => {
    const customer = await newCustomer();

    const res = await createOrder(demoKey('inspector'), { customerId: customer.id });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    expect(await ordersOfCustomer(customer.id)).toEqual([]);
  });

  it("answers 403 when a tenant key names another tenant's tenantId", async () => {
    const customer = await newCustomer();

    const res = await createOrder(acct(), { customerId: customer.id, tenantId: 'demotenantseoulexport001' });

    expect(res.status).toBe(403);
  });

  describe('marketers', () => {
    it('sets marketerId from a marketer key and embeds the marketer', async () => {
      const customer = await newCustomer();

      const order = await placeOrder(demoKey('marketer'), { customerId: customer.id });

      expect(order.marketerId).toBe(DEMO_MARKETER);
      expect(order.marketer).toMatchObject({ id: DEMO_MARKETER, name: expect.stringContaining('Mina Park') });
      expect(order.allowedStatusTransitions).toEqual(['Cancelled']);
    });

    it('accepts a marketer key naming itself as marketerId', async () => {
      const customer = await newCustomer();

      const order = await placeOrder(demoKey('marketer'), { customerId: customer.id, marketerId: DEMO_MARKETER });

      expect(order.marketerId).toBe(DEMO_MARKETER);
    });

    it('answers 403 when a marketer key names another marketer, and creates nothing', async () => {
      const customer = await newCustomer();

      const res = await createOrder(demoKey('marketer'), {
        customerId: customer.id,
        marketerId: 'someothermarketer0000001',
      });

      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, statusCode: 403, code: 'FORBIDDEN' });
      expect(await ordersOfCustomer(customer.id)).toEqual([]);
    });

    it('lets staff assign a marketer of the tenant', async () => {
      const customer = await newCustomer();

      const order = await placeOrder(acct(), { customerId: customer.id, marketerId: DEMO_MARKETER });

      expect(order.marketerId).toBe(DEMO_MARKETER);
      expect(order.marketer.id).toBe(DEMO_MARKETER);
    });

    it.each([
      ['an unknown user', 'nosuchmarketer0000000001'],
      ['a user who is an inspector, not a marketer', DEMO_INSPECTOR],
    ])('answers 404 when staff name %s as marketer', async (_label, marketerId) => {
      const customer = await newCustomer();

      const res = await createOrder(acct(), { customerId: customer.id, marketerId });

      expect(res.status).toBe(404);
      expect(await ordersOfCustomer(customer.id)).toEqual([]);
    });

    it("answers 404 when the marketer belongs to another tenant than the customer's, from a tenant key and from a platform key", async () => {
      const seoulMarketer = await newStaffUser('marketer', 'demotenantseoulexport001', { name: 'Seoul marketer' });
      const customer = await newCustomer();

      const fromTenantKey = await createOrder(acct(), { customerId: customer.id, marketerId: seoulMarketer });
      const fromPlatformKey = await createOrder(demoKey('platform'), {
        customerId: customer.id,
        marketerId: seoulMarketer,
      });

      expect(fromTenantKey.status).toBe(404);
      expect(fromPlatformKey.status).toBe(404);
      expect(await ordersOfCustomer(customer.id)).toEqual([]);
    });
  });

  describe('receipt fields', () => {
    it('create a Pending receipt: nothing is confirmed and DepositConfirmed is refused with CONFIRMED_RECEIPT_REQUIRED', async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 20000,
        receiptAmount: 2000,
        receiptCurrency: 'USD',
        receiptDescription: 'Deposit wire 4411',
        receiptFileUrl: 'https://files.example.com/receipts/4411.pdf',
      });

      const detail = await orderDetail(order.id);
      const check = await validateTransition(order.id, acct(), 'DepositConfirmed');
      const move = await changeStatus(order.id, acct(), { status: 'DepositConfirmed', version: 1 });

      expect(detail.financialSummary).toEqual({
        depositAmount: 2000,
        depositCurrency: 'USD',
        remainingAmount: 20000,
        remainingCurrency: 'USD',
        totalConfirmed: 0,
        otherCurrencies: [],
      });
      expect(check.status).toBe(200);
      expect(check.body.data).toMatchObject({
        valid: false,
        missingRequirements: [{ type: 'receipt', code: 'CONFIRMED_RECEIPT_REQUIRED', message: expect.any(String) }],
      });
      expect(move.status).toBe(422);
      expect(move.body.code).toBe('INVALID_TRANSITION');
      expect(move.body.details[0].missingRequirements).toEqual([
        expect.objectContaining({ code: 'CONFIRMED_RECEIPT_REQUIRED' }),
      ]);
      expect((await orderDetail(order.id)).version).toBe(1);
    });

    it("carry the receipt's id on the order, so its proof of payment is recorded without a lookup", async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), { customerId: customer.id, totalAmount: 20000, receiptAmount: 2000 });
      const without = await placeOrder(acct(), { customerId: customer.id, totalAmount: 20000 });

      const [receipt] = await billingOf(order.id);
      const listed = await ordersOfCustomer(customer.id);

      expect(order.depositReceiptId).toEqual(receipt.id);
      expect(receipt).toMatchObject({ type: 'receipt', status: 'Pending', amount: 2000 });
      expect((await orderDetail(order.id)).depositReceiptId).toBe(receipt.id);
      expect(listed.find((o: { id: string }) => o.id === order.id).depositReceiptId).toBe(receipt.id);
      expect(without.depositReceiptId).toBeNull();
      const confirmed = await api('PATCH', `/api/v1/billing/${order.depositReceiptId}/confirm`, {
        key: demoKey('admin'),
      });
      expect(confirmed.status, confirmed.text).toBe(200);
    });

    it('use the order currency for the receipt when receiptCurrency is omitted', async () => {
      const customer = await newCustomer();

      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 900,
        currency: 'AED',
        receiptAmount: 100,
      });

      expect((await orderDetail(order.id)).financialSummary).toMatchObject({
        depositAmount: 100,
        depositCurrency: 'AED',
        remainingCurrency: 'AED',
        totalConfirmed: 0,
      });
    });

    it('without receipt fields give a summary with no deposit and the whole total remaining', async () => {
      const customer = await newCustomer();

      const order = await placeOrder(acct(), { customerId: customer.id, totalAmount: 700.5 });

      expect((await orderDetail(order.id)).financialSummary).toEqual({
        depositAmount: 0,
        depositCurrency: 'USD',
        remainingAmount: 700.5,
        remainingCurrency: 'USD',
        totalConfirmed: 0,
        otherCurrencies: [],
      });
    });
  });

  describe('useWalletBalance', () => {
    it('answers 400 without inspectionDate and debits nothing', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 500);

      const res = await createOrder(acct(), { customerId: customer.id, totalAmount: 100, useWalletBalance: true });

      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain('body.inspectionDate');
      expect(await balanceOf(customer.id)).toBe(500);
    });

    it('answers 422 WALLET_INSUFFICIENT_BALANCE below totalAmount and writes nothing', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 100);

      const res = await createOrder(acct(), {
        customerId: customer.id,
        totalAmount: 100.01,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      });

      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, statusCode: 422, code: 'WALLET_INSUFFICIENT_BALANCE' });
      expect(await balanceOf(customer.id)).toBe(100);
      expect(await ledgerOf(customer.walletId)).toEqual([expect.objectContaining({ type: 'credit', amount: 100 })]);
      expect(await ordersOfCustomer(customer.id)).toEqual([]);
    });

    it('answers 422 WALLET_INSUFFICIENT_BALANCE on an empty wallet', async () => {
      const customer = await newCustomer();

      const res = await createOrder(acct(), {
        customerId: customer.id,
        totalAmount: 1,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      });

      expect(res.status).toBe(422);
      expect(res.body.code).toBe('WALLET_INSUFFICIENT_BALANCE');
      expect(await ledgerOf(customer.walletId)).toEqual([]);
    });

    it('starts at InspectionScheduled and debits the wallet with one payment_deduction carrying the orderId', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 500);
      const date = inspectionDate();

      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 300.25,
        useWalletBalance: true,
        inspectionDate: date,
      });

      expect(order).toMatchObject({
        status: 'InspectionScheduled',
        progress: 20,
        version: 1,
        paidFromWallet: true,
        inspectionDate: date,
        canCancel: true,
        isTerminal: false,
      });
      expect(order.allowedStatusTransitions).toEqual(['Cancelled']);
      expect(await balanceOf(customer.id)).toBe(199.75);
      const ledger = await ledgerOf(customer.walletId);
      expect(ledger).toHaveLength(2);
      expect(ledger[0]).toMatchObject({
        type: 'payment_deduction',
        amount: 300.25,
        delta: -300.25,
        balanceAfter: 199.75,
        currency: 'USD',
        orderId: order.id,
      });
      expect((await orderDetail(order.id)).financialSummary).toMatchObject({
        totalConfirmed: 300.25,
        remainingAmount: 0,
      });
    });

    it('accepts a totalAmount equal to the whole balance, leaving 0', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 80.3);

      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 80.3,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      });

      expect(order.status).toBe('InspectionScheduled');
      expect(await balanceOf(customer.id)).toBe(0);
    });

    it('shows the inspector of the tenant InspectionCompleted as the next move of a wallet-paid order', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 50);
      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 50,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      });

      const asInspector = await orderDetail(order.id, demoKey('inspector'));

      expect(asInspector.allowedStatusTransitions).toEqual(['InspectionCompleted']);
    });

    it.each([
      ['an AED order against a USD wallet', undefined, 'AED', 100],
      ['a USD order against an AED wallet', 'AED', 'USD', 100],
    ])(
      'answers 422 WALLET_CURRENCY_MISMATCH for %s and writes nothing',
      async (_label, walletCurrency, currency, amount) => {
        const customer = await newCustomer({ walletCurrency });
        await credit(customer.walletId, 1000, walletCurrency ?? 'USD');

        const res = await createOrder(acct(), {
          customerId: customer.id,
          totalAmount: amount,
          currency,
          useWalletBalance: true,
          inspectionDate: inspectionDate(),
        });

        expect(res.status).toBe(422);
        expect(res.body.code).toBe('WALLET_CURRENCY_MISMATCH');
        expect(await balanceOf(customer.id)).toBe(1000);
        expect(await ledgerOf(customer.walletId)).toHaveLength(1);
        expect(await ordersOfCustomer(customer.id)).toEqual([]);
      },
    );

    it('refunds a cancelled wallet-paid order exactly once and refuses a second cancel', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 1000);
      const order = await placeOrder(acct(), {
        customerId: customer.id,
        totalAmount: 400,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      });

      const cancel = await changeStatus(order.id, ops(), {
        status: 'Cancelled',
        version: 1,
        note: 'customer withdrew',
      });
      const again = await changeStatus(order.id, ops(), { status: 'Cancelled', version: 2 });
      const stale = await changeStatus(order.id, ops(), { status: 'Cancelled', version: 1 });

      expect(cancel.status).toBe(200);
      expect(cancel.body.data).toMatchObject({
        status: 'Cancelled',
        version: 2,
        progress: -1,
        canCancel: false,
        isTerminal: true,
        allowedStatusTransitions: [],
      });
      expect(again.status).toBe(422);
      expect(again.body.code).toBe('INVALID_TRANSITION');
      expect(stale.status).toBe(409);
      expect(await balanceOf(customer.id)).toBe(1000);
      const ledger = await ledgerOf(customer.walletId);
      expect(ledger.map((e) => e.type)).toEqual(['refund', 'payment_deduction', 'credit']);
      expect(ledger[0]).toMatchObject({ amount: 400, delta: 400, balanceAfter: 1000, orderId: order.id });
      // The order itself says the money went back, and when.
      const detail = await orderDetail(order.id);
      expect(detail.financialSummary).toMatchObject({
        totalConfirmed: 400,
        refunded: { amount: 400, currency: 'USD', to: 'wallet', at: ledger[0]!.createdAt },
      });
    });
  });

  describe('customer lookup', () => {
    it('answers 404 for an unknown customer', async () => {
      const res = await createOrder(acct(), { customerId: 'cknosuchcustomer000000000' });

      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });

    it("answers 404 for another tenant's customer, whichever side asks", async () => {
      const seoulCustomer = await newCustomer({ key: seoul() });
      const gulfCustomer = await newCustomer();

      const gulfAsks = await createOrder(acct(), { customerId: seoulCustomer.id });
      const seoulAsks = await createOrder(seoul(), { customerId: gulfCustomer.id });

      expect(gulfAsks.status).toBe(404);
      expect(seoulAsks.status).toBe(404);
      expect(await ordersOfCustomer(gulfCustomer.id)).toEqual([]);
      expect(await ordersOfCustomer(seoulCustomer.id, seoul())).toEqual([]);
    });

    it("lets a platform key order for any tenant's customer, in that customer's tenant", async () => {
      const customer = await newCustomer();

      const order = await placeOrder(demoKey('platform'), { customerId: customer.id });

      expect(order.tenantId).toBe(GULF);
    });
  });

  describe('Idempotency-Key', () => {
    it('returns the same order to a retry and creates only one', async () => {
      const customer = await newCustomer();
      const headers = { 'Idempotency-Key': `order-${customer.id}` };

      const first = await createOrder(acct(), { customerId: customer.id, totalAmount: 50, notes: 'n' }, headers);
      const second = await createOrder(acct(), { notes: 'n', totalAmount: 50, customerId: customer.id }, headers);

      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect((await ordersOfCustomer(customer.id)).map((o) => o.id)).toEqual([first.body.data.id]);
    });

    it('debits the wallet once for a retried wallet-paid order', async () => {
      const customer = await newCustomer();
      await credit(customer.walletId, 100);
      const body = {
        customerId: customer.id,
        totalAmount: 60,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      };
      const headers = { 'Idempotency-Key': `wallet-order-${customer.id}` };

      const first = await createOrder(acct(), body, headers);
      const second = await createOrder(acct(), body, headers);

      expect(second.body.data.id).toBe(first.body.data.id);
      expect(await balanceOf(customer.id)).toBe(40);
      expect(await ledgerOf(customer.walletId)).toHaveLength(2);
    });

    it('creates one order when 10 retries with one key race, answering each with it', async () => {
      const customer = await newCustomer();
      const headers = { 'Idempotency-Key': `race-${customer.id}` };
      const results = await Promise.all(
        Array.from({ length: 10 }, () => createOrder(acct(), { customerId: customer.id, totalAmount: 75 }, headers)),
      );
      expect(results.map((res) => res.status)).toEqual(Array(10).fill(201));
      expect(new Set(results.map((res) => res.body.data.id)).size).toBe(1);
      expect((await ordersOfCustomer(customer.id)).map((o) => o.id)).toEqual([results[0]!.body.data.id]);
    });

    it('leaves the key free after a refused request: the same request sent again once it can succeed creates the order', async () => {
      const customer = await newCustomer();
      const body = {
        customerId: customer.id,
        totalAmount: 60,
        useWalletBalance: true,
        inspectionDate: inspectionDate(),
      };
      const headers = { 'Idempotency-Key': `refused-${customer.id}` };
      const refused = await createOrder(acct(), body, headers);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.code).toBe('WALLET_INSUFFICIENT_BALANCE');
      await credit(customer.walletId, 100);
      const created = await createOrder(acct(), body, headers);
      expect(created.status, created.text).toBe(201);
      expect(await balanceOf(customer.id)).toBe(40);
    });

    it('answers 409 IDEMPOTENCY_KEY_REUSED when the key comes back with another body', async () => {
      const customer = await newCustomer();
      const headers = { 'Idempotency-Key': `reuse-${customer.id}` };
      await createOrder(acct(), { customerId: customer.id, totalAmount: 50 }, headers);

      const res = await createOrder(acct(), { customerId: customer.id, totalAmount: 51 }, headers);

      expect(res.status).toBe(409);
      expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(res.body.details).toEqual([
        { field: 'Idempotency-Key', message: expect.stringMatching(/^was already used for a different request/) },
      ]);
      expect(await ordersOfCustomer(customer.id)).toHaveLength(1);
    });

    it('refuses a malformed key with 400, naming the header as the field, and creates nothing', async () => {
      const customer = await newCustomer();
      for (const key of ['k'.repeat(129), '../../x', 'spaced key']) {
        const res = await createOrder(acct(), { customerId: customer.id, totalAmount: 50 }, { 'Idempotency-Key': key });
        expect(res.status, key).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'Idempotency-Key' }] });
      }
      expect(await ordersOfCustomer(customer.id)).toHaveLength(0);
    });
  });

  describe('malformed bodies', () => {
    const base = { customerId: 'ckvalidlookingcustomer0001' };

    it.each([
      ['customerId missing', { customerId: undefined }, 'body.customerId'],
      ['customerId as a number', { customerId: 123 }, 'body.customerId'],
      ['customerId with capitals and dashes', { customerId: 'Not-A-Cuid' }, 'body.customerId'],
      ['totalAmount as a string', { totalAmount: '100' }, 'body.totalAmount'],
      ['a negative totalAmount', { totalAmount: -1 }, 'body.totalAmount'],
      ['a totalAmount with more decimals than USD has', { totalAmount: 10.005 }, 'body.totalAmount'],
      ['a KRW totalAmount with decimals', { currency: 'KRW', totalAmount: 1000.5 }, 'body.totalAmount'],
      ['a negative receiptAmount', { receiptAmount: -5 }, 'body.receiptAmount'],
      ['receiptAmount as a string', { receiptAmount: '5' }, 'body.receiptAmount'],
      ['receipt fields without receiptAmount', { receiptDescription: 'wire' }, 'body.receiptAmount'],
      [
        'a receiptCurrency that is not ISO 4217',
        { receiptAmount: 5, receiptCurrency: 'dollars' },
        'body.receiptCurrency',
      ],
      [
        'a receiptFileUrl that is not http(s)',
        { receiptAmount: 5, receiptFileUrl: 'javascript:alert(1)' },
        'body.receiptFileUrl',
      ],
      ['a currency outside USD, KRW and AED', { currency: 'EUR' }, 'body.currency'],
      ['a lowercase currency', { currency: 'usd' }, 'body.currency'],
      ['carId with decimals', { carId: 1.5 }, 'body.carId'],
      ['carId as a string', { carId: '12' }, 'body.carId'],
      ['carId 0', { carId: 0 }, 'body.carId'],
      ['carDetails as an array', { carDetails: [] }, 'body.carDetails'],
      ['carDetails as a string', { carDetails: 'BMW 520d' }, 'body.carDetails'],
      [
        'customerNotificationsEnabled as a string',
        { carDetails: { customerNotificationsEnabled: 'no' } },
        'body.carDetails.customerNotificationsEnabled',
      ],
      ['useWalletBalance as a string', { useWalletBalance: 'true' }, 'body.useWalletBalance'],
      ['inspectionDate that is not a date-time', { inspectionDate: 'next tuesday' }, 'body.inspectionDate'],
      ['notes as a number', { notes: 5 }, 'body.notes'],
      ['marketerId with capitals', { marketerId: 'Marketer-1' }, 'body.marketerId'],
      ['an unknown field', { discount: 5 }, 'body.discount'],
    ])('answers 400 VALIDATION_ERROR for %s', async (_label, change, field) => {
      const body = JSON.parse(JSON.stringify({ ...base, ...change }));

      const res = await createOrder(acct(), body);

      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, code: 'VALIDATION_ERROR' });
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    });

    it.each([
      ['a top-level __proto__ key', '{"customerId":"ckvalidlookingcustomer0001","__proto__":{"role":"admin"}}'],
      [
        'a __proto__ key inside carDetails',
        '{"customerId":"ckvalidlookingcustomer0001","carDetails":{"__proto__":{"polluted":true}}}',
      ],
      [
        'a constructor key inside carDetails',
        '{"customerId":"ckvalidlookingcustomer0001","carDetails":{"constructor":{"prototype":{"x":1}}}}',
      ],
      ['a JSON array', '[]'],
      ['JSON null', 'null'],
      ['a JSON string', '"order"'],
      ['truncated JSON', '{"customerId":'],
    ])('answers 400 for %s', async (_label, rawBody) => {
      const res = await api('POST', '/api/v1/orders', {
        key: acct(),
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });

      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(['INVALID_JSON', 'VALIDATION_ERROR']).toContain(res.body.code);
    });
  });

  describe('carId', () => {
    it("copies the catalogue car into carDetails, with the caller's carDetails on top", async () => {
      const cars = await api('GET', '/api/v1/cars?limit=1', { key: acct() });
      expect(cars.status).toBe(200);
      const car = cars.body.data[0];
      const customer = await newCustomer();

      const order = await placeOrder(acct(), {
        customerId: customer.id,
        carId: car.id,
        carDetails: { color: 'Custom wrap' },
      });

      expect(order.carId).toBe(car.id);
      expect(order.carDetails).toMatchObject({
        carId: car.id,
        makeEn: car.makeEn,
        modelEn: car.modelEn,
        year: car.year,
        price: car.price,
        color: 'Custom wrap',
        customerNotificationsEnabled: true,
      });
    });

    it('answers 404 for a car that does not exist', async () => {
      const customer = await newCustomer();

      const res = await createOrder(acct(), { customerId: customer.id, carId: 2_000_000_000 });

      expect(res.status).toBe(404);
      expect(await ordersOfCustomer(customer.id)).toEqual([]);
    });
  });
});

describe('GET /api/v1/orders/{id}', () => {
  it('returns the order with the detail fields of a fresh order', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(acct(), { customerId: customer.id, totalAmount: 9000, notes: 'VIP' });

    const detail = await orderDetail(order.id);

    const {
      financialSummary,
      signedContract,
      inspection,
      customsInvoice,
      customsDocuments,
      documents,
      statusHistory,
      trackingLink,
      recordableExportSteps,
      ...rest
    } = detail;
    expect(rest).toEqual(order);
    // Export steps are recorded once the car is Purchased: none yet.
    expect(recordableExportSteps).toEqual([]);
    // The buyer's page: a link made with the order, open until the order closes.
    expect(trackingLink).toEqual({
      url: expect.stringMatching(/\/track\/[A-Za-z0-9_-]{32}$/),
      issuedAt: order.createdAt,
      endsAt: null,
    });
    expect(documents).toEqual([]);
    expect(financialSummary).toEqual({
      depositAmount: 0,
      depositCurrency: 'USD',
      remainingAmount: 9000,
      remainingCurrency: 'USD',
      totalConfirmed: 0,
      otherCurrencies: [],
    });
    expect(signedContract).toBeNull();
    expect(inspection).toBeNull();
    expect(customsInvoice).toBeNull();
    expect(customsDocuments).toEqual([]);
    expect(statusHistory).toEqual([
      { from: null, to: 'DepositSubmitted', by: expect.any(String), role: 'accountant', at: order.createdAt },
    ]);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await api('GET', `/api/v1/orders/${UNKNOWN_ID}`, { key: acct() });
    const malformed = await api('GET', '/api/v1/orders/NOT-AN-ID', { key: acct() });

    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
    expect(malformed.status).toBe(400);
  });

  describe('tenant isolation', () => {
    it("answers 404 to another tenant's key on detail, status change, validate-transition and notifications, and changes nothing", async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), { customerId: customer.id });

      const detail = await api('GET', `/api/v1/orders/${order.id}`, { key: seoul() });
      const status = await changeStatus(order.id, seoul(), { status: 'Cancelled', version: 1 });
      const check = await validateTransition(order.id, seoul(), 'Cancelled');
      const notifications = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: seoul(),
        body: { enabled: false, version: 1 },
      });
      const list = await api('GET', `/api/v1/orders?customerId=${customer.id}`, { key: seoul() });

      expect([detail.status, status.status, check.status, notifications.status]).toEqual([404, 404, 404, 404]);
      expect(list.body.data).toEqual([]);
      const after = await orderDetail(order.id);
      expect(after).toMatchObject({
        status: 'DepositSubmitted',
        version: 1,
        carDetails: { customerNotificationsEnabled: true },
      });
    });

    it('shows the order to a platform key', async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), { customerId: customer.id });

      const detail = await orderDetail(order.id, demoKey('platform'));

      expect(detail.id).toBe(order.id);
    });
  });

  describe('marketer isolation', () => {
    it('answers 404 to a marketer key for an order whose marketer is someone else (or nobody)', async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), { customerId: customer.id });
      const marketer = demoKey('marketer');

      const detail = await api('GET', `/api/v1/orders/${order.id}`, { key: marketer });
      const status = await changeStatus(order.id, marketer, { status: 'Cancelled', version: 1 });
      const check = await validateTransition(order.id, marketer, 'Cancelled');
      const notifications = await api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
        key: marketer,
        body: { enabled: false, version: 1 },
      });

      expect([detail.status, status.status, check.status, notifications.status]).toEqual([404, 404, 404, 404]);
      expect((await orderDetail(order.id)).version).toBe(1);
    });

    it('shows a marketer the orders staff assigned to them, which they may cancel while DepositSubmitted', async () => {
      const customer = await newCustomer();
      const order = await placeOrder(acct(), { customerId: customer.id, marketerId: DEMO_MARKETER });

      const detail = await orderDetail(order.id, demoKey('marketer'));

      expect(detail.allowedStatusTransitions).toEqual(['Cancelled']);
    });
  });
});

describe('GET /api/v1/orders', () => {
  async function threeOrders() {
    const customer = await newCustomer();
    const o1 = await placeOrder(acct(), { customerId: customer.id, notes: 'first' });
    await sleep(15);
    const o2 = await placeOrder(acct(), { customerId: customer.id, notes: 'second' });
    await sleep(15);
    const o3 = await placeOrder(acct(), { customerId: customer.id, notes: 'third' });
    const cancelled = await changeStatus(o2.id, ops(), { status: 'Cancelled', version: 1 });
    expect(cancelled.status).toBe(200);
    return { customer, o1, o2, o3 };
  }
  const list = async (query: string, key = acct()) => {
    const res = await api('GET', `/api/v1/orders?${query}`, { key });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: Array<{ id: string; status: string }>; meta: Record<string, number | string> };
  };
  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((o) => o.id);

  it("lists a customer's orders newest first with meta, and filters by status", async () => {
    const { customer, o1, o2, o3 } = await threeOrders();

    const all = await list(`customerId=${customer.id}`);
    const cancelled = await list(`customerId=${customer.id}&status=Cancelled`);
    const open = await list(`customerId=${customer.id}&status=DepositSubmitted`);

    expect(ids(all)).toEqual([o3.id, o2.id, o1.id]);
    expect(all.meta).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(ids(cancelled)).toEqual([o2.id]);
    expect(cancelled.data[0]!.status).toBe('Cancelled');
    expect(ids(open)).toEqual([o3.id, o1.id]);
    expect(open.meta.total).toBe(2);
  });

  it('pages with limit and page: a page that does not end the list gives nextCursor, the one that does gives the total', async () => {
    const { customer, o1, o2, o3 } = await threeOrders();

    const page1 = await list(`customerId=${customer.id}&limit=2`);
    const page2 = await list(`customerId=${customer.id}&limit=2&page=2`);
    const page3 = await list(`customerId=${customer.id}&limit=2&page=3`);

    expect(ids(page1)).toEqual([o3.id, o2.id]);
    expect(page1.meta).toEqual({ page: 1, limit: 2, nextCursor: expect.any(String) as string });
    expect(ids(page2)).toEqual([o1.id]);
    expect(page2.meta).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page3.data).toEqual([]);
    expect(page3.meta).toMatchObject({ total: 3, totalPages: 2 });
  });

  it('pages with the cursor: each page starts where the last one ended, until nextCursor is absent', async () => {
    const { customer, o1, o2, o3 } = await threeOrders();

    const first = await list(`customerId=${customer.id}&limit=1`);
    const second = await list(`customerId=${customer.id}&limit=1&cursor=${first.meta.nextCursor}`);
    const third = await list(`customerId=${customer.id}&limit=1&cursor=${second.meta.nextCursor}`);

    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual([o3.id, o2.id, o1.id]);
    expect(third.meta.nextCursor).toBeUndefined();
    // meta.page follows the cursor, and the page that ends the list gives the total.
    expect(first.meta).toEqual({ page: 1, limit: 1, nextCursor: expect.any(String) as string });
    expect(second.meta).toEqual({ page: 2, limit: 1, nextCursor: expect.any(String) as string });
    expect(third.meta).toEqual({ page: 3, limit: 1, total: 3, totalPages: 3 });
    // The cursor wins over a page number given beside it.
    const withPage = await list(`customerId=${customer.id}&limit=1&page=7&cursor=${first.meta.nextCursor}`);
    expect(ids(withPage)).toEqual([o2.id]);
    expect(withPage.meta.page).toBe(2);
  });

  it('refuses a cursor of another listing (another customer, another tenant, other filters, or made up) with 400', async () => {
    const { customer } = await threeOrders();
    const other = await threeOrders();
    const first = await list(`customerId=${customer.id}&limit=1`);

    const otherCustomer = await api(
      'GET',
      `/api/v1/orders?customerId=${other.customer.id}&limit=1&cursor=${first.meta.nextCursor}`,
      { key: accountantKey() },
    );
    const otherTenant = await api('GET', `/api/v1/orders?limit=1&cursor=${first.meta.nextCursor}`, {
      key: demoKey('integrator', 'seoul'),
    });
    const madeUp = await api(
      'GET',
      `/api/v1/orders?limit=1&cursor=${Buffer.from(JSON.stringify({ pk: 'ORDER#x', sk: 'ORDER', gsi1pk: 'ORDERS#T#demotenantseoulexport001', gsi1sk: '2026' })).toString('base64url')}`,
      { key: accountantKey() },
    );
    const garbage = await api('GET', '/api/v1/orders?cursor=%7B%7D%7B', { key: accountantKey() });
    // The same list under other filters: its pages would start elsewhere and its total would be wrong.
    const otherStatus = await api(
      'GET',
      `/api/v1/orders?customerId=${customer.id}&status=Delivered&limit=1&cursor=${first.meta.nextCursor}`,
      {
        key: accountantKey(),
      },
    );
    const otherRange = await api(
      'GET',
      `/api/v1/orders?customerId=${customer.id}&createdFrom=2020-01-01T00:00:00Z&limit=1&cursor=${first.meta.nextCursor}`,
      {
        key: accountantKey(),
      },
    );

    for (const res of [otherCustomer, otherTenant, madeUp, garbage, otherStatus, otherRange]) {
      expect(res.status, res.text).toBe(400);
      expect(res.body.details[0].field).toBe('query.cursor');
    }
  });

  it('filters by createdFrom and createdTo, both inclusive', async () => {
    const { customer, o1, o2, o3 } = await threeOrders();

    const from = await list(`customerId=${customer.id}&createdFrom=${encodeURIComponent(o2.createdAt)}`);
    const to = await list(`customerId=${customer.id}&createdTo=${encodeURIComponent(o2.createdAt)}`);
    const both = await list(
      `customerId=${customer.id}&createdFrom=${encodeURIComponent(o2.createdAt)}&createdTo=${encodeURIComponent(o2.createdAt)}`,
    );

    expect(ids(from)).toEqual([o3.id, o2.id]);
    expect(ids(to)).toEqual([o2.id, o1.id]);
    expect(ids(both)).toEqual([o2.id]);
  });

  it('compares createdFrom as an instant, whatever offset it is written with', async () => {
    const { customer, o2, o3 } = await threeOrders();
    // The same instant as o2.createdAt, written in Gulf Standard Time (+04:00).
    const gst = new Date(Date.parse(o2.createdAt) + 4 * 3600_000).toISOString().replace('Z', '+04:00');

    const from = await list(`customerId=${customer.id}&createdFrom=${encodeURIComponent(gst)}`);

    expect(ids(from)).toEqual([o3.id, o2.id]);
  });

  it('compares createdFrom as an instant when it has no fraction of a second', async () => {
    const { customer, o2, o3 } = await threeOrders();
    const wholeSecond = `${o2.createdAt.slice(0, 19)}Z`;

    const from = await list(`customerId=${customer.id}&createdFrom=${encodeURIComponent(wholeSecond)}`);

    expect(ids(from)).toContain(o2.id);
    expect(ids(from)).toContain(o3.id);
  });

  it('accepts createdFrom and createdTo in different offsets when the instants are in order', async () => {
    // 05:00 at +04:00 is 01:00Z, one hour before createdTo.
    const res = await api(
      'GET',
      '/api/v1/orders?createdFrom=2030-01-01T05:00:00%2B04:00&createdTo=2030-01-01T02:00:00Z',
      { key: acct() },
    );

    expect(res.status).toBe(200);
  });

  it('answers 400 when createdFrom is after createdTo, and for an unknown status', async () => {
    const bad = await api(
      'GET',
      '/api/v1/orders?createdFrom=2030-01-02T00:00:00.000Z&createdTo=2030-01-01T00:00:00.000Z',
      { key: acct() },
    );
    const status = await api('GET', '/api/v1/orders?status=Lost', { key: acct() });

    expect(bad.status).toBe(400);
    expect(status.status).toBe(400);
  });

  it('shows a marketer key only its own orders, whatever marketerId it asks for', async () => {
    const customer = await newCustomer();
    const mine = await placeOrder(demoKey('marketer'), { customerId: customer.id });
    await sleep(15);
    const unassigned = await placeOrder(acct(), { customerId: customer.id });
    await sleep(15);
    const assigned = await placeOrder(acct(), { customerId: customer.id, marketerId: DEMO_MARKETER });

    const asMarketer = await list(`customerId=${customer.id}`, demoKey('marketer'));
    const asMarketerAskingOthers = await list(
      `customerId=${customer.id}&marketerId=someothermarketer0000001`,
      demoKey('marketer'),
    );
    const asStaff = await list(`customerId=${customer.id}`);

    expect(ids(asMarketer)).toEqual([assigned.id, mine.id]);
    expect(ids(asMarketerAskingOthers)).toEqual([assigned.id, mine.id]);
    expect(ids(asStaff)).toEqual([assigned.id, unassigned.id, mine.id]);
  });
});

describe('PATCH /api/v1/orders/{id}/status', () => {
  async function freshOrder(key = acct()) {
    const customer = await newCustomer();
    return placeOrder(key, { customerId: customer.id, totalAmount: 1000 });
  }

  it('lets operations cancel a DepositSubmitted order and appends the move to the history', async () => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, ops(), { status: 'Cancelled', version: 1, note: 'duplicate order' });

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: order.id,
      status: 'Cancelled',
      version: 2,
      progress: -1,
      canCancel: false,
      isTerminal: true,
      allowedStatusTransitions: [],
    });
    const detail = await orderDetail(order.id);
    expect(detail.statusHistory).toEqual([
      expect.objectContaining({ from: null, to: 'DepositSubmitted', role: 'accountant' }),
      {
        from: 'DepositSubmitted',
        to: 'Cancelled',
        by: expect.any(String),
        role: 'operations',
        at: expect.any(String),
        note: 'duplicate order',
      },
    ]);
    expect(Date.parse(detail.statusHistory[1].at)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
  });

  it.each([
    ['integrator', () => demoKey('integrator')],
    ['marketer', () => demoKey('marketer')],
  ])('lets the %s that created the order cancel it while DepositSubmitted', async (_role, key) => {
    const order = await freshOrder(key());

    const res = await changeStatus(order.id, key(), { status: 'Cancelled', version: 1 });

    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('Cancelled');
  });

  it.each([
    ['an inspector cancelling', 'inspector', 'Cancelled'],
    ['an integrator cancelling an order it did not create', 'integrator', 'Cancelled'],
    ['an integrator confirming the deposit', 'integrator', 'DepositConfirmed'],
    ['operations confirming the deposit', 'operations', 'DepositConfirmed'],
  ] as const)('answers 403 FORBIDDEN to %s and leaves the order as it was', async (_label, role, status) => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, demoKey(role), { status, version: 1 });

    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    // It says who may make the move.
    const expected = status === 'Cancelled' ? ['admin', 'operations', 'accountant'] : ['admin', 'accountant'];
    expect(res.body.details).toEqual([
      {
        field: 'X-API-Key',
        message: `needs a key of one of these roles: ${expected.join(', ')}`,
        role,
        allowedRoles: expected,
      },
    ]);
    expect(res.body.error).toContain(`${expected.join(', ')} may`);
    expect(await orderDetail(order.id)).toMatchObject({ status: 'DepositSubmitted', version: 1 });
  });

  it('answers 422 INVALID_TRANSITION with the missing requirements when a requirement is missing', async () => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, acct(), { status: 'DepositConfirmed', version: 1 });

    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      success: false,
      statusCode: 422,
      code: 'INVALID_TRANSITION',
      details: [
        expect.objectContaining({
          field: 'body.status',
          currentStatus: 'DepositSubmitted',
          targetStatus: 'DepositConfirmed',
          missingRequirements: [{ type: 'receipt', code: 'CONFIRMED_RECEIPT_REQUIRED', message: expect.any(String) }],
        }),
      ],
    });
  });

  it('answers 422 INVALID_TRANSITION for a move the lifecycle does not have', async () => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, ops(), { status: 'Shipped', version: 1 });

    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_TRANSITION');
    expect(res.body.details[0].missingRequirements).toEqual([]);
    expect(await orderDetail(order.id)).toMatchObject({ status: 'DepositSubmitted', version: 1 });
  });

  it.each([0, 2, 99])('answers 409 VERSION_CONFLICT with currentVersion for the stale version %i', async (version) => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, ops(), { status: 'Cancelled', version });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: [expect.objectContaining({ field: 'body.version', currentVersion: 1 })],
    });
    expect((await orderDetail(order.id)).status).toBe('DepositSubmitted');
  });

  it('answers 404 for an unknown order', async () => {
    const res = await changeStatus(UNKNOWN_ID, ops(), { status: 'Cancelled', version: 1 });

    expect(res.status).toBe(404);
  });

  it.each([
    ['an unknown status', { status: 'Lost', version: 1 }, 'body.status'],
    ['no version', { status: 'Cancelled' }, 'body.version'],
    ['a negative version', { status: 'Cancelled', version: -1 }, 'body.version'],
    ['a fractional version', { status: 'Cancelled', version: 1.5 }, 'body.version'],
    [
      'an inspectionDate that is not a date-time',
      { status: 'Cancelled', version: 1, inspectionDate: 'soon' },
      'body.inspectionDate',
    ],
    ['an unknown field', { status: 'Cancelled', version: 1, reason: 'x' }, 'body.reason'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const order = await freshOrder();

    const res = await changeStatus(order.id, ops(), body);

    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe('POST /api/v1/orders/{id}/validate-transition', () => {
  async function freshOrder() {
    const customer = await newCustomer();
    return placeOrder(acct(), { customerId: customer.id, totalAmount: 1000 });
  }

  it('reports a valid move as valid with no errors', async () => {
    const order = await freshOrder();

    const res = await validateTransition(order.id, ops(), 'Cancelled');

    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      valid: true,
      errors: [],
      currentStatus: 'DepositSubmitted',
      targetStatus: 'Cancelled',
      allowedTransitions: ['Cancelled'],
      missingRequirements: [],
      reachableNow: ['Cancelled'],
      blocked: [],
    });
  });

  it('reports a missing requirement as valid false with errors and missingRequirements, and changes nothing', async () => {
    const order = await freshOrder();

    const res = await validateTransition(order.id, acct(), 'DepositConfirmed');

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      valid: false,
      currentStatus: 'DepositSubmitted',
      targetStatus: 'DepositConfirmed',
      allowedTransitions: ['DepositConfirmed', 'Cancelled'],
      missingRequirements: [{ type: 'receipt', code: 'CONFIRMED_RECEIPT_REQUIRED', message: expect.any(String) }],
    });
    expect(res.body.data.errors).toHaveLength(1);
    expect(res.body.data.errors[0]).toBe(res.body.data.missingRequirements[0].message);
    expect((await orderDetail(order.id)).version).toBe(1);
  });

  it.each([
    ['a role that may not make the move', 'integrator', 'DepositConfirmed', { type: 'role', code: 'ROLE_NOT_ALLOWED' }],
    [
      'a move the lifecycle does not have',
      'operations',
      'Delivered',
      { type: 'status', code: 'EARLIER_STATUS_REQUIRED' },
    ],
    ['the current status', 'operations', 'DepositSubmitted', { type: 'status', code: 'ALREADY_IN_STATUS' }],
    ['an unknown status', 'operations', 'Teleported', { type: 'status', code: 'UNKNOWN_STATUS' }],
  ] as const)(
    'answers 200 with valid false for %s, its errors, and what it lacks in missingRequirements',
    async (_label, role, target, lacks) => {
      const order = await freshOrder();

      const res = await validateTransition(order.id, demoKey(role), target);

      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ valid: false, currentStatus: 'DepositSubmitted', targetStatus: target });
      expect(res.body.data.errors.length).toBeGreaterThan(0);
      // Spec 4.12: an invalid move has entries in missingRequirements, each with type, code and message.
      expect(res.body.data.missingRequirements).toEqual([{ ...lacks, message: expect.any(String) }]);
    },
  );

  it('reports every move out of a cancelled order as invalid, with no allowed transitions', async () => {
    const order = await freshOrder();
    await changeStatus(order.id, ops(), { status: 'Cancelled', version: 1 });

    const res = await validateTransition(order.id, demoKey('admin'), 'DepositConfirmed');

    expect(res.body.data).toMatchObject({ valid: false, currentStatus: 'Cancelled', allowedTransitions: [] });
  });

  it.each([
    ['no targetStatus', {}],
    ['targetStatus as a number', { targetStatus: 3 }],
    ['an empty targetStatus', { targetStatus: '' }],
  ])('answers 400 for %s', async (_label, body) => {
    const order = await freshOrder();

    const res = await api('POST', `/api/v1/orders/${order.id}/validate-transition`, { key: ops(), body });

    expect(res.status).toBe(400);
  });
});

describe('PATCH /api/v1/orders/{id}/customer-notifications', () => {
  const toggle = (id: string, body: unknown, key = acct()) =>
    api('PATCH', `/api/v1/orders/${id}/customer-notifications`, { key, body });

  it('switches customer notifications off and on, incrementing the version and keeping the rest of carDetails', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(acct(), {
      customerId: customer.id,
      carDetails: { makeEn: 'Genesis', modelEn: 'GV80' },
    });

    const off = await toggle(order.id, { enabled: false, version: 1 });
    const detailOff = await orderDetail(order.id);
    const on = await toggle(order.id, { enabled: true, version: 2 });

    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({
      id: order.id,
      version: 2,
      carDetails: { makeEn: 'Genesis', modelEn: 'GV80', customerNotificationsEnabled: false },
    });
    expect(detailOff).toMatchObject({ version: 2, carDetails: { customerNotificationsEnabled: false } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({
      version: 3,
      carDetails: { makeEn: 'Genesis', customerNotificationsEnabled: true },
    });
  });

  it('answers 409 VERSION_CONFLICT with currentVersion for a stale version and changes nothing', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(acct(), { customerId: customer.id });
    await toggle(order.id, { enabled: false, version: 1 });

    const res = await toggle(order.id, { enabled: true, version: 1 });

    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: [expect.objectContaining({ field: 'body.version', currentVersion: 2 })],
    });
    expect(await orderDetail(order.id)).toMatchObject({
      version: 2,
      carDetails: { customerNotificationsEnabled: false },
    });
  });

  it('answers 404 for an unknown order', async () => {
    const res = await toggle(UNKNOWN_ID, { enabled: false, version: 1 });

    expect(res.status).toBe(404);
  });

  it.each([
    ['enabled as a string', { enabled: 'false', version: 1 }, 'body.enabled'],
    ['no enabled', { version: 1 }, 'body.enabled'],
    ['no version', { enabled: false }, 'body.version'],
    ['a negative version', { enabled: false, version: -1 }, 'body.version'],
    ['a fractional version', { enabled: false, version: 1.5 }, 'body.version'],
    ['an unknown field', { enabled: false, version: 1, channel: 'sms' }, 'body.channel'],
  ])('answers 400 for %s', async (_label, body, field) => {
    const customer = await newCustomer();
    const order = await placeOrder(acct(), { customerId: customer.id });

    const res = await toggle(order.id, body);

    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe('PATCH /api/v1/orders/{id}/customs-invoice', () => {
  const invoice = {
    buyerName: 'Ahmed Al Mansouri',
    buyerAddress: 'Dubai, UAE',
    buyerPhone: '+971501234567',
    carMake: 'Hyundai',
    carModel: 'Palisade',
    carVin: 'KMHR381ABNU123456',
    carColor: 'White',
    carYear: 2022,
    items: [
      { description: 'Vehicle', amount: 24000 },
      { description: 'Freight', amount: 1200.5 },
    ],
    currency: 'USD',
    notes: 'RoRo',
    language: 'ar',
  };
  const put = (id: string, body: unknown, key = ops()) =>
    api('PATCH', `/api/v1/orders/${id}/customs-invoice`, { key, body });
  const fresh = async () => placeOrder(acct(), { customerId: (await newCustomer()).id });

  it('stores the invoice, increments the version and shows it on the order detail', async () => {
    const order = await fresh();

    const res = await put(order.id, invoice);

    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.id, version: 2, customsInvoice: invoice });
    expect(Date.parse(res.body.data.updatedAt)).not.toBeNaN();
    const detail = await orderDetail(order.id);
    expect(detail.version).toBe(2);
    expect(detail.customsInvoice).toMatchObject(invoice);
  });

  it('replaces the previous invoice and increments the version again', async () => {
    const order = await fresh();
    await put(order.id, invoice);

    const res = await put(order.id, {
      buyerName: 'Second Buyer',
      items: [{ description: 'Vehicle', amount: 1 }],
      currency: 'AED',
    });

    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(3);
    const stored = (await orderDetail(order.id)).customsInvoice;
    expect(stored).toMatchObject({
      buyerName: 'Second Buyer',
      currency: 'AED',
      items: [{ description: 'Vehicle', amount: 1 }],
    });
    expect(stored.buyerAddress).toBeUndefined();
  });

  it('defaults the language to en', async () => {
    const order = await fresh();

    const res = await put(order.id, {
      buyerName: 'B',
      items: [{ description: 'Vehicle', amount: 10 }],
      currency: 'USD',
    });

    expect(res.body.data.customsInvoice.language).toBe('en');
  });

  it.each(['USD', 'SAR', 'KRW', 'AED'])('accepts the currency %s', async (currency) => {
    const order = await fresh();

    const res = await put(order.id, { buyerName: 'B', items: [{ description: 'Vehicle', amount: 10 }], currency });

    expect(res.status).toBe(200);
  });

  it.each([
    ['a currency outside USD, SAR, KRW and AED', { currency: 'EUR' }, 'body.currency'],
    ['a lowercase currency', { currency: 'usd' }, 'body.currency'],
    ['no currency', { currency: undefined }, 'body.currency'],
    ['a language other than en and ar', { language: 'fr' }, 'body.language'],
    ['no items', { items: undefined }, 'body.items'],
    ['an empty items array', { items: [] }, 'body.items'],
    ['an item without description', { items: [{ amount: 5 }] }, 'body.items[0].description'],
    ['an item without amount', { items: [{ description: 'Vehicle' }] }, 'body.items[0].amount'],
    ['an item with a negative amount', { items: [{ description: 'Vehicle', amount: -5 }] }, 'body.items[0].amount'],
    ['an item amount as a string', { items: [{ description: 'Vehicle', amount: '5' }] }, 'body.items[0].amount'],
    ['no buyerName', { buyerName: undefined }, 'body.buyerName'],
    ['an empty buyerName', { buyerName: '' }, 'body.buyerName'],
    ['buyerName as a number', { buyerName: 7 }, 'body.buyerName'],
    ['carYear as a string', { carYear: '2022' }, 'body.carYear'],
    ['an unknown field', { stamp: 'x' }, 'body.stamp'],
    [
      'a USD amount with three decimals',
      {
        items: [
          { description: 'Vehicle', amount: 24000 },
          { description: 'Freight', amount: 100.555 },
        ],
      },
      'body.items[1].amount',
    ],
    [
      'a KRW amount with decimals',
      { currency: 'KRW', items: [{ description: 'Vehicle', amount: 150000.5 }] },
      'body.items[0].amount',
    ],
  ])('answers 400 for %s and stores nothing', async (_label, change, field) => {
    const order = await fresh();

    const res = await put(order.id, JSON.parse(JSON.stringify({ ...invoice, ...change })));

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await orderDetail(order.id)).toMatchObject({ version: 1, customsInvoice: null });
  });

  it.each(['marketer', 'integrator', 'inspector'] as const)('answers 403 to the %s role', async (role) => {
    const order = await fresh();

    const res = await put(order.id, invoice, demoKey(role));

    expect(res.status).toBe(403);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await put(UNKNOWN_ID, invoice);

    expect(res.status).toBe(404);
  });
});

describe('PATCH /api/v1/orders/{id}/customs-documents', () => {
  const add = (id: string, body: unknown, key = ops()) =>
    api('PATCH', `/api/v1/orders/${id}/customs-documents`, { key, body });
  const fresh = async () => placeOrder(acct(), { customerId: (await newCustomer()).id });
  const doc = (i: number) => ({
    type: 'bill_of_lading',
    url: `https://files.example.com/docs/${i}.pdf`,
    uploadedAt: '2030-01-01T00:00:00.000Z',
  });
  /** A document whose JSON is exactly `bytes` long (ASCII). */
  const docOfSize = (bytes: number) => {
    const shell = JSON.stringify({ type: 'scan', data: '' }).length;
    return { type: 'scan', data: 'x'.repeat(bytes - shell) };
  };

  it('appends documents, stores them exactly as given and increments the version each time', async () => {
    const order = await fresh();
    const odd = {
      kind: 'certificate',
      nested: { pages: [1, 2, 3], ok: true, none: null },
      label: 'شهادة المنشأ',
      score: 0.5,
    };

    const first = await add(order.id, { documents: [doc(1)] });
    const second = await add(order.id, { documents: [odd, doc(2)] });

    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ documents: [doc(1)], version: 2 });
    expect(second.status).toBe(200);
    expect(second.body.data.documents).toEqual([doc(1), odd, doc(2)]);
    expect(second.body.data.version).toBe(3);
    expect((await orderDetail(order.id)).customsDocuments).toEqual([doc(1), odd, doc(2)]);
  });

  it('accepts exactly 50 documents in total and refuses the 51st, keeping the 50', async () => {
    const order = await fresh();
    expect((await add(order.id, { documents: Array.from({ length: 30 }, (_, i) => doc(i)) })).status).toBe(200);

    const upTo50 = await add(order.id, { documents: Array.from({ length: 20 }, (_, i) => doc(30 + i)) });
    const the51st = await add(order.id, { documents: [doc(50)] });

    expect(upTo50.status).toBe(200);
    expect(upTo50.body.data.documents).toHaveLength(50);
    expect(the51st.status).toBe(400);
    expect(the51st.body.code).toBe('VALIDATION_ERROR');
    expect((await orderDetail(order.id)).customsDocuments).toHaveLength(50);
  });

  it('refuses an append that would take the order past 50 documents, storing none of it', async () => {
    const order = await fresh();
    await add(order.id, { documents: Array.from({ length: 30 }, (_, i) => doc(i)) });

    const res = await add(order.id, { documents: Array.from({ length: 21 }, (_, i) => doc(100 + i)) });

    expect(res.status).toBe(400);
    expect(await orderDetail(order.id)).toMatchObject({ version: 2, customsDocuments: expect.any(Array) });
    expect((await orderDetail(order.id)).customsDocuments).toHaveLength(30);
  });

  it('refuses 51 documents in one request', async () => {
    const order = await fresh();

    const res = await add(order.id, { documents: Array.from({ length: 51 }, (_, i) => doc(i)) });

    expect(res.status).toBe(400);
  });

  it('accepts a document of exactly the byte limit and refuses one byte more', async () => {
    const order = await fresh();

    const atLimit = await add(order.id, { documents: [docOfSize(MAX_DOC)] });
    const overLimit = await add(order.id, { documents: [docOfSize(MAX_DOC + 1)] });

    expect(atLimit.status).toBe(200);
    expect(overLimit.status).toBe(400);
    expect((await orderDetail(order.id)).customsDocuments).toHaveLength(1);
  });

  it('measures the limit in bytes, not characters: Arabic text under the limit in characters but over it in bytes is refused', async () => {
    const order = await fresh();
    const arabic = { type: 'translation', text: 'ع'.repeat(Math.ceil(MAX_DOC * 0.6)) };
    expect(JSON.stringify(arabic).length).toBeLessThan(MAX_DOC);
    expect(Buffer.byteLength(JSON.stringify(arabic), 'utf8')).toBeGreaterThan(MAX_DOC);

    const res = await add(order.id, { documents: [arabic] });

    expect(res.status).toBe(400);
  });

  it('stores the documented maximum: 50 documents at the byte limit each', async () => {
    const order = await fresh();
    const big = docOfSize(MAX_DOC);

    const first = await add(order.id, { documents: Array.from({ length: 25 }, () => big) });
    const second = await add(order.id, { documents: Array.from({ length: 25 }, () => big) });

    expect(first.status).toBe(200);
    expect(second.status, second.text.slice(0, 300)).toBe(200);
    expect((await orderDetail(order.id)).customsDocuments).toHaveLength(50);
  });

  it.each([
    ['an empty documents array', { documents: [] }],
    ['no documents', {}],
    ['documents as an object', { documents: { type: 'x' } }],
    ['a document that is a string', { documents: ['https://files.example.com/a.pdf'] }],
    ['a document that is an array', { documents: [[1, 2]] }],
    ['an unknown field', { documents: [{ type: 'x' }], replace: true }],
  ])('answers 400 for %s', async (_label, body) => {
    const order = await fresh();

    const res = await add(order.id, body);

    expect(res.status).toBe(400);
    expect((await orderDetail(order.id)).customsDocuments).toEqual([]);
  });

  it('answers 400 for a document carrying a __proto__ key', async () => {
    const order = await fresh();

    const res = await api('PATCH', `/api/v1/orders/${order.id}/customs-documents`, {
      key: ops(),
      rawBody: '{"documents":[{"type":"x","__proto__":{"admin":true}}]}',
      headers: { 'Content-Type': 'application/json' },
    });

    expect(res.status).toBe(400);
  });

  it.each(['marketer', 'integrator', 'inspector'] as const)('answers 403 to the %s role', async (role) => {
    const order = await fresh();

    const res = await add(order.id, { documents: [doc(1)] }, demoKey(role));

    expect(res.status).toBe(403);
  });

  it("answers 404 for an unknown order, and lets a platform key attach documents to any tenant's order", async () => {
    const order = await fresh();

    const unknown = await add(UNKNOWN_ID, { documents: [doc(1)] });
    const fromPlatform = await add(order.id, { documents: [doc(1)] }, demoKey('platform'));

    expect(unknown.status).toBe(404);
    expect(fromPlatform.status).toBe(200);
  });
});
