import * as Type from '@sinclair/typebox';
import { AUDIT_ENTITIES } from '../domain/audit-record.js';
import { DateTime, Id } from './common.js';
import { defineRoute } from './route.js';

export const AuditRecord = Type.Object(
  {
    id: Type.String(),
    tenantId: Type.Optional(Type.String()),
    at: DateTime,
    actor: Type.Object({ keyId: Type.String(), userId: Type.Optional(Type.String()), role: Type.String() }),
    requestId: Type.Optional(Type.String()),
    entity: Type.Union(AUDIT_ENTITIES.map((e) => Type.Literal(e))),
    entityId: Type.String(),
    action: Type.String(),
    changes: Type.Record(
      Type.String(),
      Type.Object({ before: Type.Optional(Type.Unknown()), after: Type.Optional(Type.Unknown()) }),
    ),
  },
  { title: 'AuditRecord' },
);

export const listAudit = defineRoute({
  id: 'listAudit',
  folder: 'audit',
  method: 'GET',
  path: '/api/v1/audit',
  tag: 'Audit',
  summary: "Your tenant's audit trail, newest first (admin)",
  description:
    'Every change to orders, billing entries, contracts, inspections, wallets, customers, users and keys, written in the same transaction as the change: who (key, user, role), what (entity, id, action, fields before and after), when, and the request id. Filter by entity (and id), and by time with from/to. Paged by cursor: pass meta.nextCursor as cursor for the next page.',
  status: 200,
  roles: [],
  cursorList: true,
  query: Type.Object(
    {
      entity: Type.Optional(Type.Union(AUDIT_ENTITIES.map((e) => Type.Literal(e)))),
      id: Type.Optional(Id),
      from: Type.Optional(DateTime),
      to: Type.Optional(DateTime),
      limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
      cursor: Type.Optional(Type.String({ maxLength: 2000 })),
      tenantId: Type.Optional(Id),
    },
    { additionalProperties: false },
  ),
  response: Type.Array(AuditRecord),
});
