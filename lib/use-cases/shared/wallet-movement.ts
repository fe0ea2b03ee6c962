import { withArticle } from '../../text/article.js';
import type { Static } from '@sinclair/typebox';
import { AppError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { planMovement, type MovementRequest } from '../../domain/wallet.js';
import type { Wallet, WalletTransaction } from '../../schemas/wallets.js';
import type { ChangeSet } from '../../store/change-set.js';
import { movementItems, type LedgerEntry, type WalletRecord } from '../../store/wallets.js';

export type WalletView = Static<typeof Wallet>;
export type TransactionView = Static<typeof WalletTransaction>;

export const walletView = ({
  id,
  customerId,
  tenantId,
  balance,
  currency,
  createdAt,
  updatedAt,
}: WalletRecord): WalletView => ({
  id,
  customerId,
  tenantId,
  balance,
  currency,
  createdAt,
  updatedAt,
});
export const transactionView = ({
  id,
  type,
  amount,
  delta,
  balanceAfter,
  currency,
  description,
  orderId,
  createdAt,
}: LedgerEntry): TransactionView => ({
  id,
  type,
  amount,
  delta,
  balanceAfter,
  currency,
  description,
  orderId,
  createdAt,
});

const insufficientBalance = (balance: number, requested: number, currency: string) =>
  new AppError(
    'WALLET_INSUFFICIENT_BALANCE',
    `The wallet balance (${balance} ${currency}) does not cover ${requested} ${currency}`,
    {
      balance,
      requested,
      currency,
    },
  );

const currencyMismatch = (walletCurrency: string, requested: string) =>
  new AppError(
    'WALLET_CURRENCY_MISMATCH',
    `The wallet holds ${walletCurrency}; ${withArticle(requested)} amount is not converted`,
    {
      walletCurrency,
      requested,
    },
  );

/** Refuses a movement the wallet cannot make (another currency, not enough balance); the plan otherwise. */
export function checkMovement(wallet: WalletRecord, request: MovementRequest) {
  const plan = planMovement(wallet, request);
  if (!plan.ok) {
    throw plan.reason === 'currency-mismatch'
      ? currencyMismatch(wallet.currency, request.currency)
      : insufficientBalance(wallet.balance, request.amount, wallet.currency);
  }
  return plan;
}

/**
 * One movement of a wallet read, stated on a change set: the ledger entry and the wallet's new
 * balance (guarded by the balance read), the event integrators hear of it, and its audit record
 * (with the entry itself when `auditEntry`, as a movement of its own records it). Orders move
 * their customer's wallet so inside their own change.
 */
export function moveWallet(
  changes: ChangeSet,
  wallet: WalletRecord,
  request: MovementRequest & { description: string; orderId?: string },
  createdBy: string,
  options: { auditEntry?: boolean } = {},
) {
  const plan = checkMovement(wallet, request);
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
    createdAt: changes.at,
  };
  const walletAfter: WalletRecord = {
    ...wallet,
    balance: plan.balanceAfter,
    entryCount: plan.seq,
    updatedAt: changes.at,
  };
  changes.write(...movementItems(wallet, entry));
  changes.emit(
    'wallet.transaction_created',
    wallet.tenantId,
    { type: 'wallet', id: wallet.id },
    transactionView(entry),
    { wallet: walletView(walletAfter) },
  );
  const after = options.auditEntry ? { ...walletAfter, lastEntry: entry } : walletAfter;
  changes.audit({
    entity: 'wallet',
    entityId: wallet.id,
    tenantId: wallet.tenantId,
    action: request.type,
    before: wallet,
    after,
  });
  return { entry, walletAfter };
}
