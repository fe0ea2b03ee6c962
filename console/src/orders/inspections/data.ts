import { api, call } from '../../api/client.js';
import { clean } from '../../api/clean.js';
import { cursorList } from '../../api/cursor-list.js';
import { str } from '../../api/filters.js';
import { type DataPart, ok, records } from '../../api/handlers.js';
import type { BodyOf } from '../../api/types.js';

/** Inspections: the open ones (an inspector's agenda), an order's, one, a new one, and the inspectors to choose from; a status move. */
export const inspectionsData = {
  handlers: {
    inspections: {
      getList: (params, resource) =>
        cursorList(resource, params, false, async (request, perPage) => {
          const f = params.filter ?? {};
          const { body } = await call(
            api().GET('/api/v1/inspections', {
              params: {
                query: clean({
                  limit: perPage,
                  cursor: request.cursor,
                  inspectorId: str(f.inspectorId),
                  open: f.open === true ? true : undefined,
                }),
              },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        }),
      getManyReference: {
        orderId: async ({ id }) =>
          records(
            (await call(api().GET('/api/v1/orders/{id}/inspections', { params: { path: { id: String(id) } } }))).body
              .data,
          ),
      },
      getOne: async ({ id }) =>
        ok((await call(api().GET('/api/v1/inspections/{id}', { params: { path: { id: String(id) } } }))).body.data),
      create: async ({ data }) =>
        ok(
          (
            await call(
              api().POST('/api/v1/inspections', { body: clean(data) as BodyOf<'/api/v1/inspections', 'post'> }),
            )
          ).body.data,
        ),
    },
    inspectors: {
      getList: async () => records((await call(api().GET('/api/v1/inspectors'))).body.data),
    },
  },
  actions: {
    inspectionStatus: async (id: string, body: BodyOf<'/api/v1/inspections/{id}/status', 'patch'>) =>
      (await call(api().PATCH('/api/v1/inspections/{id}/status', { params: { path: { id } }, body: clean(body) }))).body
        .data,
  },
} satisfies DataPart;

export type InspectionsActions = typeof inspectionsData.actions;
