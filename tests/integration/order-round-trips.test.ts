import { beforeAll, describe, expect, it } from 'vitest';
import type { Caller, Role } from '../../lib/domain/caller.js';
import { getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { ddb } from '../../lib/store/client.js';
import { roundTrips } from '../../lib/store/round-trips.js';
import { createCustomer } from '../../lib/use-cases/customers.js';
import { createOrder } from '../../lib/use-cases/orders/create-order.js';
import { getOrder } from '../../lib/use-cases/orders/get-order.js';
import { createWalletTransaction } from '../../lib/use-cases/wallets.js';
import { demoKey, uniquePhone } from '../support/http.js';

/*
 * Round trips per service call, measured on the service functions against the test stack's
 * DynamoDB Local: create order 3 (one BatchGet, one atomic increment for the number, one
 * TransactWrite; docs/decisions.md "Order and contract numbers" says why not 2), 4 with an Idempotency-Key
 * (its claim comes before the number), order detail 1. Only a lost
 * wallet race retries, and a retry keeps its number: 2 more round trips (BatchGet, TransactWrite).
 */
const RUNS = 5;

async function callerFor(role: Role): Promise<Caller> {
  const record = await getApiKeyByHash(hashApiKey(demoKey(role)));
  if (!record) throw new Error(`demo key for ${role} not found`);
  return {
    keyId: record.id,
    tenantId: record.tenantId,
    role: record.role,
    userId: record.userId,
    allowedRoutes: record.allowedRoutes,
    rateLimit: record.rateLimit,
  };
}

/** The items of every TransactWriteItems sent while `action` runs: their kind (Put, Update, ConditionCheck) and key. */
async function transactionsOf(
  action: () => Promise<unknown>,
): Promise<Array<Array<{ kind: string; pk: string; sk: string }>>> {
  const seen: Array<Array<{ kind: string; pk: string; sk: string }>> = [];
  const name = `watch-${Math.random()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (String(context.commandName).startsWith('TransactWrite')) {
        const items = (
          args.input as {
            TransactItems: Array<Record<string, { Item?: Record<string, string>; Key?: Record<string, string> }>>;
          }
        ).TransactItems;
        seen.push(
          items.map((item) => {
            const [kind, op] = Object.entries(item)[0]!;
            const key = op.Item ?? op.Key ?? {};
            return { kind, pk: String(key.pk), sk: String(key.sk) };
          }),
        );
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  try {
    await action();
  } finally {
    ddb.middlewareStack.remove(name);
  }
  return seen;
}

async function measure<T>(action: () => Promise<T>): Promise<{ value: T; trips: number }> {
  roundTrips.reset();
  const value = await action();
  return { value, trips: roundTrips.count };
}

let accountant: Caller;
let integrator: Caller;

beforeAll(async () => {
  accountant = await callerFor('accountant');
  integrator = await callerFor('integrator');
});

async function newCustomerWithBalance(amount = 0): Promise<{ id: string; walletId: string }> {
  const customer = await createCustomer(integrator, { name: 'Round trips', mobileNumber: uniquePhone() });
  if (amount > 0)
    await createWalletTransaction(
      accountant,
      customer.walletId,
      { type: 'credit', amount, currency: 'USD', description: 'round-trip test' },
      undefined,
    );
  return customer;
}

/** Every measurement is the first attempt's cost plus whole retries, and at least one is exactly the first attempt. */
function expectBudget(trips: number[], first: number, perRetry = 2): void {
  expect(Math.min(...trips)).toBe(first);
  for (const t of trips) expect((t - first) % perRetry).toBe(0);
}

describe('DynamoDB round trips per service call', () => {
  it('createOrder costs exactly 3 round trips (one BatchGet, one increment for the number, one TransactWrite)', async () => {
    const customer = await newCustomerWithBalance();
    const trips: number[] = [];

    for (let i = 0; i < RUNS; i += 1) {
      const { value, trips: n } = await measure(() =>
        createOrder(accountant, { customerId: customer.id, totalAmount: 100 }, undefined),
      );
      expect(value.status).toBe('DepositSubmitted');
      trips.push(n);
    }

    expectBudget(trips, 3);
    console.info(`createOrder (plain): ${trips.join(', ')} round trips`);
  });

  it('createOrder with useWalletBalance costs exactly 3 round trips (the wallet is in the same read and write)', async () => {
    const customer = await newCustomerWithBalance(1000);
    const trips: number[] = [];

    for (let i = 0; i < RUNS; i += 1) {
      const { value, trips: n } = await measure(() =>
        createOrder(
          accountant,
          {
            customerId: customer.id,
            totalAmount: 10,
            useWalletBalance: true,
            inspectionDate: '2030-03-01T10:00:00.000Z',
          },
          undefined,
        ),
      );
      expect(value.status).toBe('InspectionScheduled');
      trips.push(n);
    }

    expectBudget(trips, 3);
    console.info(`createOrder (wallet): ${trips.join(', ')} round trips`);
  });

  it('createOrder with receipt, marketer and Idempotency-Key costs 4 round trips (the key is claimed before the number is taken); a replay costs 1', async () => {
    const customer = await newCustomerWithBalance();
    const trips: number[] = [];
    const body = {
      customerId: customer.id,
      totalAmount: 100,
      receiptAmount: 10,
      marketerId: 'demousermarketer00000001',
    };

    let lastKey = '';
    for (let i = 0; i < RUNS; i += 1) {
      lastKey = `rt-${customer.id}-${i}`;
      const { trips: n } = await measure(() => createOrder(accountant, body, lastKey));
      trips.push(n);
    }
    const replay = await measure(() => createOrder(accountant, body, lastKey));

    expectBudget(trips, 4);
    expect(replay.trips).toBe(1);
  });

  it('30 concurrent creations with one Idempotency-Key make one order and take one order number', async () => {
    const customer = await newCustomerWithBalance();
    const body = { customerId: customer.id, totalAmount: 100, receiptAmount: 10 };
    const key = `parallel-${customer.id}`;
    let numbersTaken = 0;
    const name = `count-numbers-${Math.random()}`;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { Key?: { pk?: string } };
        if (String(context.commandName).startsWith('Update') && input.Key?.pk === 'COUNTER#orderNumber')
          numbersTaken += 1;
        return next(args);
      },
      { step: 'initialize', name },
    );
    let orders: Array<{ id: string; orderNumber: number }>;
    try {
      orders = await Promise.all(Array.from({ length: 30 }, () => createOrder(accountant, body, key)));
    } finally {
      ddb.middlewareStack.remove(name);
    }

    expect(new Set(orders.map((o) => o.id)).size).toBe(1);
    expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(1);
    expect(numbersTaken).toBe(1);
  });

  it('writes only new items for an order of a customer: nothing concurrent orders of that customer would contend for', async () => {
    const customer = await newCustomerWithBalance();
    const body = {
      customerId: customer.id,
      totalAmount: 100,
      receiptAmount: 10,
      marketerId: 'demousermarketer00000001',
    };
    const writes = await transactionsOf(async () => {
      await createOrder(accountant, body, undefined);
      await Promise.all(Array.from({ length: 10 }, () => createOrder(accountant, body, undefined)));
    });

    expect(writes).toHaveLength(11);
    const customerKey = `CUSTOMER#${customer.id}`;
    // The first order gives the marketer access to the customer; later ones find it there.
    expect(writes[0]!.filter((item) => item.pk === customerKey).map((item) => item.sk)).toEqual([
      'ACCESS#MARKETER#demousermarketer00000001',
    ]);
    for (const items of writes.slice(1)) {
      expect(items.filter((item) => item.pk === customerKey)).toEqual([]);
      // Every item is new: a Put that no other transaction writes (no update, no condition check).
      expect(items.every((item) => item.kind === 'Put')).toBe(true);
    }
  });

  it('getOrderDetail costs exactly 1 round trip, with a receipt billing entry and history in the collection', async () => {
    const customer = await newCustomerWithBalance();
    const order = await createOrder(
      accountant,
      { customerId: customer.id, totalAmount: 100, receiptAmount: 10 },
      undefined,
    );

    const { value, trips } = await measure(() => getOrder(accountant, order.id, 'http://localhost'));

    expect(value.id).toBe(order.id);
    expect(value.financialSummary.depositAmount).toBe(10);
    expect(trips).toBe(1);
    console.info(`getOrderDetail: ${trips} round trip`);
  });

  it('getOrderDetail of an order hidden from the caller still costs 1 round trip and answers not found', async () => {
    const customer = await newCustomerWithBalance();
    const order = await createOrder(accountant, { customerId: customer.id }, undefined);
    const marketer = await callerFor('marketer');

    roundTrips.reset();
    await expect(getOrder(marketer, order.id, 'http://localhost')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(roundTrips.count).toBe(1);
  });
});
