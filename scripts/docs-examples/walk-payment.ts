import type { OrderVersion } from './order-version.js';
import { call } from './recorder.js';
import type { Keys } from './walk-data.js';

/** The payment: the balance received and confirmed, the car purchased. */
export async function pay(keys: Keys, current: OrderVersion): Promise<void> {
  const { operations, accountant, integrator } = keys;
  const { id: orderId, move } = current;
  // Payment.
  await move(operations, 'PaymentSubmitted');
  const balance = (
    await call('createBillingEntry', {
      key: operations,
      body: { orderId, type: 'receipt', amount: 16500, currency: 'USD', description: 'Balance by bank transfer' },
      skip: true,
    })
  ).body.data;
  await call('setBillingDocumentUrl', {
    key: operations,
    path: { id: balance.id },
    body: { type: 'receipt', pdfUrl: 'https://files.example.com/receipts/r-1002.pdf', invoiceNumber: 'R-2026-1002' },
  });
  await call('confirmBillingEntry', { key: accountant, path: { id: balance.id }, keep: true });
  await call('setBillingDocumentUrl', {
    key: operations,
    path: { id: balance.id },
    body: { type: 'receipt', pdfUrl: 'https://files.example.com/receipts/r-1002b.pdf' },
    expect: 409,
    note: 'a Confirmed entry keeps its document',
  });
  await move(accountant, 'PaymentConfirmed');
  await move(operations, 'Purchased');
  await call('listOrderBilling', { key: integrator, path: { id: orderId } });
}
