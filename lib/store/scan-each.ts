import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client.js';

/**
 * Visits every item a Scan finds, page by page, one at a time: the offline staff tools that key or
 * move items written by an older version (the local stack runs them once; docs/deploying.md in
 * AWS). Returns how many visits did something (`visit` answers true).
 */
export async function scanEach(
  input: Omit<ScanCommandInput, 'ExclusiveStartKey'>,
  visit: (item: Record<string, unknown>) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) if (await visit(item)) done += 1;
    start = page.LastEvaluatedKey;
  } while (start);
  return done;
}
