import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { api, demoKey, uniquePhone } from '../support/http.js';

const accountant = () => demoKey('accountant', 'gulf');

async function newCustomer(key = demoKey('integrator', 'gulf'), walletCurrency?: string) {
  const res = await api('POST', '/api/v1/customers', {
    key,
    body: { name: 'Wallet Owner', mobileNumber: uniquePhone(), ...(walletCurrency ? { walletCurrency } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: string; walletId: string };
}

const move = (
  walletId: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  key = accountant(),
) => api('POST', `/api/v1/wallets/${walletId}/transactions`, { key, body, headers });

async function allEntries(walletId: string) {
  const entries: Array<{ id: string; delta: number; amount: number; type: string }> = [];
  for (let page = 1; ; page += 1) {
    const res = await api('GET', `/api/v1/wallets/${walletId}/transactions?page=${page}&pageSize=100`, {
      key: accountant(),
    });
    expect(res.status).toBe(200);
    entries.push(...res.body.data);
    if (page >= res.body.meta.totalPages) return { entries, total: res.body.meta.total as number };
  }
}

async function balanceOf(customerId: string): Promise<number> {
  const res = await api('GET', `/api/v1/customers/${customerId}/wallet`, { key: accountant() });
  expect(res.status).toBe(200);
  return res.body.data.balance;
}

describe('wallet lookup', () => {
  it('gives every new customer a USD wallet with balance 0, or the currency asked for', async () => {
    const usd = await newCustomer();
    const res = await api('GET', `/api/v1/customers/${usd.id}/wallet`, { key: demoKey('integrator') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: usd.walletId, customerId: usd.id, balance: 0, currency: 'USD' });
    const aed = await newCustomer(undefined, 'AED');
    expect((await api('GET', `/api/v1/customers/${aed.id}/wallet`, { key: accountant() })).body.data.currency).toBe(
      'AED',
    );
  });

  it("answers 404 for another tenant's wallet and for its ledger", async () => {
    const customer = await newCustomer();
    const key = demoKey('integrator', 'seoul');
    expect((await api('GET', `/api/v1/customers/${customer.id}/wallet`, { key })).status).toBe(404);
    expect((await api('GET', `/api/v1/wallets/${customer.walletId}/transactions`, { key })).status).toBe(404);
  });
});

describe('POST /api/v1/wallets/{id}/transactions', () => {
  it('credits, debits and adjusts, returning the entry and the new balance', async () => {
    const { id, walletId } = await newCustomer();
    const credit = await move(walletId, {
      type: 'credit',
      amount: 100.5,
      currency: 'USD',
      description: 'bank transfer',
    });
    expect(credit.status).toBe(201);
    expect(credit.body.data.transaction).toMatchObject({
      type: 'credit',
      amount: 100.5,
      delta: 100.5,
      balanceAfter: 100.5,
    });
    expect(credit.body.data.wallet.balance).toBe(100.5);
    const debit = await move(walletId, { type: 'debit', amount: 0.2, currency: 'USD', description: 'fee' });
    expect(debit.body.data.wallet.balance).toBe(100.3);
    const adjust = await move(walletId, {
      type: 'adjustment',
      direction: 'decrease',
      amount: 0.1,
      currency: 'USD',
      description: 'rounding',
    });
    expect(adjust.body.data.wallet.balance).toBe(100.2);
    expect(await balanceOf(id)).toBe(100.2);
    const customer = await api('GET', `/api/v1/customers/${id}`, { key: accountant() });
    expect(customer.body.data.walletBalance).toBe(100.2);
  });

  it('refuses a debit beyond the balance with WALLET_INSUFFICIENT_BALANCE and changes nothing', async () => {
    const { id, walletId } = await newCustomer();
    await move(walletId, { type: 'credit', amount: 10, currency: 'USD', description: 'top up' });
    const res = await move(walletId, { type: 'debit', amount: 10.01, currency: 'USD', description: 'too much' });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, code: 'WALLET_INSUFFICIENT_BALANCE', statusCode: 422 });
    expect(await balanceOf(id)).toBe(10);
    expect((await allEntries(walletId)).total).toBe(1);
  });

  it('refuses another currency instead of converting it', async () => {
    const { walletId } = await newCustomer();
    const res = await move(walletId, { type: 'credit', amount: 10, currency: 'AED', description: 'wrong currency' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('WALLET_CURRENCY_MISMATCH');
  });

  it.each([
    ['a negative amount', { amount: -1 }, 'body.amount'],
    ['a zero amount', { amount: 0 }, 'body.amount'],
    ['an amount as a string', { amount: '10' }, 'body.amount'],
    ['more decimals than USD has', { amount: 1.005 }, 'body.amount'],
    ['an unknown type', { type: 'gift' }, 'body.type'],
    ['payment_deduction, which only orders make', { type: 'payment_deduction' }, 'body.type'],
    ['a lowercase currency', { currency: 'usd' }, 'body.currency'],
    ['no description', { description: undefined }, 'body.description'],
    ['a direction on a credit', { direction: 'decrease' }, 'body.direction'],
    ['an adjustment without direction', { type: 'adjustment' }, 'body.direction'],
    ['an unknown field', { note: 'x' }, 'body.note'],
  ])('answers 400 for %s', async (_label, change, field) => {
    const { walletId } = await newCustomer();
    const body = { type: 'credit', amount: 5, currency: 'USD', description: 'x', ...change };
    const res = await move(walletId, JSON.parse(JSON.stringify(body)));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses KRW amounts with decimals', async () => {
    const { walletId } = await newCustomer(undefined, 'KRW');
    const res = await move(walletId, { type: 'credit', amount: 1000.5, currency: 'KRW', description: 'x' });
    expect(res.status).toBe(400);
    expect((await move(walletId, { type: 'credit', amount: 1000, currency: 'KRW', description: 'x' })).status).toBe(
      201,
    );
  });

  it.each(['integrator', 'marketer', 'operations', 'inspector'] as const)(
    'answers 403 to the %s role',
    async (role) => {
      const { walletId } = await newCustomer();
      const res = await move(
        walletId,
        { type: 'credit', amount: 5, currency: 'USD', description: 'x' },
        {},
        demoKey(role),
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    },
  );

  it("answers 404 when a tenant's accountant moves another tenant's wallet", async () => {
    const { walletId } = await newCustomer(demoKey('integrator', 'seoul'));
    const res = await move(walletId, { type: 'credit', amount: 5, currency: 'USD', description: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('returns the original response to a retry and moves the money once', async () => {
    const { id, walletId } = await newCustomer();
    const body = { type: 'credit', amount: 25, currency: 'USD', description: 'retry me' };
    const first = await move(walletId, body, { 'Idempotency-Key': 'retry-1' });
    const second = await move(
      walletId,
      { description: 'retry me', currency: 'USD', amount: 25, type: 'credit' },
      { 'Idempotency-Key': 'retry-1' },
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await balanceOf(id)).toBe(25);
  });

  it('answers 409 when the key is reused for a different body', async () => {
    const { walletId } = await newCustomer();
    await move(
      walletId,
      { type: 'credit', amount: 25, currency: 'USD', description: 'a' },
      { 'Idempotency-Key': 'reuse-1' },
    );
    const res = await move(
      walletId,
      { type: 'credit', amount: 26, currency: 'USD', description: 'a' },
      { 'Idempotency-Key': 'reuse-1' },
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('moves the money once when 20 identical retries race', async () => {
    const { id, walletId } = await newCustomer();
    const body = { type: 'credit', amount: 7.77, currency: 'USD', description: 'racing retries' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => move(walletId, body, { 'Idempotency-Key': 'race-1' })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.transaction.id)).size).toBe(1);
    expect(await balanceOf(id)).toBe(7.77);
    expect((await allEntries(walletId)).total).toBe(1);
  });

  it('answers 400 for a malformed key', async () => {
    const { walletId } = await newCustomer();
    const res = await move(
      walletId,
      { type: 'credit', amount: 1, currency: 'USD', description: 'x' },
      { 'Idempotency-Key': 'has spaces in it' },
    );
    expect(res.status).toBe(400);
  });
});

describe('concurrency', () => {
  it('50 concurrent debits against a balance covering 20: exactly 20 succeed and the balance is never negative', async () => {
    const { id, walletId } = await newCustomer();
    await move(walletId, { type: 'credit', amount: 100, currency: 'USD', description: 'float' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        move(walletId, { type: 'debit', amount: 5, currency: 'USD', description: `debit ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 422)).toHaveLength(30);
    expect(await balanceOf(id)).toBe(0);
    const { entries, total } = await allEntries(walletId);
    expect(total).toBe(21);
    expect(new Set(entries.map((e) => e.id)).size).toBe(21);
    const balancesAfter = results
      .filter((r) => r.status === 201)
      .map((r) => r.body.data.transaction.balanceAfter as number);
    expect(Math.min(...balancesAfter)).toBe(0);
    expect(new Set(balancesAfter).size).toBe(20);
  });
});

describe('ledger invariant', () => {
  it('balance equals the sum of the ledger after any sequence of movements', async () => {
    const movement = fc.record({
      type: fc.constantFrom('credit', 'debit', 'refund', 'adjustment'),
      cents: fc.integer({ min: 1, max: 50_000 }),
      direction: fc.constantFrom('increase', 'decrease'),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(movement, { minLength: 1, maxLength: 12 }), async (moves) => {
        const { id, walletId } = await newCustomer();
        let model = new Decimal(0);
        for (const m of moves) {
          const amount = new Decimal(m.cents).div(100);
          const sign = m.type === 'debit' || (m.type === 'adjustment' && m.direction === 'decrease') ? -1 : 1;
          const body = {
            type: m.type,
            amount: amount.toNumber(),
            currency: 'USD',
            description: 'property',
            ...(m.type === 'adjustment' ? { direction: m.direction } : {}),
          };
          const res = await move(walletId, body);
          const next = model.plus(amount.times(sign));
          if (next.isNegative()) expect(res.status).toBe(422);
          else {
            expect(res.status).toBe(201);
            model = next;
          }
        }
        const { entries } = await allEntries(walletId);
        const ledgerSum = entries.reduce((sum, e) => sum.plus(e.delta), new Decimal(0));
        expect(ledgerSum.toNumber()).toBe(model.toNumber());
        expect(await balanceOf(id)).toBe(model.toNumber());
      }),
      { numRuns: 8 },
    );
  });
});

describe('GET /api/v1/wallets/{id}/transactions', () => {
  it('answers an empty page with total 0 for a new wallet', async () => {
    const { walletId } = await newCustomer();
    const res = await api('GET', `/api/v1/wallets/${walletId}/transactions`, { key: accountant() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [], meta: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it('pages newest first with exact boundaries at 100 entries and past the end', async () => {
    const { walletId } = await newCustomer();
    for (let batch = 0; batch < 10; batch += 1) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          move(walletId, {
            type: 'credit',
            amount: batch * 10 + i + 1,
            currency: 'USD',
            description: `c${batch * 10 + i}`,
          }),
        ),
      );
    }
    const full = await api('GET', `/api/v1/wallets/${walletId}/transactions?pageSize=100`, { key: accountant() });
    expect(full.body.meta).toEqual({ page: 1, limit: 100, total: 100, totalPages: 1 });
    expect(full.body.data).toHaveLength(100);
    const created = full.body.data.map((e: { createdAt: string }) => e.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const firstPage = await api('GET', `/api/v1/wallets/${walletId}/transactions`, { key: accountant() });
    expect(firstPage.body.meta).toEqual({ page: 1, limit: 20, total: 100, totalPages: 5 });
    expect(firstPage.body.data).toEqual(full.body.data.slice(0, 20));
    const lastPage = await api('GET', `/api/v1/wallets/${walletId}/transactions?page=5`, { key: accountant() });
    expect(lastPage.body.data).toEqual(full.body.data.slice(80, 100));
    const past = await api('GET', `/api/v1/wallets/${walletId}/transactions?page=6`, { key: accountant() });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(100);
  });

  it.each([
    ['pageSize above 100', '?pageSize=101'],
    ['pageSize 0', '?pageSize=0'],
    ['page 0', '?page=0'],
    ['a non-numeric page', '?page=two'],
    ['a fractional pageSize', '?pageSize=2.5'],
  ])('answers 400 for %s', async (_label, query) => {
    const { walletId } = await newCustomer();
    const res = await api('GET', `/api/v1/wallets/${walletId}/transactions${query}`, { key: accountant() });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});
