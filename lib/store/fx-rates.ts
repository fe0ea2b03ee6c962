import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { queryAll } from './query-all.js';
import * as keys from './keys.js';
import { withoutKeys } from './without-keys.js';

export interface FxRate {
  from: string;
  to: string;
  /** Units of `to` per one unit of `from`, as a decimal string so no precision is lost. */
  rate: string;
  source: string;
  asOf: string;
  updatedAt: string;
}

export async function putFxRate(rate: Omit<FxRate, 'updatedAt'>): Promise<FxRate> {
  const record: FxRate = { ...rate, updatedAt: new Date().toISOString() };
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.fxRate(rate.from, rate.to), ...keys.fxRateIndex(rate.from, rate.to), entity: 'fxRate', ...record },
    }),
  );
  return record;
}

export async function listFxRates(): Promise<FxRate[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.fxRateList },
  });
  return items.map((item) => withoutKeys(item) as unknown as FxRate);
}
