import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';

/** The item that says a data migration has run on this table (so a start does not scan it again). */
const marker = (name: string) => ({ pk: `MIGRATION#${name}`, sk: 'DONE' });

/**
 * Runs a migration of the table's items unless it has run on this table before, then records it.
 * A table created by this version records it without running (there is nothing older to move).
 * Returns what the migration returned, or undefined when it had run already.
 */
export async function runOnce<T>(
  name: string,
  migrate: () => Promise<T>,
  options: { freshTable?: boolean } = {},
): Promise<T | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: marker(name), ConsistentRead: true }));
  if (Item) return undefined;
  const result = options.freshTable ? undefined : await migrate();
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...marker(name), entity: 'migration', at: new Date().toISOString() },
    }),
  );
  return result;
}
