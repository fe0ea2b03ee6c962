import type { Static } from '@sinclair/typebox';
import * as Type from '@sinclair/typebox';
import { recordCodec } from '../record.js';

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
export type WalletRecord = Static<typeof WalletRecord>;
export const walletCodec = recordCodec('wallet', WalletRecord);

/** Get a wallet; its ledger entries share the partition, newest = highest sequence. */
export const wallet = (id: string) => ({ pk: `WALLET#${id}`, sk: 'WALLET' });
