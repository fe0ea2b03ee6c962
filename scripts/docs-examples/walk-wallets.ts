import { call, type Json } from './recorder.js';
import { type Keys, WALLET_INSPECTION_AT } from './walk-data.js';

/** Wallets: a top-up, and a payment from the wallet (and what they refuse). */
export async function wallets(keys: Keys, customer: Json): Promise<void> {
  const { accountant, integrator } = keys;
  // Wallets: a top-up, and a payment from the wallet.
  const walletId = customer.walletId as string;
  await call('createWalletTransaction', {
    key: accountant,
    path: { id: walletId },
    headers: { 'Idempotency-Key': 'topup-2026-11-16-0001' },
    body: { type: 'credit', amount: 20000, currency: 'USD', description: 'Top-up by bank transfer' },
  });
  await call('createWalletTransaction', {
    key: accountant,
    path: { id: walletId },
    headers: { 'Idempotency-Key': 'topup-2026-11-16-0001' },
    body: { type: 'credit', amount: 2000, currency: 'USD', description: 'Top-up by bank transfer' },
    expect: 409,
    note: 'the same Idempotency-Key with another body',
  });
  await call('createWalletTransaction', {
    key: accountant,
    path: { id: walletId },
    body: { type: 'debit', amount: 90000, currency: 'USD', description: 'Too much' },
    expect: 422,
    note: 'the balance would go below zero',
  });
  await call('createOrder', {
    key: integrator,
    body: {
      customerId: customer.id,
      totalAmount: 12000,
      currency: 'USD',
      useWalletBalance: true,
      inspectionDate: WALLET_INSPECTION_AT,
      carDetails: { makeEn: 'Hyundai', modelEn: 'Tucson', year: 2021 },
    },
    skip: true,
  });
  await call('listWalletTransactions', { key: integrator, path: { id: walletId }, query: { pageSize: 5 } });
}
