import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import type { ProfileImage, StoredImage } from '../domain/tenant-profile.js';
import { ddb } from './client.js';
import * as keys from './keys.js';
import { type TenantProfileItem, tenantProfileCodec } from './records/tenant-profile.js';
import { transact, type TransactItem } from './transact.js';

export type { TenantProfileItem } from './records/tenant-profile.js';

/** The profile's text fields: everything an admin sets in one PUT (the images have routes of their own). */
export type ProfileText = Omit<
  TenantProfileItem,
  'tenantId' | 'logo' | 'stamp' | 'version' | 'updatedAt' | 'updatedBy'
>;

export async function getTenantProfile(tenantId: string, consistent = false): Promise<TenantProfileItem | undefined> {
  const { Item } = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: keys.tenantProfile(tenantId), ConsistentRead: consistent }),
  );
  return Item ? tenantProfileCodec.decode(Item) : undefined;
}

/** The profile as it will be after a change: the text replaced or an image set or removed, one version on. */
export function nextProfile(
  tenantId: string,
  current: TenantProfileItem | undefined,
  change: { text: ProfileText } | { image: ProfileImage; stored: StoredImage | undefined },
  by: string | undefined,
): TenantProfileItem {
  const { tenantId: _tenant, version: _version, updatedAt: _at, updatedBy: _by, ...kept } = current ?? { tenantId };
  const images = {
    ...(current?.logo ? { logo: current.logo } : {}),
    ...(current?.stamp ? { stamp: current.stamp } : {}),
  };
  const body =
    'text' in change
      ? { ...change.text, ...images }
      : (() => {
          const { [change.image]: _old, ...rest } = kept as Record<string, unknown>;
          return { ...rest, ...(change.stored ? { [change.image]: change.stored } : {}) };
        })();
  return {
    ...(body as ProfileText),
    tenantId,
    version: (current?.version ?? 0) + 1,
    updatedAt: new Date().toISOString(),
    ...(by ? { updatedBy: by } : {}),
  };
}

/**
 * Writes `next` if the stored profile is still at the version it was made from (none: there is
 * none yet), with `alongside` (its audit record) in the same transaction. False when someone
 * else saved it first.
 */
export async function saveTenantProfile(next: TenantProfileItem, alongside: TransactItem[]): Promise<boolean> {
  const previous = next.version - 1;
  const outcome = await transact([
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.tenantProfile(next.tenantId), entity: 'tenantProfile', ...next },
        ConditionExpression: previous === 0 ? 'attribute_not_exists(pk)' : '#version = :previous',
        ...(previous === 0
          ? {}
          : {
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':previous': previous },
            }),
      },
    },
    ...alongside,
  ]);
  return outcome.ok;
}
