import { BatchGetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { ddb } from './client.js';
import { cancellationReasons } from './errors.js';
import { keys, withoutKeys } from './keys.js';
import { visibleTo } from './visibility.js';
import { newWalletItem, type WalletRecord } from './wallets.js';

export interface CustomerRecord {
  id: string;
  name: string;
  mobileNumber: string;
  email?: string;
  idNumber?: string;
  country?: string;
  address?: string;
  tenantId?: string;
  walletId: string;
  createdAt: string;
  updatedAt: string;
}

export type CreateCustomerOutcome =
  | { ok: true }
  | { ok: false; reason: 'duplicate-phone' | 'unknown-tenant' };

/**
 * Writes the customer, its phone claim (uniqueness per tenant), and its empty wallet in one
 * transaction, checking that the tenant exists: two racing creations of one number leave
 * exactly one customer.
 */
export async function insertCustomer(customer: CustomerRecord, wallet: WalletRecord): Promise<CreateCustomerOutcome> {
  const table = tableName();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: {
                ...keys.customer(customer.id),
                ...keys.customerPhoneIndex(customer.mobileNumber, customer.tenantId),
                entity: 'customer',
                ...customer,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: table,
              Item: { ...keys.phoneClaim(customer.tenantId, customer.mobileNumber), entity: 'phoneClaim', customerId: customer.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          newWalletItem(wallet),
          ...(customer.tenantId
            ? [{ ConditionCheck: { TableName: table, Key: keys.tenant(customer.tenantId), ConditionExpression: 'attribute_exists(pk)' } }]
            : []),
        ],
      }),
    );
    return { ok: true };
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[1]?.Code === 'ConditionalCheckFailed') return { ok: false, reason: 'duplicate-phone' };
    if (reasons?.[3]?.Code === 'ConditionalCheckFailed') return { ok: false, reason: 'unknown-tenant' };
    throw error;
  }
}

/** Exact phone lookup: one Query on GSI1, narrowed to the caller's tenant when it has one. */
export async function findCustomersByPhone(e164: string, scope: string | undefined): Promise<CustomerRecord[]> {
  const index = keys.customerPhoneIndex(e164, scope);
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: scope === undefined ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: scope === undefined ? { ':pk': index.gsi1pk } : { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
      Limit: 50,
    }),
  );
  return (Items ?? []).map((item) => withoutKeys(item) as unknown as CustomerRecord);
}

/** Customer and wallet in one round trip (the wallet id is derived from the customer id). */
export async function getCustomerWithWallet(
  id: string,
  walletId: string,
  scope: string | undefined,
): Promise<{ customer: CustomerRecord; wallet: WalletRecord } | undefined> {
  const table = tableName();
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: [keys.customer(id), keys.wallet(walletId)], ConsistentRead: true } } }),
  );
  const items = Responses?.[table] ?? [];
  const customerItem = items.find((i) => i.sk === 'CUSTOMER');
  const walletItem = items.find((i) => i.sk === 'WALLET');
  if (!customerItem || !walletItem) return undefined;
  const customer = withoutKeys(customerItem) as unknown as CustomerRecord;
  if (!visibleTo(customer.tenantId, scope)) return undefined;
  return { customer, wallet: withoutKeys(walletItem) as unknown as WalletRecord };
}
