import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { tableName } from '../../lib/config.js';
import { ddb } from '../../lib/store/client.js';
import { api, demoKey, uniquePhone, type ApiResponse } from './http.js';

/** Helpers shared by the order HTTP tests. Every helper asserts the call it depends on succeeded. */

export interface NewCustomer {
  id: string;
  walletId: string;
}

export interface LedgerEntry {
  id: string;
  type: string;
  amount: number;
  delta: number;
  balanceAfter: number;
  currency: string;
  orderId?: string;
  createdAt: string;
}

export const accountantKey = () => demoKey('accountant');

export async function newCustomer(options: { key?: string; walletCurrency?: string } = {}): Promise<NewCustomer> {
  const res = await api('POST', '/api/v1/customers', {
    key: options.key ?? demoKey('integrator'),
    body: {
      name: 'Order Customer',
      mobileNumber: uniquePhone(),
      ...(options.walletCurrency ? { walletCurrency: options.walletCurrency } : {}),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as NewCustomer;
}

export const createOrder = (key: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> =>
  api('POST', '/api/v1/orders', { key, body, headers });

/** Creates an order and returns its data, failing the test if the API refused it. */
export async function placeOrder(key: string, body: Record<string, unknown>): Promise<any> {
  const res = await createOrder(key, body);
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

export async function credit(walletId: string, amount: number, currency = 'USD'): Promise<void> {
  const res = await api('POST', `/api/v1/wallets/${walletId}/transactions`, {
    key: accountantKey(),
    body: { type: 'credit', amount, currency, description: 'top up for an order test' },
  });
  expect(res.status, res.text).toBe(201);
}

export async function balanceOf(customerId: string): Promise<number> {
  const res = await api('GET', `/api/v1/customers/${customerId}/wallet`, { key: accountantKey() });
  expect(res.status, res.text).toBe(200);
  return res.body.data.balance;
}

/** The whole ledger of a wallet, newest first. */
export async function ledgerOf(walletId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let page = 1; ; page += 1) {
    const res = await api('GET', `/api/v1/wallets/${walletId}/transactions?page=${page}&pageSize=100`, {
      key: accountantKey(),
    });
    expect(res.status, res.text).toBe(200);
    entries.push(...res.body.data);
    if (page >= res.body.meta.totalPages) return entries;
  }
}

export async function ordersOfCustomer(customerId: string, key = accountantKey()): Promise<any[]> {
  const res = await api('GET', `/api/v1/orders?customerId=${customerId}&limit=100`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

export async function orderDetail(id: string, key = accountantKey()): Promise<any> {
  const res = await api('GET', `/api/v1/orders/${id}`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

export const changeStatus = (id: string, key: string, body: Record<string, unknown>) =>
  api('PATCH', `/api/v1/orders/${id}/status`, { key, body });

export const validateTransition = (id: string, key: string, targetStatus: unknown) =>
  api('POST', `/api/v1/orders/${id}/validate-transition`, { key, body: { targetStatus } });

/** An inspection date a week ahead, as the API expects it. */
export const inspectionDate = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

/** Runs tasks with at most `limit` in flight (keeps load tests bounded on small machines). */
export async function inPool<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next;
      next += 1;
      if (i >= count) return;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

/**
 * Arranges an order bought `days` ago: its history's move to Purchased is written again that many
 * days earlier (the API dates a move when it is made), so export steps of those days are accepted.
 */
export async function backdatePurchase(orderId: string, days: number): Promise<void> {
  const { Items = [] } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :history)',
      ExpressionAttributeValues: { ':pk': `ORDER#${orderId}`, ':history': 'HISTORY#' },
      ConsistentRead: true,
    }),
  );
  const purchase = Items.find((item) => item.to === 'Purchased' && item.from !== 'Purchased');
  expect(purchase, `order ${orderId} has no move to Purchased`).toBeDefined();
  const at = new Date(Date.parse(String(purchase!.at)) - days * 86_400_000).toISOString();
  await ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...purchase, at, sk: `HISTORY#${at}#${String(purchase!.id)}` } }),
  );
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: { pk: purchase!.pk, sk: purchase!.sk } }));
}
