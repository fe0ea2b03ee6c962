import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import type { Caller, Role } from '../../lib/domain/caller.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import { getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { ddb } from '../../lib/store/client.js';
import { getIdempotencyRecord } from '../../lib/store/idempotency.js';
import * as keys from '../../lib/store/keys.js';
import { queryOrders } from '../../lib/store/orders.js';
import { getWallet, readLedgerPage } from '../../lib/store/wallets.js';
import { createCustomer } from '../../lib/use-cases/customers.js';
import { createOrder } from '../../lib/use-cases/orders/create-order.js';
import { createWalletTransaction } from '../../lib/use-cases/wallets.js';
import { api, demoKey, uniquePhone } from '../support/http.js';

/*
 * The rules of an Idempotency-Key, the same on every route that takes one (createCustomer,
 * createOrder, createWalletTransaction; docs/decisions.md "Idempotency-Key"): racing retries make
 * one record and take one number, a replay answers the first answer byte for byte, the key with
 * another body is refused, and a failed attempt can be retried at once.
 */

async function callerFor(role: Role): Promise<Caller> {
  const record = await getApiKeyByHash(hashApiKey(demoKey(role)));
  if (!record) throw new Error(`demo key for ${role} not found`);
  return {
    keyId: record.id,
    tenantId: record.tenantId,
    role: record.role,
    userId: record.userId,
    allowedRoutes: record.allowedRoutes,
  };
}

/** Counts the DynamoDB commands of a kind on a key's partition while `action` runs. */
async function counting<T>(
  commandPrefix: string,
  pk: string,
  action: () => Promise<T>,
): Promise<{ value: T; count: number }> {
  let count = 0;
  const name = `count-${Math.random()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { pk?: string } };
      if (String(context.commandName).startsWith(commandPrefix) && input.Key?.pk === pk) count += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return { value: await action(), count };
  } finally {
    ddb.middlewareStack.remove(name);
  }
}

/** Makes the next TransactWriteItems fail as an unavailable service would. */
async function withFailedTransaction<T>(action: () => Promise<T>): Promise<T> {
  let armed = true;
  const name = `inject-${Math.random()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (armed && String(context.commandName).startsWith('TransactWrite')) {
        armed = false;
        throw Object.assign(new Error('injected: connection reset during TransactWriteItems'), {
          name: 'TimeoutError',
          code: 'ECONNRESET',
        });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    return await action();
  } finally {
    ddb.middlewareStack.remove(name);
  }
}

const keyItem = async (caller: Caller, key: string) =>
  (
    await ddb.send(
      new GetCommand({ TableName: tableName(), Key: keys.idempotency(caller.keyId, key), ConsistentRead: true }),
    )
  ).Item;

const run = Date.now().toString(36);
let accountant: Caller;
let integrator: Caller;

beforeAll(async () => {
  accountant = await callerFor('accountant');
  integrator = await callerFor('integrator');
});

const newCustomer = () => createCustomer(integrator, { name: 'Idempotency Rules', mobileNumber: uniquePhone() });

describe('30 racing retries with one key', () => {
  it('of an order make one order and one answer, and take one order number', async () => {
    const customer = await newCustomer();
    const key = `rules-order-race-${run}`;
    const body = { customerId: customer.id, totalAmount: 100, receiptAmount: 10 };
    const { value: orders, count: numbersTaken } = await counting('Update', 'COUNTER#orderNumber', () =>
      Promise.all(Array.from({ length: 30 }, () => createOrder(accountant, body, key))),
    );
    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect(numbersTaken).toBe(1);
    expect((await queryOrders(PLATFORM_SCOPE, { customerId: customer.id })).map((o) => o.id)).toEqual([orders[0]!.id]);
    const record = await getIdempotencyRecord(accountant.keyId, key);
    expect(record).toMatchObject({ data: { id: orders[0]!.id } });
    expect(record?.pending).toBeUndefined();
  });

  it('of a wallet movement move the money once', async () => {
    const customer = await newCustomer();
    const key = `rules-wallet-race-${run}`;
    const body = { type: 'credit' as const, amount: 12.5, currency: 'USD', description: 'racing retries' };
    const moves = await Promise.all(
      Array.from({ length: 30 }, () => createWalletTransaction(accountant, customer.walletId, body, key)),
    );
    expect(new Set(moves.map((m) => m.transaction.id)).size).toBe(1);
    expect((await getWallet(PLATFORM_SCOPE, customer.walletId, true))?.balance).toBe(12.5);
    expect((await readLedgerPage(PLATFORM_SCOPE, customer.walletId, 1, 50))?.entries).toHaveLength(1);
  });

  it('of a customer make one customer', async () => {
    const key = `rules-customer-race-${run}`;
    const body = { name: 'Racing Customer', mobileNumber: uniquePhone() };
    const made = await Promise.all(Array.from({ length: 30 }, () => createCustomer(integrator, body, key)));
    expect(new Set(made.map((c) => c.id)).size).toBe(1);
    expect((await getIdempotencyRecord(integrator.keyId, key))?.data).toMatchObject({ id: made[0]!.id });
  });
});

describe('a replay', () => {
  const send = (path: string, key: string, body: unknown, idempotencyKey: string) =>
    api('POST', path, { key, body, headers: { 'Idempotency-Key': idempotencyKey } });

  it('answers the first answer byte for byte, on each route that takes a key', async () => {
    const customerBody = { name: 'Replayed Customer', mobileNumber: uniquePhone() };
    const customerKey = `rules-replay-customer-${run}`;
    const firstCustomer = await send('/api/v1/customers', demoKey('integrator'), customerBody, customerKey);
    expect(firstCustomer.status, firstCustomer.text).toBe(201);
    const customer = firstCustomer.body.data;

    const calls: Array<[string, string, unknown, string]> = [
      ['/api/v1/customers', demoKey('integrator'), customerBody, customerKey],
      [
        '/api/v1/orders',
        demoKey('accountant'),
        { customerId: customer.id, totalAmount: 80, receiptAmount: 20, notes: 'replayed' },
        `rules-replay-order-${run}`,
      ],
      [
        `/api/v1/wallets/${customer.walletId}/transactions`,
        demoKey('accountant'),
        { type: 'credit', amount: 9, currency: 'USD', description: 'replayed' },
        `rules-replay-wallet-${run}`,
      ],
    ];
    for (const [path, apiKey, body, idempotencyKey] of calls) {
      const first = path === '/api/v1/customers' ? firstCustomer : await send(path, apiKey, body, idempotencyKey);
      expect(first.status, first.text).toBe(201);
      const again = await send(path, apiKey, body, idempotencyKey);
      expect(again.status, path).toBe(first.status);
      expect(again.text, path).toBe(first.text);
    }
  });
});

describe('the same key with another body', () => {
  it('is refused with 409 IDEMPOTENCY_KEY_REUSED, on the same route or another, and changes nothing', async () => {
    const customer = await newCustomer();
    const key = `rules-reused-${run}`;
    await createOrder(accountant, { customerId: customer.id, totalAmount: 50 }, key);

    await expect(createOrder(accountant, { customerId: customer.id, totalAmount: 51 }, key)).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [
        { field: 'Idempotency-Key', message: expect.stringMatching(/^was already used for a different request/) },
      ],
    });
    await expect(
      createWalletTransaction(
        accountant,
        customer.walletId,
        { type: 'credit', amount: 5, currency: 'USD', description: 'other route' },
        key,
      ),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await queryOrders(PLATFORM_SCOPE, { customerId: customer.id })).toHaveLength(1);
    expect((await getWallet(PLATFORM_SCOPE, customer.walletId, true))?.balance).toBe(0);

    const customerKey = `rules-reused-customer-${run}`;
    await createCustomer(integrator, { name: 'First Body', mobileNumber: uniquePhone() }, customerKey);
    await expect(
      createCustomer(integrator, { name: 'Other Body', mobileNumber: uniquePhone() }, customerKey),
    ).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});

describe('a failed attempt', () => {
  it('of an order gives its claim up: the retry with the key succeeds at once, and is then replayed', async () => {
    const customer = await newCustomer();
    const key = `rules-failed-order-${run}`;
    const body = { customerId: customer.id, totalAmount: 70 };
    await expect(withFailedTransaction(() => createOrder(accountant, body, key))).rejects.toThrow('injected');
    // The claim expired when it was given up: a reader takes the key as free.
    expect(Number((await keyItem(accountant, key))?.expiresAt) * 1000).toBeLessThanOrEqual(Date.now());

    const started = Date.now();
    const order = await createOrder(accountant, body, key);
    // Well under the 30 s a claim left behind would hold the key.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await createOrder(accountant, body, key)).id).toBe(order.id);
    expect(await queryOrders(PLATFORM_SCOPE, { customerId: customer.id })).toHaveLength(1);
  });

  it('of a wallet movement or a customer leaves the key free for the retry', async () => {
    const customer = await newCustomer();
    const moveKey = `rules-failed-wallet-${run}`;
    const move = { type: 'credit' as const, amount: 3, currency: 'USD', description: 'after a failure' };
    await expect(
      withFailedTransaction(() => createWalletTransaction(accountant, customer.walletId, move, moveKey)),
    ).rejects.toThrow('injected');
    const moved = await createWalletTransaction(accountant, customer.walletId, move, moveKey);
    expect((await createWalletTransaction(accountant, customer.walletId, move, moveKey)).transaction.id).toBe(
      moved.transaction.id,
    );
    expect((await getWallet(PLATFORM_SCOPE, customer.walletId, true))?.balance).toBe(3);

    const customerKey = `rules-failed-customer-${run}`;
    const body = { name: 'After A Failure', mobileNumber: uniquePhone() };
    await expect(withFailedTransaction(() => createCustomer(integrator, body, customerKey))).rejects.toThrow(
      'injected',
    );
    const made = await createCustomer(integrator, body, customerKey);
    expect((await createCustomer(integrator, body, customerKey)).id).toBe(made.id);
  });
});
