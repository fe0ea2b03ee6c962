import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

/** Items by key in BatchGets of at most 100 keys (side by side), following what the table left unprocessed. */
export async function batchGet(wanted: Key[], consistent: boolean): Promise<Item[]> {
  const table = tableName();
  const chunks = Array.from({ length: Math.ceil(wanted.length / 100) }, (_, i) => wanted.slice(i * 100, i * 100 + 100));
  const pages = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Item[] = [];
      let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
        [table]: { Keys: chunk, ConsistentRead: consistent },
      };
      while (request && Object.keys(request).length > 0) {
        const result = await ddb.send(new BatchGetCommand({ RequestItems: request }));
        items.push(...(result.Responses?.[table] ?? []));
        request = result.UnprocessedKeys as typeof request;
      }
      return items;
    }),
  );
  return pages.flat();
}
