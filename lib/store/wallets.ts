import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { customerIdOfWallet } from '../domain/ids.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { pageRange } from '../domain/wallet.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { walletCodec, type WalletRecord } from './records/wallet.js';
import { type LedgerEntry, ledgerEntryCodec } from './records/wallet-entry.js';
import type { TransactItem } from './transact.js';

export type { WalletRecord } from './records/wallet.js';
export type { LedgerEntry } from './records/wallet-entry.js';

/**
 * A wallet in the caller's scope (for a marketer: of a customer they may see, checked with their
 * access link in the same BatchGet); undefined otherwise.
 */
export async function getWallet(scope: Scope, id: string, consistent = false): Promise<WalletRecord | undefined> {
  const table = tableName();
  const customerId = customerIdOfWallet(id);
  const wanted = [
    keys.wallet(id),
    ...(scope.marketerId && customerId ? [keys.customerAccess(customerId, scope.marketerId)] : []),
  ];
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: wanted, ConsistentRead: consistent } } }),
  );
  const items = Responses?.[table] ?? [];
  const item = items.find((i) => i.sk === 'WALLET');
  if (!item) return undefined;
  const wallet = walletCodec.decode(item);
  if (!tenantInScope(wallet.tenantId, scope)) return undefined;
  if (scope.marketerId !== undefined && !items.some((i) => String(i.sk).startsWith('ACCESS#MARKETER#')))
    return undefined;
  return wallet;
}

export function newWalletItem(wallet: WalletRecord): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.wallet(wallet.id), entity: 'wallet', ...wallet },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
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

/**
 * One page of a wallet's ledger in the caller's scope, newest first: the wallet (for its entry
 * count) and then a single Query over the known range of sequence numbers. Undefined when the
 * wallet is not in scope.
 */
export async function readLedgerPage(
  scope: Scope,
  walletId: string,
  page: number,
  pageSize: number,
): Promise<{ wallet: WalletRecord; entries: LedgerEntry[] } | undefined> {
  const wallet = await getWallet(scope, walletId);
  if (!wallet) return undefined;
  const range = pageRange(wallet.entryCount, page, pageSize);
  if (!range) return { wallet, entries: [] };
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.wallet(walletId).pk,
        ':from': keys.walletEntry(walletId, range.from).sk,
        ':to': keys.walletEntry(walletId, range.to).sk,
      },
      ScanIndexForward: false,
    }),
  );
  return { wallet, entries: (Items ?? []).map(ledgerEntryCodec.decode) };
}
