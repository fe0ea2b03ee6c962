import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The one table, as the local stack creates it. serverless.yml declares the same shape for
 * AWS; a test compares the two so they cannot drift.
 */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
      { AttributeName: 'gsi2pk', AttributeType: 'S' },
      { AttributeName: 'gsi2sk', AttributeType: 'S' },
      { AttributeName: 'gsi3pk', AttributeType: 'S' },
      { AttributeName: 'gsi3sk', AttributeType: 'S' },
      { AttributeName: 'gsi4pk', AttributeType: 'S' },
      { AttributeName: 'gsi4sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: ['GSI1', 'GSI2', 'GSI3', 'GSI4'].map((name) => index(name)),
  };
}

function index(name: string) {
  const n = name.slice(3);
  return {
    IndexName: name,
    KeySchema: [
      { AttributeName: `gsi${n}pk`, KeyType: 'HASH' as const },
      { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  };
}
export const TTL_ATTRIBUTE = 'expiresAt';
