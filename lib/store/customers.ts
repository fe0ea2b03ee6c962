import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { cancellationReasons } from './errors.js';
import * as keys from './keys.js';
import { type CustomerRecord, customerAccessCodec, customerCodec } from './records/customer.js';
import { walletCodec } from './records/wallet.js';
import type { TransactItem } from './transact.js';
import { newWalletItem, type WalletRecord } from './wallets.js';

export type { CustomerRecord } from './records/customer.js';

export type CreateCustomerOutcome = { ok: true } | { ok: false; reason: 'duplicate-phone' | 'unknown-tenant' };

/**
 * Writes the customer, its phone claim (uniqueness per tenant), and its empty wallet in one
 * transaction, checking that the tenant exists: two racing creations of one number leave
 * exactly one customer. A marketer who creates a customer may see it from then on.
 */
export async function insertCustomer(
  customer: CustomerRecord,
  wallet: WalletRecord,
  marketerId: string | undefined,
  alongside: TransactItem[],
): Promise<CreateCustomerOutcome> {
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
          ...(marketerId
            ? [
                {
                  Put: {
                    TableName: table,
                    Item: {
                      ...keys.customerAccess(customer.id, marketerId),
                      entity: 'customerAccess',
                      customerId: customer.id,
                      marketerId,
                      tenantId: customer.tenantId,
                    },
                  },
                },
              ]
            : []),
          ...alongside,
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

/** Which of these customers a marketer may see (one BatchGet of their access links). */
async function accessibleTo(marketerId: string, customerIds: string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const table = tableName();
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: customerIds.map((id) => keys.customerAccess(id, marketerId)), ConsistentRead: true } } }),
  );
  return new Set((Responses?.[table] ?? []).map((item) => customerAccessCodec.decode(item).customerId));
}

/** Exact phone lookup in the caller's scope: one Query on GSI1, narrowed to the tenant by its sort key. */
export async function findCustomersByPhone(scope: Scope, e164: string): Promise<CustomerRecord[]> {
  const index = keys.customerPhoneIndex(e164, scope.tenantId);
  const { Items } = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: scope.tenantId === undefined ? 'gsi1pk = :pk' : 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: scope.tenantId === undefined ? { ':pk': index.gsi1pk } : { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
      Limit: 50,
    }),
  );
  const found = (Items ?? []).map(customerCodec.decode);
  if (scope.marketerId === undefined) return found;
  const allowed = await accessibleTo(
    scope.marketerId,
    found.map((c) => c.id),
  );
  return found.filter((c) => allowed.has(c.id));
}

/**
 * Customer and wallet in one round trip (the wallet id is derived from the customer id), with a
 * marketer's access link read alongside; undefined when the customer is not in the caller's scope.
 */
export async function getCustomerWithWallet(
  scope: Scope,
  id: string,
  walletId: string,
): Promise<{ customer: CustomerRecord; wallet: WalletRecord } | undefined> {
  const table = tableName();
  const wanted = [keys.customer(id), keys.wallet(walletId), ...(scope.marketerId ? [keys.customerAccess(id, scope.marketerId)] : [])];
  const { Responses } = await ddb.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: wanted, ConsistentRead: true } } }));
  const items = Responses?.[table] ?? [];
  const customerItem = items.find((i) => i.sk === 'CUSTOMER');
  const walletItem = items.find((i) => i.sk === 'WALLET');
  if (!customerItem || !walletItem) return undefined;
  const customer = customerCodec.decode(customerItem);
  if (!tenantInScope(customer.tenantId, scope)) return undefined;
  if (scope.marketerId !== undefined && !items.some((i) => String(i.sk).startsWith('ACCESS#MARKETER#'))) return undefined;
  return { customer, wallet: walletCodec.decode(walletItem) };
}

/**
 * The customer an order names, for documents made from the order (a contract): the order being in
 * the caller's scope is what grants the read, so only the tenant is checked here.
 */
export async function getOrderCustomer(customerId: string, tenantId: string | undefined): Promise<CustomerRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.customer(customerId) }));
  if (!Item) return undefined;
  const customer = customerCodec.decode(Item);
  return customer.tenantId === tenantId ? customer : undefined;
}

/**
 * The languages that decide a customer's messages, in one BatchGet: their own, and their tenant's
 * default for customers who did not choose one.
 */
export async function chatLanguagesOf(customerId: string, tenantId: string | undefined): Promise<{ customer?: unknown; tenant?: unknown }> {
  const table = tableName();
  const wanted = [keys.customer(customerId), ...(tenantId ? [keys.tenant(tenantId)] : [])];
  const { Responses } = await ddb.send(
    new BatchGetCommand({
      RequestItems: {
        [table]: { Keys: wanted, ProjectionExpression: 'sk, #language, defaultLanguage', ExpressionAttributeNames: { '#language': 'language' } },
      },
    }),
  );
  const items = Responses?.[table] ?? [];
  return { customer: items.find((i) => i.sk === 'CUSTOMER')?.language, tenant: items.find((i) => i.sk === 'TENANT')?.defaultLanguage };
}
