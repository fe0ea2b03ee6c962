import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { queryAll } from './query-all.js';
import { type ImportRuleItem, importRuleCodec } from './records/import-rule.js';
import type { TransactItem } from './transact.js';

export type { ImportRuleItem } from './records/import-rule.js';

/* Destinations' import rules as stored: the platform's changes to the shipped defaults, and tenants' own versions. */

/** The stored rules of a tenant, or with none the platform's stored defaults: one per country. */
export async function listStoredImportRules(tenantId: string | undefined): Promise<ImportRuleItem[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.importRules(tenantId) },
  });
  return items.map((item) => importRuleCodec.decode(item));
}

export async function getStoredImportRule(
  tenantId: string | undefined,
  country: string,
  consistent = false,
): Promise<ImportRuleItem | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.importRule(tenantId, country), ConsistentRead: consistent }),
  );
  return Item ? importRuleCodec.decode(Item) : undefined;
}

/** Writes a rule if the stored one is still at `storedVersion` (none: there is none yet). */
export function importRulePutItem(rule: ImportRuleItem, storedVersion: number | undefined): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...keys.importRule(rule.tenantId, rule.country), entity: 'importRule', ...rule },
      ...(storedVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :stored',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':stored': storedVersion },
          }),
    },
  };
}

/** Deletes a tenant's own rule if it is still at the version read. */
export function importRuleDeleteItem(rule: ImportRuleItem): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: keys.importRule(rule.tenantId, rule.country),
      ConditionExpression: '#version = :stored',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':stored': rule.version },
    },
  };
}
