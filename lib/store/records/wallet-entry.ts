import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { LedgerEntryRecord } from './wallet-entry.schema.js';
import { wallet } from './wallet.js';

/** One money movement in a wallet's ledger, immutable once written. */
export type LedgerEntry = Static<typeof LedgerEntryRecord>;
export const ledgerEntryCodec = /* @__PURE__ */ recordCodec('wallet entry', stored.LedgerEntryRecord);

/** A ledger entry, in its wallet's partition: the sequence number padded to 12 digits sorts them. */
export const walletEntry = (walletId: string, seq: number) => ({
  pk: wallet(walletId).pk,
  sk: `TX#${String(seq).padStart(12, '0')}`,
});
