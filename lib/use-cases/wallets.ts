import type { Static } from '@sinclair/typebox';
import type { createWalletTransaction as MoveContract, Wallet, WalletTransaction } from '../schemas/wallets.js';
import type { Caller } from '../domain/caller.js';
import { newId, walletIdFor } from '../domain/ids.js';
import { fitsCurrency, minorUnits } from '../domain/money.js';
import { pageRange, planMovement, type MovementRequest } from '../domain/wallet.js';
import { AppError, notFound, serviceUnavailable, validationError } from '../domain/errors.js';
import type { Meta } from '../http/handler.js';
import { getCustomerWithWallet } from '../store/customers.js';
import { getIdempotencyRecord, idempotencyPutItem } from '../store/idempotency.js';
import { transact } from '../store/transact.js';
import { getWallet, listEntries, movementItems, type LedgerEntry, type WalletRecord } from '../store/wallets.js';
import { replay, requestFingerprint } from './idempotency.js';

type MoveBody = Static<NonNullable<(typeof MoveContract)['body']>>;
type WalletView = Static<typeof Wallet>;
type TransactionView = Static<typeof WalletTransaction>;
export interface MovementResult {
  transaction: TransactionView;
  wallet: WalletView;
}

/** Under contention a movement is re-planned from a fresh read; this bounds how often. */
const MAX_ATTEMPTS = 40;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 5 * 2 ** attempt)));

export const walletView = ({ id, customerId, tenantId, balance, currency, createdAt, updatedAt }: WalletRecord): WalletView => ({
  id, customerId, tenantId, balance, currency, createdAt, updatedAt,
});
export const transactionView = ({ id, type, amount, delta, balanceAfter, currency, description, orderId, createdAt }: LedgerEntry): TransactionView => ({
  id, type, amount, delta, balanceAfter, currency, description, orderId, createdAt,
});

export function insufficientBalance(balance: number, requested: number, currency: string): AppError {
  return new AppError(422, 'WALLET_INSUFFICIENT_BALANCE', `The wallet balance (${balance} ${currency}) does not cover ${requested} ${currency}`, {
    balance,
    requested,
    currency,
  });
}

export function currencyMismatch(walletCurrency: string, requested: string): AppError {
  return new AppError(422, 'WALLET_CURRENCY_MISMATCH', `The wallet holds ${walletCurrency}; a ${requested} amount is not converted`, {
    walletCurrency,
    requested,
  });
}

/**
 * Plans one movement against a wallet read: the ledger entry and the transaction items that
 * commit it. Orders use this to debit or refund inside their own transaction.
 */
export function prepareMovement(
  wallet: WalletRecord,
  request: MovementRequest & { description: string; orderId?: string },
  createdBy: string,
  now = new Date().toISOString(),
) {
  const plan = planMovement(wallet, request);
  if (!plan.ok) {
    throw plan.reason === 'currency-mismatch'
      ? currencyMismatch(wallet.currency, request.currency)
      : insufficientBalance(wallet.balance, request.amount, wallet.currency);
  }
  const entry: LedgerEntry = {
    id: newId(),
    walletId: wallet.id,
    seq: plan.seq,
    type: request.type,
    amount: request.amount,
    delta: plan.delta,
    balanceAfter: plan.balanceAfter,
    currency: wallet.currency,
    description: request.description,
    orderId: request.orderId,
    createdBy,
    createdAt: now,
  };
  const walletAfter: WalletRecord = { ...wallet, balance: plan.balanceAfter, entryCount: plan.seq, updatedAt: now };
  return { entry, walletAfter, items: movementItems(wallet, entry) };
}

function checkMovementBody(body: MoveBody): void {
  if (body.type === 'adjustment' && body.direction === undefined) {
    throw validationError([{ field: 'body.direction', message: 'is required for an adjustment (increase or decrease)' }]);
  }
  if (body.type !== 'adjustment' && body.direction !== undefined) {
    throw validationError([{ field: 'body.direction', message: `is only for adjustments; ${body.type} has a fixed direction` }]);
  }
  if (!fitsCurrency(body.amount, body.currency)) {
    throw validationError([{ field: 'body.amount', message: `has more than the ${minorUnits(body.currency)} decimals ${body.currency} allows` }]);
  }
}

export async function moveMoney(caller: Caller, walletId: string, body: MoveBody, idempotencyKey: string | undefined, route: string): Promise<MovementResult> {
  checkMovementBody(body);
  const fingerprint = requestFingerprint(route, walletId, body);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    if (idempotencyKey) {
      const previous = await getIdempotencyRecord(caller.keyId, idempotencyKey);
      if (previous) return replay<MovementResult>(previous, fingerprint);
    }
    const wallet = await getWallet(walletId, caller.tenantId, true);
    if (!wallet) throw notFound('Wallet');
    const { entry, walletAfter, items } = prepareMovement(wallet, body, caller.userId ?? caller.keyId);
    const result: MovementResult = { transaction: transactionView(entry), wallet: walletView(walletAfter) };
    if (idempotencyKey) items.push(idempotencyPutItem(caller.keyId, idempotencyKey, { requestHash: fingerprint, statusCode: 201, data: result }));
    const outcome = await transact(items);
    if (outcome.ok) return result;
    // The wallet moved meanwhile (re-plan from a fresh read), or a racing retry with the same key won (replayed above).
    await pause(attempt);
  }
  throw serviceUnavailable(1);
}

export async function listTransactions(caller: Caller, walletId: string, page: number, pageSize: number): Promise<{ data: TransactionView[]; meta: Meta }> {
  const wallet = await getWallet(walletId, caller.tenantId);
  if (!wallet) throw notFound('Wallet');
  const range = pageRange(wallet.entryCount, page, pageSize);
  const entries = range ? await listEntries(walletId, range.from, range.to) : [];
  return {
    data: entries.map(transactionView),
    meta: { page, limit: pageSize, total: wallet.entryCount, totalPages: Math.ceil(wallet.entryCount / pageSize) },
  };
}

export async function getCustomerWallet(caller: Caller, customerId: string): Promise<WalletView> {
  const found = await getCustomerWithWallet(customerId, walletIdFor(customerId), caller.tenantId);
  if (!found) throw notFound('Customer');
  return walletView(found.wallet);
}
