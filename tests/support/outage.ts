import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { newId } from '../../lib/domain/ids.js';
import { ddb } from '../../lib/store/client.js';
import { tableDefinition } from '../../lib/store/table.js';

/**
 * A table of the test's own for the whole file: this worker's data layer talks to it from
 * beforeAll on, so the test run's shared runner (another process) never sees its records.
 */
export function useOwnTable(prefix: string): string {
  const table = `${prefix}-${newId()}`;
  beforeAll(async () => {
    const client = new DynamoDBClient({});
    await client.send(new CreateTableCommand(tableDefinition(table)));
    client.destroy();
    process.env.TABLE_NAME = table;
  });
  afterAll(async () => {
    const client = new DynamoDBClient({});
    await client.send(new DeleteTableCommand({ TableName: table })).catch(() => undefined);
    client.destroy();
  });
  return table;
}

/** Every DynamoDB call of this process fails while `down` is true, as when the endpoint cannot be reached. */
export function outageSwitch() {
  const state = { down: false, refused: 0, byCommand: {} as Record<string, number> };
  const name = `outage-${Date.now()}`;
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      if (state.down) {
        state.refused += 1;
        state.byCommand[String(context.commandName)] = (state.byCommand[String(context.commandName)] ?? 0) + 1;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8100 (injected outage)'), {
          name: 'TimeoutError',
          code: 'ECONNREFUSED',
          $metadata: {},
        });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { state, remove: () => ddb.middlewareStack.remove(name) };
}
