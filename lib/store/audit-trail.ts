import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../config.js';
import { changesBetween, type AuditEntity, type AuditRecord } from '../domain/audit-record.js';
import type { Caller } from '../domain/caller.js';
import { newId } from '../domain/ids.js';
import { ddb } from './client.js';
import { packChanges, unpackChanges } from './deflated.js';
import * as keys from './keys.js';
import { auditRecordCodec } from './records/audit.js';
import type { TransactItem } from './transact.js';

/** The audit record of a change, for the same transaction as the change itself: both or neither. */
export function auditPutItem(record: AuditRecord): TransactItem {
  const { entity, changes, ...rest } = record;
  return {
    Put: {
      TableName: tableName(),
      // `entity` marks every item's type in this table; the audited entity is kept as auditEntity.
      Item: {
        ...keys.auditRecord(record.tenantId, record.at, record.id),
        ...keys.auditOfEntity(record.tenantId, entity, record.entityId, record.at, record.id),
        entity: 'audit',
        auditEntity: entity,
        ...rest,
        ...packChanges(changes),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** One change as the audit trail tells it: what changed, from what to what, in whose trail. */
export interface AuditedChange {
  entity: AuditEntity;
  entityId: string;
  /** The tenant whose trail records it (the record's own tenant). */
  tenantId: string | undefined;
  action: string;
  before?: object;
  after?: object;
}

/** The audit record of one change by this caller, as an item of the transaction that makes it. */
export function auditChangeItem(
  caller: Pick<Caller, 'keyId' | 'role' | 'userId' | 'requestId'>,
  change: AuditedChange,
  at: string,
): TransactItem {
  return auditPutItem({
    id: newId(),
    tenantId: change.tenantId,
    at,
    actor: { keyId: caller.keyId, role: caller.role, ...(caller.userId ? { userId: caller.userId } : {}) },
    ...(caller.requestId ? { requestId: caller.requestId } : {}),
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    changes: changesBetween(change.before, change.after),
  });
}

/** An audit item as read back, its changes whole whether they were stored deflated or not. */
export const decodeAuditItem = (item: Record<string, unknown>): AuditRecord => {
  const { auditEntity, ...rest } = auditRecordCodec.decode(unpackChanges(item));
  return { ...rest, entity: auditEntity };
};

export interface AuditQuery {
  /** The tenant whose trail to read (undefined: platform records, those without a tenant). */
  tenantId: string | undefined;
  entity?: AuditEntity;
  entityId?: string;
  from?: string;
  to?: string;
  limit: number;
  /** Where the previous page stopped (opaque to callers). */
  after?: Record<string, unknown>;
}

/** Items one filtered page may read to fill itself before it answers short with a cursor (about 1 MB each round). */
const FILTERED_ROUNDS = 10;
const FILTERED_READ = 500;

/**
 * A page of a tenant's audit trail, newest first: one Query of the tenant's trail, or (with an
 * entity and id) of that record's trail on GSI1, between two instants. Filtered by entity alone,
 * it reads on past the other entities' records until the page is full or the trail ends (within
 * FILTERED_ROUNDS reads): a short page means the end, not that the first records read were others'.
 */
export async function readAudit(
  query: AuditQuery,
): Promise<{ records: AuditRecord[]; next?: Record<string, unknown> }> {
  const byRecord = query.entity !== undefined && query.entityId !== undefined;
  const filtered = query.entity !== undefined && !byRecord;
  const pk = byRecord
    ? keys.auditOfEntityPartition(query.tenantId, query.entity!, query.entityId!)
    : keys.auditPartition(query.tenantId);
  const range = keys.auditBetween(query.from, query.to);
  const [pkName, skName] = byRecord ? ['gsi1pk', 'gsi1sk'] : ['pk', 'sk'];
  const read = (start: Record<string, unknown> | undefined) =>
    ddb.send(
      new QueryCommand({
        TableName: tableName(),
        ...(byRecord ? { IndexName: 'GSI1' } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ...(filtered ? { FilterExpression: 'auditEntity = :entity' } : {}),
        ExpressionAttributeNames: { '#pk': pkName, '#sk': skName },
        ExpressionAttributeValues: {
          ':pk': pk,
          ':from': range.from,
          ':to': range.to,
          ...(filtered ? { ':entity': query.entity } : {}),
        },
        ScanIndexForward: false,
        Limit: filtered ? Math.max(query.limit, FILTERED_READ) : query.limit,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
  if (!filtered) {
    const page = await read(query.after);
    const records = (page.Items ?? []).map(decodeAuditItem);
    return { records, ...(page.LastEvaluatedKey ? { next: page.LastEvaluatedKey } : {}) };
  }
  const records: AuditRecord[] = [];
  let start = query.after;
  for (let round = 0; round < FILTERED_ROUNDS; round += 1) {
    const page = await read(start);
    const items = page.Items ?? [];
    for (const [i, item] of items.entries()) {
      records.push(decodeAuditItem(item));
      // Full: the next page starts after this record (the table's own key, as a Query's cursor is).
      if (records.length === query.limit) {
        const more = i < items.length - 1 || page.LastEvaluatedKey !== undefined;
        return { records, ...(more ? { next: { pk: item.pk, sk: item.sk } } : {}) };
      }
    }
    if (!page.LastEvaluatedKey) return { records };
    start = page.LastEvaluatedKey;
  }
  return { records, ...(start ? { next: start } : {}) };
}

/** Whether a page cursor points into this tenant's trail (a cursor cannot cross tenants). */
export const isCursorOfTrail = (tenantId: string | undefined, after: Record<string, unknown>): boolean =>
  after.pk === keys.auditPartition(tenantId);
