import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client.js';
import { cancellationReasons } from './errors.js';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A cancelled transaction names the items that failed, by index and as the items themselves, and
 * which of them were refused by their condition (the others lost to a concurrent transaction).
 */
export type TransactOutcome =
  | { ok: true }
  | { ok: false; failedIndexes: number[]; failed: TransactItem[]; refused: TransactItem[] };

/**
 * Runs one TransactWriteItems. A cancellation because conditions failed (or, in AWS, a racing
 * transaction) reports which items failed, for the caller to re-read and decide; any other
 * failure is thrown.
 */
export async function transact(items: TransactItem[]): Promise<TransactOutcome> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return { ok: true };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (!reasons) throw error;
    const failed = reasons.flatMap((r, i) => (r.Code && r.Code !== 'None' ? [i] : []));
    if (
      reasons.some(
        (r) => r.Code && r.Code !== 'None' && r.Code !== 'ConditionalCheckFailed' && r.Code !== 'TransactionConflict',
      )
    )
      throw error;
    const refused = reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [items[i]!] : []));
    return { ok: false, failedIndexes: failed, failed: failed.map((i) => items[i]!), refused };
  }
}
