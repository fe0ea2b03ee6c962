import * as Type from '@sinclair/typebox';

/** A customer's wallet: its balance in one currency, moved only by ledger entries. */
export const WalletRecord = Type.Object({
  id: Type.String(),
  customerId: Type.String(),
  tenantId: Type.Optional(Type.String()),
  balance: Type.Number(),
  currency: Type.String(),
  /** Number of ledger entries; also the sequence number of the newest one. */
  entryCount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
