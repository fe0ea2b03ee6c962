import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableName } from '../../lib/config.js';
import type { Caller, Role } from '../../lib/domain/caller.js';
import { getApiKeyByHash, hashApiKey } from '../../lib/store/api-keys.js';
import { ddb } from '../../lib/store/client.js';
import * as keys from '../../lib/store/keys.js';
import { queryOrders } from '../../lib/store/orders.js';
import { PLATFORM_SCOPE } from '../../lib/domain/scope.js';
import { getWallet, readLedgerPage } from '../../lib/store/wallets.js';
import { createCustomer } from '../../lib/use-cases/customers.js';
import { createOrder } from '../../lib/use-cases/orders/create-order.js';
import { createWalletTransaction } from '../../lib/use-cases/wallets.js';
import { demoKey, uniquePhone } from '../support/http.js';

/*
 * An order, its number, its wallet payment, its receipt and its side effects are written by one
 * TransactWriteItems. Failing that write (as a crash, a network cut or a throttle would) must
 * leave nothing behind: no order, no used number, no debit, no receipt, no outbox event.
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

/** Makes the next TransactWriteItems fail as an unavailable service would. */
function failNextTransaction(): () => void {
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
  return () => ddb.middlewareStack.remove(name);
}

const counterValue = async () =>
  Number(
    (await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.counter('orderNumber'), ConsistentRead: true })))
      .Item?.value ?? 0,
  );

let accountant: Caller;
beforeAll(async () => {
  accountant = await callerFor('accountant');
});

describe('a failure while creating an order', () => {
  it('leaves no order, no debit and no receipt (its number stays unused: a gap), and a retry then succeeds once with a later number', async () => {
    const customer = await createCustomer(await callerFor('integrator'), {
      name: 'Injected failure',
      mobileNumber: uniquePhone(),
    });
    await createWalletTransaction(
      accountant,
      customer.walletId,
      { type: 'credit', amount: 500, currency: 'USD', description: 'float' },
      undefined,
    );
    const before = { counter: await counterValue(), wallet: await getWallet(PLATFORM_SCOPE, customer.walletId, true) };
    const body = {
      customerId: customer.id,
      totalAmount: 300,
      useWalletBalance: true,
      inspectionDate: '2026-12-01T09:00:00.000Z',
      receiptAmount: 300,
    };

    const restore = failNextTransaction();
    try {
      // The HTTP pipeline turns this into 503 SERVICE_UNAVAILABLE with Retry-After (lib/store/errors.ts).
      await expect(createOrder(accountant, body, 'inject-1')).rejects.toThrow('injected');
    } finally {
      restore();
    }

    const wallet = await getWallet(PLATFORM_SCOPE, customer.walletId, true);
    expect(wallet?.balance).toBe(500);
    expect(wallet?.entryCount).toBe(before.wallet?.entryCount);
    expect((await readLedgerPage(PLATFORM_SCOPE, customer.walletId, 1, 10))?.entries).toHaveLength(1);
    expect(await queryOrders(PLATFORM_SCOPE, { customerId: customer.id })).toEqual([]);
    // The failed creation had taken its number: the counter moved past it (other test files may move it further).
    const afterFailure = await counterValue();
    expect(afterFailure).toBeGreaterThan(before.counter);

    const order = await createOrder(accountant, body, 'inject-1');
    const again = await createOrder(accountant, body, 'inject-1');
    expect(again.id).toBe(order.id);
    expect(order.status).toBe('InspectionScheduled');
    expect((await getWallet(PLATFORM_SCOPE, customer.walletId, true))?.balance).toBe(200);
    const orders = await queryOrders(PLATFORM_SCOPE, { customerId: customer.id });
    expect(orders).toHaveLength(1);
    expect(order.orderNumber).toBeGreaterThan(afterFailure - 1);
    expect(await counterValue()).toBeGreaterThanOrEqual(order.orderNumber);
  });
});
