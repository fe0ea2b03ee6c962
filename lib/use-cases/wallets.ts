import { recordEvent } from '../metrics.js';
import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { invalidField, notFound } from '../domain/errors.js';
import { walletIdFor } from '../domain/ids.js';
import { decimalsProblem } from '../domain/money.js';
import { pageMeta, type PageMeta } from '../domain/paging.js';
import { scopeOf } from '../domain/scope.js';
import type { createWalletTransaction as MoveRoute } from '../schemas/wallets.js';
import { getCustomerWithWallet } from '../store/customers.js';
import { getOrder } from '../store/orders.js';
import { ChangeSet } from '../store/change-set.js';
import { getWallet, readLedgerPage } from '../store/wallets.js';
import { idempotent, readKey } from './shared/idempotency.js';
import { RETRY, RETRY_NOW } from './shared/retry.js';
import {
  moveWallet,
  transactionView,
  walletView,
  type TransactionView,
  type WalletView,
} from './shared/wallet-movement.js';

type MoveBody = Static<NonNullable<(typeof MoveRoute)['body']>>;
export interface MovementResult {
  transaction: TransactionView;
  wallet: WalletView;
}

function checkMovementBody(body: MoveBody): void {
  if (body.type === 'adjustment' && body.direction === undefined)
    throw invalidField('direction', 'is required for an adjustment: increase or decrease, e.g. "increase"');
  if (body.type !== 'adjustment' && body.direction !== undefined)
    throw invalidField(
      'direction',
      `must be left out for a ${body.type}, whose direction is fixed; it is only for adjustments, e.g. {"type": "adjustment", "direction": "increase"}`,
    );
  const decimals = decimalsProblem(body.amount, body.currency);
  if (decimals) throw invalidField('amount', decimals);
}

/**
 * One money movement: re-planned from a fresh read until it commits (the balance is never
 * computed from a stale read), answered once per Idempotency-Key.
 */
export async function createWalletTransaction(
  caller: Caller,
  walletId: string,
  body: MoveBody,
  idempotencyKey: string | undefined,
): Promise<MovementResult> {
  checkMovementBody(body);
  const scope = scopeOf(caller);
  return idempotent<MovementResult>(
    caller,
    idempotencyKey,
    { operation: 'createWalletTransaction', target: walletId, body },
    async (key) => {
      const replayed = await readKey(key);
      if (replayed) return replayed.answer;
      const wallet = await getWallet(scope, walletId, true);
      if (!wallet) throw notFound('Wallet');
      if (body.orderId !== undefined) {
        // The order a movement names must be one this wallet's customer placed, in the caller's scope.
        const order = await getOrder(scope, body.orderId);
        if (!order || order.customerId !== wallet.customerId) throw notFound('Order', 'orderId');
      }
      const changes = new ChangeSet(caller);
      const { entry, walletAfter } = moveWallet(changes, wallet, body, caller.userId ?? caller.keyId, {
        auditEntry: true,
      });
      const result: MovementResult = { transaction: transactionView(entry), wallet: walletView(walletAfter) };
      changes.write(...key.answerItems(result));
      const outcome = await changes.commit();
      if (outcome.ok) {
        recordEvent('WalletMovements');
        return result;
      }
      // Lost a race: a retry with the same key answered first (replay it), or the wallet moved (re-plan from a fresh read).
      return key.answeredMeanwhile(outcome.failed) ? RETRY_NOW : RETRY;
    },
  );
}

export async function listWalletTransactions(
  caller: Caller,
  walletId: string,
  page: number,
  pageSize: number,
): Promise<{ data: TransactionView[]; meta: PageMeta }> {
  const found = await readLedgerPage(scopeOf(caller), walletId, page, pageSize);
  if (!found) throw notFound('Wallet');
  return { data: found.entries.map(transactionView), meta: pageMeta(page, pageSize, found.wallet.entryCount) };
}

export async function getCustomerWallet(caller: Caller, customerId: string): Promise<WalletView> {
  const found = await getCustomerWithWallet(scopeOf(caller), customerId, walletIdFor(customerId));
  if (!found) throw notFound('Customer');
  return walletView(found.wallet);
}
