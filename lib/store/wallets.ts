import { GetCommand, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { WalletTransactionType } from '../domain/wallet.js';
import { ddb } from './client.js';
import { keys, withoutKeys } from './keys.js';
import { visibleTo } from './visibility.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface WalletRecord {
  id: string;
  customerId: string;
  tenantId?: string;
  balance: number;
  currency: string;
  /** Number of ledger entries; also the sequence number of the newest one. */
  entryCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface LedgerEntry {
  id: string;
  walletId: string;
  seq: number;
  type: WalletTransactionType;
  /** Always positive; `delta` carries the sign the entry had on the balance. */
  amount: number;
  delta: number;
  balanceAfter: number;
  currency: string;
  description: string;
  orderId?: string;
  createdBy: string;
  createdAt: string;
}

export async function getWallet(id: string, scope: string | undefined, consistent = false): Promise<WalletRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.wallet(id), ConsistentRead: consistent }));
  if (!Item) return undefined;
  const wallet = withoutKeys(Item) as unknown as WalletRecord;
  return visibleTo(wallet.tenantId, scope) ? wallet : undefined;
}

export function newWalletItem(wallet: WalletRecord): TransactItem {
  return {
    Put: { TableName: tableName(), Item: { ...keys.wallet(wallet.id), entity: 'wallet', ...wallet }, ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/**
 * The two writes of one money movement, for the caller's transaction: the wallet's new balance,
 * guarded by the entry count the plan was made from (so a concurrent movement forces a re-plan
 * and the balance can never be computed from a stale read), and the immutable ledger entry.
 */
export function movementItems(wallet: WalletRecord, entry: LedgerEntry): TransactItem[] {
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.wallet(wallet.id),
        UpdateExpression: 'SET balance = :balance, entryCount = :seq, updatedAt = :now',
        ConditionExpression: 'entryCount = :expected AND currency = :currency',
        ExpressionAttributeValues: {
          ':balance': entry.balanceAfter,
          ':seq': entry.seq,
          ':now': entry.createdAt,
          ':expected': wallet.entryCount,
          ':currency': wallet.currency,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.walletEntry(wallet.id, entry.seq), entity: 'walletEntry', ...entry },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

/** One page of the ledger, newest first: a single Query over a known range of sequence numbers. */
export async function listEntries(walletId: string, from: number, to: number): Promise<LedgerEntry[]> {
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.wallet(walletId).pk,
        ':from': keys.walletEntry(walletId, from).sk,
        ':to': keys.walletEntry(walletId, to).sk,
      },
      ScanIndexForward: false,
    }),
  );
  return (Items ?? []).map((item) => withoutKeys(item) as unknown as LedgerEntry);
}
