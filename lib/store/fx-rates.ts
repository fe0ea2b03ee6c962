import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { queryAll } from './query-all.js';
import * as keys from './keys.js';
import { type FxRate, fxRateCodec } from './records/fx-rate.js';

export type { FxRate } from './records/fx-rate.js';

export async function putFxRate(rate: Omit<FxRate, 'updatedAt'>): Promise<FxRate> {
  const record: FxRate = { ...rate, updatedAt: new Date().toISOString() };
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.fxRate(rate.from, rate.to),
        ...keys.fxRateIndex(rate.from, rate.to),
        entity: 'fxRate',
        ...record,
      },
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
  return items.map(fxRateCodec.decode);
}
