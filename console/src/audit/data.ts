import { api, call } from '../api/client.js';
import { clean } from '../api/clean.js';
import { cursorList } from '../api/cursor-list.js';
import { day, str } from '../api/filters.js';
import { type DataPart, records } from '../api/handlers.js';
import type { QueryOf } from '../api/types.js';

type AuditEntity = QueryOf<'/api/v1/audit', 'get'>['entity'];

/** The audit trail: the tenant's, by record type, record and dates; and one record's (its last 50). */
export const auditData = {
  handlers: {
    audit: {
      getList: (params, resource) =>
        cursorList(resource, params, false, async (request, perPage) => {
          const f = params.filter ?? {};
          const { body } = await call(
            api().GET('/api/v1/audit', {
              params: {
                query: clean({
                  limit: perPage,
                  cursor: request.cursor,
                  entity: str(f.entity) as AuditEntity,
                  id: str(f.entityId),
                  from: day(f.from, false),
                  to: day(f.to, true),
                }),
              },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        }),
      getManyReference: {
        entityId: async ({ id, filter }) => {
          const entity = str(filter?.entity) as AuditEntity;
          const { body } = await call(
            api().GET('/api/v1/audit', { params: { query: clean({ id: String(id), entity, limit: 50 }) } }),
          );
          return records(body.data);
        },
      },
    },
  },
} satisfies DataPart;
