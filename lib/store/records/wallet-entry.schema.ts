import * as Type from '@sinclair/typebox';
import type { WalletTransactionType } from '../../domain/wallet.js';

const TRANSACTION_TYPES = [
  'credit',
  'debit',
  'adjustment',
  'refund',
  'payment_deduction',
] as const satisfies readonly WalletTransactionType[];

/** One money movement in a wallet's ledger, immutable once written. */
export const LedgerEntryRecord = Type.Object({
  id: Type.String(),
  walletId: Type.String(),
  /** The entry's place in the ledger, from 1 (its sort key). */
  seq: Type.Integer({ minimum: 1 }),
  type: Type.Union(TRANSACTION_TYPES.map((type) => Type.Literal(type))),
  /** Always positive; `delta` carries the sign the entry had on the balance. */
  amount: Type.Number(),
  delta: Type.Number(),
  balanceAfter: Type.Number(),
  currency: Type.String(),
  description: Type.String(),
  orderId: Type.Optional(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String(),
});
