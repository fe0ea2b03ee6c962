import type { Static } from '@sinclair/typebox';
import type { Caller } from '../domain/caller.js';
import { cursorRefused, invalidField } from '../domain/errors.js';
import { parseInstant } from '../domain/instant.js';
import type { CursorMeta } from '../domain/paging.js';
import type { AuditRecord, listAudit as ListRoute } from '../schemas/audit-trail.js';
import { isCursorOfTrail, readAudit } from '../store/audit-trail.js';
import { decodeCursor, encodeCursor } from './shared/cursor.js';
import { owningTenant } from './shared/tenancy.js';

type ListQuery = Static<NonNullable<(typeof ListRoute)['query']>>;

const instant = (value: string | undefined, field: string): string | undefined => {
  if (value === undefined) return undefined;
  const parsed = parseInstant(value);
  if (!parsed) throw invalidField(field, 'must be a real date-time, e.g. 2026-01-31T09:30:00Z');
  return parsed;
};

/** A page of the tenant's audit trail, newest first, paged by cursor. */
export async function listAudit(
  caller: Caller,
  query: ListQuery,
): Promise<{ data: Array<Static<typeof AuditRecord>>; meta: CursorMeta }> {
  if (query.id !== undefined && query.entity === undefined)
    throw invalidField('entity', 'is required with id: the kind of record it names, e.g. entity=order');
  const tenantId = owningTenant(caller, query.tenantId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after) throw cursorRefused('cursor', 'this is not one the API gave');
  if (after && !isCursorOfTrail(tenantId, after))
    throw cursorRefused('cursor', "this one belongs to another tenant's listing");
  const page = await readAudit({
    tenantId,
    entity: query.entity,
    entityId: query.id,
    from: instant(query.from, 'from'),
    to: instant(query.to, 'to'),
    limit: query.limit,
    after,
  });
  return {
    data: page.records,
    meta: { limit: query.limit, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) },
  };
}
