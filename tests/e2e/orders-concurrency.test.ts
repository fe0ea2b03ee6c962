import { describe, expect, it } from 'vitest';
import { api, demoKey } from '../support/http.js';
import {
  accountantKey,
  balanceOf,
  changeStatus,
  createOrder,
  credit,
  inPool,
  inspectionDate,
  ledgerOf,
  newCustomer,
  orderDetail,
  ordersOfCustomer,
  placeOrder,
} from '../support/orders.js';

const acct = () => accountantKey();
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** Every order number created since `since`, across all tenants (platform key, newest first, page by page with the cursor). */
async function orderNumbersSince(since: string): Promise<number[]> {
  const numberOf = new Map<string, number>();
  let cursor: string | undefined;
  do {
    const res = await api(
      'GET',
      `/api/v1/orders?createdFrom=${encodeURIComponent(since)}&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      {
        key: demoKey('platform'),
      },
    );
    expect(res.status, res.text).toBe(200);
    for (const order of res.body.data as Array<{ id: string; orderNumber: number }>)
      numberOf.set(order.id, order.orderNumber);
    cursor = res.body.meta.nextCursor;
  } while (cursor);
  return [...numberOf.values()];
}

describe('order numbers under concurrency', () => {
  it('gives 100 concurrent creations 100 distinct order numbers, none shared with any other order', async () => {
    const customer = await newCustomer();
    const since = new Date(Date.now() - 2000).toISOString();

    const results = await inPool(100, 25, () => createOrder(acct(), { customerId: customer.id, totalAmount: 10 }));

    expect(tally(results.map((r) => r.status))).toEqual({ 201: 100 });
    const numbers = results.map((r) => r.body.data.orderNumber as number);
    expect(new Set(numbers).size).toBe(100);
    const min = Math.min(...numbers);
    const max = Math.max(...numbers);
    // Other test files may create orders meanwhile (the counter is global), and one of theirs that
    // fails after taking its number leaves a gap: every number between min and max belongs to at
    // most one order, ours or theirs. Alone and without failures, max - min is 99.
    const inRange = (await orderNumbersSince(since)).filter((n) => n >= min && n <= max).sort((a, b) => a - b);
    console.info(
      `100 concurrent creations: orderNumbers ${min}..${max} (max - min = ${max - min}; ${inRange.length - 100} orders of other tests interleaved)`,
    );
    expect(new Set(inRange).size).toBe(inRange.length);
    expect(max - min).toBeGreaterThanOrEqual(99 + (inRange.length - 100));
    expect(await ordersOfCustomer(customer.id)).toHaveLength(100);
  });
});

describe('optimistic locking under concurrency', () => {
  it('lets exactly one of 50 concurrent notification toggles with the same version win; the rest get 409', async () => {
    const customer = await newCustomer();
    const order = await placeOrder(acct(), { customerId: customer.id });

    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api('PATCH', `/api/v1/orders/${order.id}/customer-notifications`, {
          key: acct(),
          body: { enabled: i % 2 === 0, version: 1 },
        }),
      ),
    );

    expect(tally(results.map((r) => r.status))).toEqual({ 200: 1, 409: 49 });
    const winner = results.find((r) => r.status === 200)!;
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(loser.body).toMatchObject({
        code: 'VERSION_CONFLICT',
        details: [expect.objectContaining({ field: 'body.version', currentVersion: 2 })],
      });
    }
    const detail = await orderDetail(order.id);
    expect(detail.version).toBe(2);
    expect(detail.carDetails.customerNotificationsEnabled).toBe(
      winner.body.data.carDetails.customerNotificationsEnabled,
    );
  });

  it('refunds a wallet-paid order once when 10 cancellations race', async () => {
    const customer = await newCustomer();
    await credit(customer.walletId, 500);
    const order = await placeOrder(acct(), {
      customerId: customer.id,
      totalAmount: 200,
      useWalletBalance: true,
      inspectionDate: inspectionDate(),
    });

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        changeStatus(order.id, demoKey('operations'), { status: 'Cancelled', version: 1 }),
      ),
    );

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 422)).toBe(true);
    expect(await balanceOf(customer.id)).toBe(500);
    const refunds = (await ledgerOf(customer.walletId)).filter((e) => e.type === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: 200, orderId: order.id })]);
    expect(await orderDetail(order.id)).toMatchObject({ status: 'Cancelled', version: 2 });
  });
});

describe('wallet payments under concurrency', () => {
  it('pays exactly 3 of 10 concurrent 30 USD orders from a 100 USD wallet and never overdraws it', async () => {
    const customer = await newCustomer();
    await credit(customer.walletId, 100);
    const date = inspectionDate();

    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createOrder(acct(), { customerId: customer.id, totalAmount: 30, useWalletBalance: true, inspectionDate: date }),
      ),
    );

    expect(tally(results.map((r) => r.status))).toEqual({ 201: 3, 422: 7 });
    for (const failure of results.filter((r) => r.status === 422))
      expect(failure.body.code).toBe('WALLET_INSUFFICIENT_BALANCE');
    const paidIds = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.data.id as string)
      .sort();
    expect(await balanceOf(customer.id)).toBe(10);
    const ledger = await ledgerOf(customer.walletId);
    expect(ledger).toHaveLength(4);
    expect(ledger.every((e) => e.balanceAfter >= 0)).toBe(true);
    expect(ledger.map((e) => e.balanceAfter)).toEqual([10, 40, 70, 100]);
    const deductions = ledger.filter((e) => e.type === 'payment_deduction');
    expect(deductions.map((e) => e.orderId).sort()).toEqual(paidIds);
    expect(deductions.every((e) => e.amount === 30 && e.delta === -30)).toBe(true);
    expect((await ordersOfCustomer(customer.id)).map((o) => o.id).sort()).toEqual(paidIds);
    console.info(`wallet race: ${paidIds.length} paid, ${results.length - paidIds.length} refused, final balance 10`);
  });
});
