import type { Keys } from './walk-data.js';
import { WALLET_INSPECTION_AT } from './walk-data.js';
import { OrderVersion } from './order-version.js';
import { call, type Json, until } from './recorder.js';

/** The order placed from the catalogue (and the refusals around it), then its deposit recorded and confirmed. */

export async function placeOrder(keys: Keys, customer: Json, car: Json): Promise<OrderVersion> {
  const { accountant, integrator } = keys;
  // The order, placed by the integrator from the catalogue.
  const order = (
    await call('createOrder', {
      key: accountant,
      headers: { 'Idempotency-Key': 'order-2026-11-16-0001' },
      body: {
        customerId: customer.id,
        carId: car.id,
        totalAmount: 18500,
        currency: 'USD',
        notes: 'Customer prefers a white car',
      },
      note: 'a new order placed by an accountant, who may confirm its deposit next: DepositSubmitted, version 1',
    })
  ).body.data;
  const orderId = order.id as string;
  const current = new OrderVersion(orderId);
  const { versionOf } = current;
  // The car's pictures are copied to the bucket in the background: the answers below show them copied.
  await until('the car pictures archived', async () => {
    const read = await call('getOrder', { key: integrator, path: { id: orderId }, skip: true });
    return read.body.data.imageArchive?.status === 'done' ? true : undefined;
  });
  await call('createOrder', {
    key: accountant,
    headers: { 'Idempotency-Key': 'order-2026-11-16-0001' },
    body: { customerId: customer.id, totalAmount: 9000 },
    expect: 409,
    note: 'the same Idempotency-Key with another body',
  });
  await call('createOrder', {
    key: integrator,
    body: { customerId: customer.id, totalAmount: 18500, useWalletBalance: true, inspectionDate: WALLET_INSPECTION_AT },
    expect: 422,
    note: 'the wallet holds less than totalAmount',
  });
  versionOf(
    (
      await call('setCustomerNotifications', {
        key: integrator,
        path: { id: orderId },
        headers: { 'If-Match': current.etag },
        body: { enabled: true, version: 1 },
      })
    ).headers,
  );
  await call('setCustomerNotifications', {
    key: integrator,
    path: { id: orderId },
    headers: { 'If-Match': '"1"' },
    body: { enabled: false },
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('setCustomerNotifications', {
    key: integrator,
    path: { id: orderId },
    body: { enabled: false, version: 1 },
    expect: 409,
    note: 'body.version is no longer current',
  });
  return current;
}

export async function confirmDeposit(keys: Keys, current: OrderVersion): Promise<void> {
  const { operations, accountant, inspector } = keys;
  const { id: orderId, move } = current;
  // Deposit: recorded by operations, confirmed by the accountant.
  const deposit = (
    await call('createBillingEntry', {
      key: operations,
      body: {
        orderId,
        type: 'receipt',
        amount: 2000,
        currency: 'USD',
        description: 'Deposit by bank transfer',
        receiptFileUrl: 'https://files.example.com/receipts/r-1001.pdf',
      },
    })
  ).body.data;
  await call('validateOrderTransition', {
    key: accountant,
    path: { id: orderId },
    body: { targetStatus: 'DepositConfirmed' },
    note: 'blocked: the deposit receipt is not confirmed yet',
  });
  await call('changeOrderStatus', {
    key: accountant,
    path: { id: orderId },
    headers: { 'If-Match': current.etag },
    body: { status: 'DepositConfirmed' },
    expect: 422,
    note: 'a requirement is missing (details.missingRequirements)',
  });
  await call('listBillingEntries', {
    key: accountant,
    query: { status: 'Pending', limit: 20 },
    note: 'the receipts and invoices waiting for confirmation',
  });
  await call('confirmBillingEntry', { key: accountant, path: { id: deposit.id } });
  await call('changeOrderStatus', {
    key: accountant,
    path: { id: orderId },
    headers: { 'If-Match': '"1"' },
    body: { status: 'DepositConfirmed' },
    expect: 412,
    note: 'If-Match names a version that is no longer current',
  });
  await call('changeOrderStatus', {
    key: accountant,
    path: { id: orderId },
    body: { status: 'DepositConfirmed', version: 1 },
    expect: 409,
    note: 'body.version is no longer current',
  });
  await call('changeOrderStatus', {
    key: inspector,
    path: { id: orderId },
    headers: { 'If-Match': current.etag },
    body: { status: 'DepositConfirmed' },
    expect: 403,
    note: 'the role may not make this move',
  });
  await move(
    accountant,
    'DepositConfirmed',
    { note: 'Deposit received in full' },
    { note: 'If-Match and body.version name the same version; the answer carries the next one' },
  );
}
