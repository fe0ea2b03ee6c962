import { api, call } from '../../api/client.js';
import { clean } from '../../api/clean.js';
import { cursorList } from '../../api/cursor-list.js';
import { str } from '../../api/filters.js';
import { type DataPart, ok, records } from '../../api/handlers.js';
import type { BodyOf, QueryOf } from '../../api/types.js';

/** Billing entries: the tenant's pending queue, an order's entries, a new entry; confirming one and attaching its document. */
export const billingData = {
  handlers: {
    billing: {
      getList: (params, resource) =>
        cursorList(resource, params, false, async (request, perPage) => {
          const type = str(params.filter?.type) as QueryOf<'/api/v1/billing', 'get'>['type'];
          const { body } = await call(
            api().GET('/api/v1/billing', {
              params: { query: clean({ status: 'Pending' as const, type, limit: perPage, cursor: request.cursor }) },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        }),
      getManyReference: {
        orderId: async ({ id }) =>
          records(
            (await call(api().GET('/api/v1/orders/{id}/billing', { params: { path: { id: String(id) } } }))).body.data,
          ),
      },
      create: async ({ data }) =>
        ok(
          (await call(api().POST('/api/v1/billing', { body: clean(data) as BodyOf<'/api/v1/billing', 'post'> }))).body
            .data,
        ),
    },
  },
  actions: {
    confirmBilling: async (id: string) =>
      (await call(api().PATCH('/api/v1/billing/{id}/confirm', { params: { path: { id } } }))).body.data,
    billingDocument: async (id: string, body: BodyOf<'/api/v1/billing/{id}/document-url', 'patch'>) =>
      (await call(api().PATCH('/api/v1/billing/{id}/document-url', { params: { path: { id } }, body: clean(body) })))
        .body.data,
  },
} satisfies DataPart;

export type BillingActions = typeof billingData.actions;
