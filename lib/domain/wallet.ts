import { Decimal } from './decimal.js';

/**
 * Wallet rules, pure: how each movement type changes the balance, and whether it may.
 * credit and refund add; debit and payment_deduction take away; adjustment goes either way.
 */
const WALLET_TRANSACTION_TYPES = ['credit', 'debit', 'adjustment', 'refund', 'payment_deduction'] as const;
export type WalletTransactionType = (typeof WALLET_TRANSACTION_TYPES)[number];
type Direction = 'increase' | 'decrease';

export interface WalletState {
  balance: number;
  currency: string;
  entryCount: number;
}

export interface MovementRequest {
  type: WalletTransactionType;
  amount: number;
  currency: string;
  /** Only for adjustment: which way it goes. */
  direction?: Direction;
}

export type MovementPlan =
  | { ok: true; delta: number; balanceAfter: number; seq: number }
  | { ok: false; reason: 'currency-mismatch' | 'insufficient-balance' };

function directionOf(request: Pick<MovementRequest, 'type' | 'direction'>): Direction {
  switch (request.type) {
    case 'credit':
    case 'refund':
      return 'increase';
    case 'debit':
    case 'payment_deduction':
      return 'decrease';
    case 'adjustment':
      return request.direction ?? 'increase';
  }
}

/** The balance never goes negative and a currency is never converted silently. */
export function planMovement(wallet: WalletState, request: MovementRequest): MovementPlan {
  if (request.currency !== wallet.currency) return { ok: false, reason: 'currency-mismatch' };
  const amount = new Decimal(request.amount);
  const delta = directionOf(request) === 'increase' ? amount : amount.negated();
  const balanceAfter = new Decimal(wallet.balance).plus(delta);
  if (balanceAfter.isNegative()) return { ok: false, reason: 'insufficient-balance' };
  return { ok: true, delta: delta.toNumber(), balanceAfter: balanceAfter.toNumber(), seq: wallet.entryCount + 1 };
}

/** Newest-first paging over sequence numbers 1..total: which sequence numbers a page holds. */
export function pageRange(total: number, page: number, pageSize: number): { from: number; to: number } | undefined {
  const to = total - (page - 1) * pageSize;
  if (to < 1) return undefined;
  return { from: Math.max(1, to - pageSize + 1), to };
}
