import type { Static } from '@sinclair/typebox';
import * as stored from '../../schemas/generated/records.js';
import { recordCodec } from '../record.js';
import type { WalletRecord as WalletRecordSchema } from './wallet.schema.js';

/** A customer's wallet: its balance in one currency, moved only by ledger entries. */
export type WalletRecord = Static<typeof WalletRecordSchema>;
export const walletCodec = /* @__PURE__ */ recordCodec('wallet', stored.WalletRecord);

/** Get a wallet; its ledger entries share the partition, newest = highest sequence. */
export const wallet = (id: string) => ({ pk: `WALLET#${id}`, sk: 'WALLET' });
