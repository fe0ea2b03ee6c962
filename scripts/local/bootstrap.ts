import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { s3 } from '../../lib/archive/s3.js';
import { tableDefinition, TTL_ATTRIBUTE } from '../../lib/store/table.js';

/** The local stack's secret of the buyers' tracking links (serverless.yml: params.local.trackingLinkSecret). */
const LOCAL_TRACKING_LINK_SECRET = 'local-tracking-link-secret';

/** Environment the service and the scripts read; the SDK picks the endpoints up by itself. */
export function localEnvironment(options: {
  dynamoEndpoint: string;
  s3Endpoint: string;
  lambdaEndpoint: string;
  tableName: string;
  bucketName: string;
}) {
  return {
    AWS_REGION: 'us-east-1',
    // npm start prints its own one-line note about the Node version instead.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER', // s3rver accepts only its own credentials; DynamoDB Local any
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: options.dynamoEndpoint,
    AWS_ENDPOINT_URL_S3: options.s3Endpoint,
    // serverless-offline's Invoke API: the document route invokes the PDF renderer there.
    AWS_ENDPOINT_URL_LAMBDA: options.lambdaEndpoint,
    // As serverless.yml names the renderer on the local stage (for scripts and tests that call the use case).
    DOCUMENT_RENDERER_FUNCTION: 'vehicle-purchase-orders-local-renderOrderDocument',
    TABLE_NAME: options.tableName,
    BUCKET_NAME: options.bucketName,
    RATE_LIMIT_MODE: 'dynamodb',
    // As serverless.yml's local stage sets it (params.local.trackingLinkSecret), for scripts and tests that call the use cases.
    TRACKING_LINK_SECRET: LOCAL_TRACKING_LINK_SECRET,
  };
}

/** Creates the table (with its GSIs and TTL) and the bucket when missing. */
export async function ensureTableAndBucket(tableName: string, bucketName: string): Promise<void> {
  const client = new DynamoDBClient({});
  let freshTable = false;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const added = await addMissingIndexes(
      client,
      tableName,
      new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName ?? '')),
    );
    // Orders kept from a version before the order lists had their own indexes move to them.
    if (added.includes('GSI8')) await (await import('../../lib/store/order-layout.js')).moveOrdersToPartsLayout();
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
    freshTable = true;
  }
  client.destroy();
  // Customers kept from a version before the lists by name get their list keys, once per table.
  const { runOnce } = await import('../../lib/store/migrations.js');
  await runOnce('customer-lists', async () => (await import('../../lib/store/customers.js')).keyCustomerLists(), {
    freshTable,
  });
  // Pending billing entries kept from a version before the queue of entries to confirm join it, once.
  await runOnce('order-numbers', async () => (await import('../../lib/store/order-numbers.js')).keyOrderNumbers(), {
    freshTable,
  });
  await runOnce(
    'pending-billing',
    async () => (await import('../../lib/store/order-children.js')).keyPendingBilling(),
    { freshTable },
  );
  // Orders kept from a version before the status list (GSI9) join it under their current status, once.
  await runOnce('order-statuses', async () => (await import('../../lib/store/order-counts.js')).keyOrderStatuses(), {
    freshTable,
  });
  // Failed chat messages kept from a version before the tenant's list of them join it, once.
  await runOnce('failed-messages', async () => (await import('../../lib/store/chat-messages.js')).keyFailedMessages(), {
    freshTable,
  });
  // Orders kept from a version that had their car's pictures on the head move them to their picture archive part, once.
  await runOnce(
    'order-pictures',
    async () => (await import('../../lib/store/order-layout.js')).moveOrderPicturesToArchivePart(),
    { freshTable },
  );
  // Inspections kept from a version before the inspectors' agendas join their inspector's, once.
  await runOnce(
    'inspection-agendas',
    async () => (await import('../../lib/store/order-children.js')).keyInspectionAgendas(),
    { freshTable },
  );
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucketName }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: bucketName }));
  }
  // A catalogue snapshot kept from a version before VPOCAT3, which the car list no longer maps, is converted, once.
  await runOnce(
    'catalogue-snapshot-format',
    async () => (await import('../../lib/use-cases/catalogue-feeds/upgrade-snapshot.js')).upgradeCatalogueSnapshot(),
    {
      freshTable,
    },
  );
}

/** A table kept in .local from an older version gains the indexes added since (their names). */
async function addMissingIndexes(client: DynamoDBClient, tableName: string, existing: Set<string>): Promise<string[]> {
  const definition = tableDefinition(tableName);
  const added: string[] = [];
  for (const index of definition.GlobalSecondaryIndexes ?? []) {
    if (existing.has(index.IndexName ?? '')) continue;
    added.push(index.IndexName ?? '');
    const attributes = new Set(index.KeySchema?.map((k) => k.AttributeName));
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: definition.AttributeDefinitions?.filter((a) => attributes.has(a.AttributeName)),
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection } },
        ],
      }),
    );
  }
  return added;
}
