import { BatchGetCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { nameSearchKey } from '../domain/name-search.js';
import { tenantInScope, type Scope } from '../domain/scope.js';
import { ddb } from './client.js';
import { marketerAccessItem } from './customer-access.js';
import * as keys from './keys.js';
import { type CustomerRecord, customerAccessCodec, customerCodec } from './records/customer.js';
import { walletCodec } from './records/wallet.js';
import type { TransactItem } from './transact.js';
import { newWalletItem, type WalletRecord } from './wallets.js';
import { scanEach } from './scan-each.js';

export type { CustomerRecord } from './records/customer.js';

/**
 * A new customer's items: the customer, its phone claim (uniqueness per tenant), its empty
 * wallet, a check that its tenant exists, and the access of the marketer who creates it (who may
 * see it from then on). Two racing creations of one number leave exactly one customer: the
 * other's transaction is refused on `phoneClaim`; one for an unknown tenant on `tenantCheck`.
 */
export function newCustomerItems(
  customer: CustomerRecord,
  wallet: WalletRecord,
  marketerId: string | undefined,
): { items: TransactItem[]; phoneClaim: TransactItem; tenantCheck?: TransactItem } {
  const table = tableName();
  const phoneClaim: TransactItem = {
    Put: {
      TableName: table,
      Item: {
        ...keys.phoneClaim(customer.tenantId, customer.mobileNumber),
        entity: 'phoneClaim',
        customerId: customer.id,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const tenantCheck: TransactItem | undefined = customer.tenantId
    ? {
        ConditionCheck: {
          TableName: table,
          Key: keys.tenant(customer.tenantId),
          ConditionExpression: 'attribute_exists(pk)',
        },
      }
    : undefined;
  const items: TransactItem[] = [
    { Put: { TableName: table, Item: customerItem(customer), ConditionExpression: 'attribute_not_exists(pk)' } },
    phoneClaim,
    newWalletItem(wallet),
    ...(tenantCheck ? [tenantCheck] : []),
    ...(marketerId ? [marketerAccessItem(customer, marketerId)] : []),
  ];
  return { items, phoneClaim, ...(tenantCheck ? { tenantCheck } : {}) };
}

/** The customer item: the record, its phone on GSI1 and its place in the tenant's list by name on GSI2. */
const customerItem = (customer: CustomerRecord) => ({
  ...keys.customer(customer.id),
  ...keys.customerPhoneIndex(customer.mobileNumber, customer.tenantId),
  ...keys.customerNameIndex(customer.tenantId, nameSearchKey(customer.name), customer.id),
  entity: 'customer',
  ...customer,
});

/** Which of these customers a marketer may see (one BatchGet of their access links). */
async function accessibleTo(marketerId: string, customerIds: string[]): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const table = tableName();
  const { Responses } = await ddb.send(
    new BatchGetCommand({
      RequestItems: {
        [table]: { Keys: customerIds.map((id) => keys.customerAccess(id, marketerId)), ConsistentRead: true },
      },
    }),
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
      ExpressionAttributeValues:
        scope.tenantId === undefined ? { ':pk': index.gsi1pk } : { ':pk': index.gsi1pk, ':sk': index.gsi1sk },
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
  const wanted = [
    keys.customer(id),
    keys.wallet(walletId),
    ...(scope.marketerId ? [keys.customerAccess(id, scope.marketerId)] : []),
  ];
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: wanted, ConsistentRead: true } } }),
  );
  const items = Responses?.[table] ?? [];
  const customerItem = items.find((i) => i.sk === 'CUSTOMER');
  const walletItem = items.find((i) => i.sk === 'WALLET');
  if (!customerItem || !walletItem) return undefined;
  const customer = customerCodec.decode(customerItem);
  if (!tenantInScope(customer.tenantId, scope)) return undefined;
  if (scope.marketerId !== undefined && !items.some((i) => String(i.sk).startsWith('ACCESS#MARKETER#')))
    return undefined;
  return { customer, wallet: walletCodec.decode(walletItem) };
}

/**
 * The customer an order names, for documents made from the order (a contract): the order being in
 * the caller's scope is what grants the read, so only the tenant is checked here.
 */
export async function getOrderCustomer(
  customerId: string,
  tenantId: string | undefined,
): Promise<CustomerRecord | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.customer(customerId) }));
  if (!Item) return undefined;
  const customer = customerCodec.decode(Item);
  return customer.tenantId === tenantId ? customer : undefined;
}

/**
 * The languages that decide a customer's messages, in one BatchGet: their own, and their tenant's
 * default for customers who did not choose one.
 */
export async function chatLanguagesOf(
  customerId: string,
  tenantId: string | undefined,
): Promise<{ customer?: unknown; tenant?: unknown }> {
  const table = tableName();
  const wanted = [keys.customer(customerId), ...(tenantId ? [keys.tenant(tenantId)] : [])];
  const { Responses } = await ddb.send(
    new BatchGetCommand({
      RequestItems: {
        [table]: {
          Keys: wanted,
          ProjectionExpression: 'sk, #language, defaultLanguage',
          ExpressionAttributeNames: { '#language': 'language' },
        },
      },
    }),
  );
  const items = Responses?.[table] ?? [];
  return {
    customer: items.find((i) => i.sk === 'CUSTOMER')?.language,
    tenant: items.find((i) => i.sk === 'TENANT')?.defaultLanguage,
  };
}

export interface CustomerPage {
  customers: CustomerRecord[];
  /** Where the next page starts; absent on the last page. */
  next?: Record<string, unknown>;
}

/**
 * A page of the customers in the caller's scope, by name, optionally those whose name begins with
 * `namePrefix` (in its search form). A tenant's: one Query of its list on GSI2. A marketer's: one
 * Query of their links on GSI3 and one BatchGet of those customers. Never a Scan.
 */
export async function listCustomersByName(
  scope: Scope,
  options: { namePrefix?: string; limit: number; after?: Record<string, unknown> },
): Promise<CustomerPage> {
  const table = tableName();
  const ofMarketer = scope.marketerId !== undefined;
  const [index, pkName, skName, pk] = ofMarketer
    ? (['GSI3', 'gsi3pk', 'gsi3sk', keys.customersOfMarketer(scope.marketerId!)] as const)
    : (['GSI2', 'gsi2pk', 'gsi2sk', keys.customersOfTenant(scope.tenantId)] as const);
  const prefix = options.namePrefix === undefined ? undefined : nameSearchKey(options.namePrefix);
  const page = await ddb.send(
    new QueryCommand({
      TableName: table,
      IndexName: index,
      KeyConditionExpression: prefix ? '#pk = :pk AND begins_with(#sk, :prefix)' : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': pkName, ...(prefix ? { '#sk': skName } : {}) },
      ExpressionAttributeValues: { ':pk': pk, ...(prefix ? { ':prefix': prefix } : {}) },
      Limit: options.limit,
      ...(options.after ? { ExclusiveStartKey: options.after } : {}),
    }),
  );
  const next = page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {};
  if (!ofMarketer) return { customers: (page.Items ?? []).map(customerCodec.decode), ...next };
  const ids = (page.Items ?? []).map((item) => customerAccessCodec.decode(item).customerId);
  if (ids.length === 0) return { customers: [], ...next };
  const { Responses } = await ddb.send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: ids.map((id) => keys.customer(id)) } } }),
  );
  const byId = new Map((Responses?.[table] ?? []).map((item) => [String(item.id), customerCodec.decode(item)]));
  // The page keeps the links' order (by name); a customer is never deleted, so each link finds one.
  return {
    customers: ids.flatMap((id) => byId.get(id) ?? []).filter((c) => tenantInScope(c.tenantId, scope)),
    ...next,
  };
}

/**
 * Whether a page cursor points into the list this scope reads, within the same search: a cursor
 * cannot cross tenants or marketers, and one of another `q` would start outside the Query's range.
 */
export function isCursorOfCustomerList(
  scope: Scope,
  after: Record<string, unknown>,
  namePrefix: string | undefined,
): boolean {
  const [pk, sk] =
    scope.marketerId !== undefined
      ? [after.gsi3pk === keys.customersOfMarketer(scope.marketerId), after.gsi3sk]
      : [after.gsi2pk === keys.customersOfTenant(scope.tenantId), after.gsi2sk];
  return pk && typeof sk === 'string' && sk.startsWith(namePrefix === undefined ? '' : nameSearchKey(namePrefix));
}

/**
 * Gives the customers and marketer links written before the lists by name existed their list
 * keys (GSI2, GSI3). An offline staff tool (a Scan): the local stack runs it once on a table kept
 * from an older version; docs/deploying.md runs it in AWS. Returns how many items it keyed.
 */
export async function keyCustomerLists(): Promise<number> {
  const table = tableName();
  const names = new Map<string, CustomerRecord>();
  const customerOf = async (id: string) => {
    if (!names.has(id)) {
      const { Item } = await ddb.send(new GetCommand({ TableName: table, Key: keys.customer(id) }));
      if (Item) names.set(id, customerCodec.decode(Item));
    }
    return names.get(id);
  };
  return scanEach(
    {
      TableName: table,
      FilterExpression:
        '(entity = :customer AND attribute_not_exists(gsi2pk)) OR (entity = :access AND attribute_not_exists(gsi3pk))',
      ExpressionAttributeValues: { ':customer': 'customer', ':access': 'customerAccess' },
    },
    async (item) => {
      const isCustomer = item.entity === 'customer';
      const customer = isCustomer
        ? customerCodec.decode(item)
        : await customerOf(customerAccessCodec.decode(item).customerId);
      if (!customer) return false;
      const index = isCustomer
        ? keys.customerNameIndex(customer.tenantId, nameSearchKey(customer.name), customer.id)
        : keys.marketerCustomerIndex(String(item.marketerId), nameSearchKey(customer.name), customer.id);
      const [[pkName, pkValue], [skName, skValue]] = Object.entries(index) as [[string, string], [string, string]];
      await ddb.send(
        new UpdateCommand({
          TableName: table,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: 'SET #pk = :pk, #sk = :sk',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
          ExpressionAttributeValues: { ':pk': pkValue, ':sk': skValue },
        }),
      );
      return true;
    },
  );
}
