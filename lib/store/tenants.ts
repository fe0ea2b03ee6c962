import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { newId } from '../domain/ids.js';
import { ddb } from './client.js';
import { queryAll } from './query-all.js';
import { cancellationReasons, isConditionalCheckFailed } from './errors.js';
import * as keys from './keys.js';
import { type Tenant, tenantCodec } from './records/tenant.js';
import type { TransactItem } from './transact.js';

export type { Tenant } from './records/tenant.js';

/** @public (the CLI loads this module lazily and tells this refusal apart) */
export class SubdomainTakenError extends Error {
  constructor(readonly subdomain: string) {
    super(`The subdomain "${subdomain}" is already used by another tenant`);
  }
}

export async function createTenant(input: Omit<Tenant, 'id' | 'createdAt'> & { id?: string }): Promise<Tenant> {
  const tenant: Tenant = {
    ...input,
    subdomain: input.subdomain.toLowerCase(),
    id: input.id ?? newId(),
    createdAt: new Date().toISOString(),
  };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.tenant(tenant.id), ...keys.tenantIndex(tenant.name), entity: 'tenant', ...tenant },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.subdomain(tenant.subdomain), entity: 'subdomain', tenantId: tenant.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[1]?.Code === 'ConditionalCheckFailed') throw new SubdomainTakenError(tenant.subdomain);
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed')
      throw new Error(`A tenant with id ${tenant.id} already exists`);
    throw error;
  }
  return tenant;
}

/** @public (the CLI tells this refusal apart) */
export class TenantChangedError extends Error {
  constructor(readonly tenantId: string) {
    super(`The tenant ${tenantId} changed its subdomain meanwhile: read it again and retry`);
  }
}

/**
 * Gives a tenant another subdomain and frees its old one for any tenant to take, with the change's
 * audit record, in one transaction. Refused when the new one is taken (SubdomainTakenError) or the
 * tenant's subdomain is no longer `tenant.subdomain` (TenantChangedError).
 */
export async function moveTenantSubdomain(tenant: Tenant, subdomain: string, audit: TransactItem): Promise<Tenant> {
  const next = subdomain.toLowerCase();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.tenant(tenant.id),
              UpdateExpression: 'SET subdomain = :next',
              ConditionExpression: 'subdomain = :current',
              ExpressionAttributeValues: { ':next': next, ':current': tenant.subdomain },
            },
          },
          {
            Delete: {
              TableName: tableName(),
              Key: keys.subdomain(tenant.subdomain),
              ConditionExpression: 'tenantId = :tenantId',
              ExpressionAttributeValues: { ':tenantId': tenant.id },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.subdomain(next), entity: 'subdomain', tenantId: tenant.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          audit,
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons?.[2]?.Code === 'ConditionalCheckFailed') throw new SubdomainTakenError(next);
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed' || reasons?.[1]?.Code === 'ConditionalCheckFailed')
      throw new TenantChangedError(tenant.id);
    throw error;
  }
  return { ...tenant, subdomain: next };
}

export async function getTenant(id: string): Promise<Tenant | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.tenant(id) }));
  return Item ? tenantCodec.decode(Item) : undefined;
}

export async function getTenantBySubdomain(subdomain: string): Promise<Tenant | undefined> {
  const { Item } = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.subdomain(subdomain) }));
  return Item ? getTenant(String(Item.tenantId)) : undefined;
}

export async function listTenants(): Promise<Tenant[]> {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'GSI1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.tenantList },
  });
  return items.map(tenantCodec.decode);
}

/**
 * Changes a tenant's settings (the staff CLI's `tenants update`), its catalogue's among them;
 * undefined when there is no such tenant. The API's catalogue keeps a tenant for up to
 * CATALOGUE_REFRESH_SECONDS per container (lib/catalogue/live.ts), so a catalogue change shows there within that.
 */
export async function updateTenantSettings(
  id: string,
  settings: Partial<
    Pick<
      Tenant,
      | 'markup'
      | 'visibleProviders'
      | 'publishedOnly'
      | 'requireSecondApprover'
      | 'defaultLanguage'
      | 'country'
      | 'timeZone'
    >
  >,
): Promise<Tenant | undefined> {
  const changes = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (changes.length === 0) return getTenant(id);
  try {
    const { Attributes } = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.tenant(id),
        UpdateExpression: `SET ${changes.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: Object.fromEntries(changes.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(changes.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return tenantCodec.decode(Attributes ?? {});
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
