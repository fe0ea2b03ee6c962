import type { CreateTableCommandInput, Projection } from '@aws-sdk/client-dynamodb';

/**
 * The one table, as the local stack creates it. serverless.yml declares the same shape for
 * AWS; a test compares the two so they cannot drift.
 *
 * GSI1-3 are shared by several records whose lists read whole items from them: they project
 * everything. GSI5-8 hold the order lists only (lib/store/records/order.ts) and project the keys
 * and what their filters read that never changes, so no change to an order after its creation
 * writes to them; a page reads its orders by key. GSI9 lists a tenant's orders by status (keys
 * only): a status move rewrites its keys, nothing else does. GSI10 is the outbox's queue of due
 * events, projecting only what the queue reads.
 */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      ...Object.keys(INDEXES).flatMap((name) => [
        { AttributeName: `gsi${name.slice(3)}pk`, AttributeType: 'S' as const },
        { AttributeName: `gsi${name.slice(3)}sk`, AttributeType: 'S' as const },
      ]),
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: Object.entries(INDEXES).map(([name, projection]) => index(name, projection)),
  };
}

/** Each index and what it projects. */
const INDEXES: Record<string, Projection> = {
  GSI1: { ProjectionType: 'ALL' },
  GSI2: { ProjectionType: 'ALL' },
  GSI3: { ProjectionType: 'ALL' },
  /** Orders of a tenant: filtered by status on the heads. */
  GSI5: { ProjectionType: 'KEYS_ONLY' },
  /** Orders of a marketer: filtered by tenant and customer here. */
  GSI6: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['tenantId', 'customerId'] },
  /** Orders of a customer: filtered by tenant here. */
  GSI7: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['tenantId'] },
  /** Every order (platform staff). */
  GSI8: { ProjectionType: 'KEYS_ONLY' },
  /** Orders of a tenant in one status (counted with Select COUNT); its keys move with every status move. */
  GSI9: { ProjectionType: 'KEYS_ONLY' },
  /** Outbox events due (lib/store/outbox.ts): what the queue reads, so the consumer's notes on an event write nothing here. */
  GSI10: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['id', 'orderId', 'orderSeq', 'status'] },
};

function index(name: string, projection: Projection) {
  const n = name.slice(3);
  return {
    IndexName: name,
    KeySchema: [
      { AttributeName: `gsi${n}pk`, KeyType: 'HASH' as const },
      { AttributeName: `gsi${n}sk`, KeyType: 'RANGE' as const },
    ],
    Projection: projection,
  };
}

export const TTL_ATTRIBUTE = 'expiresAt';
