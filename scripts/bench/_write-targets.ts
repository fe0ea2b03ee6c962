import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Item } from './_write-units.js';

/** The items a DynamoDB write touches, as the order walk prices them (scripts/bench/_write-units.ts). */

/** One item a write touches: its table and key, in a transaction or not, written or only checked. */
export interface Target {
  table: string;
  key: Item;
  transaction: boolean;
  check: boolean;
}

/** Values as the document client takes them: a marshalled map (`{ S: ... }`) is unmarshalled. */
const native = (value: Record<string, unknown>): Item => {
  const first = Object.values(value)[0];
  return first &&
    typeof first === 'object' &&
    !Array.isArray(first) &&
    Object.keys(first).length === 1 &&
    /^(S|N|B|BOOL|NULL|M|L|SS|NS|BS)$/.test(Object.keys(first)[0]!)
    ? unmarshall(value as never)
    : value;
};

/** The items a write command touches. */
export function targetsOf(
  command: string,
  input: Record<string, unknown>,
  keysOf: (table: string) => string[],
): Target[] {
  const keyOf = (table: string, item: Record<string, unknown>) => {
    const values = native(item);
    return Object.fromEntries(keysOf(table).map((key) => [key, values[key]]));
  };
  const table = String(input.TableName);
  if (command === 'PutItemCommand')
    return [{ table, key: keyOf(table, input.Item as Item), transaction: false, check: false }];
  if (command === 'UpdateItemCommand' || command === 'DeleteItemCommand')
    return [{ table, key: keyOf(table, input.Key as Item), transaction: false, check: false }];
  if (command === 'TransactWriteItemsCommand') {
    return (input.TransactItems as Array<Record<string, { TableName: string; Item?: Item; Key?: Item }>>).map(
      (entry) => {
        const [kind, part] = Object.entries(entry)[0]!;
        return {
          table: part.TableName,
          key: keyOf(part.TableName, part.Item ?? part.Key!),
          transaction: true,
          check: kind === 'ConditionCheck',
        };
      },
    );
  }
  if (command === 'BatchWriteItemCommand') {
    return Object.entries(
      input.RequestItems as Record<string, Array<{ PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }>>,
    ).flatMap(([name, requests]) =>
      requests.map((request) => ({
        table: name,
        key: keyOf(name, request.PutRequest?.Item ?? request.DeleteRequest!.Key),
        transaction: false,
        check: false,
      })),
    );
  }
  return [];
}

/** The commands as the DocumentClient's middleware sees them: the low-level client's. */
export const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);
export const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
