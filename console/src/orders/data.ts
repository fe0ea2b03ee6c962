import { api, call, ifMatch } from '../api/client.js';
import { cursorList } from '../api/cursor-list.js';
import { clean } from '../api/clean.js';
import { day, str } from '../api/filters.js';
import { type DataPart, ok } from '../api/handlers.js';
import type { BodyOf, OrderStatus } from '../api/types.js';

/** Orders: the list (cursor paging with page numbers), one order, a new order; the moves between statuses. */
export const ordersData = {
  handlers: {
    orders: {
      getList: (params, resource) =>
        cursorList(resource, params, true, async (request, perPage) => {
          const f = params.filter ?? {};
          const { body } = await call(
            api().GET('/api/v1/orders', {
              params: {
                query: clean({
                  limit: perPage,
                  ...request,
                  status: str(f.status) as OrderStatus | undefined,
                  customerId: str(f.customerId),
                  marketerId: str(f.marketerId),
                  orderNumber: typeof f.orderNumber === 'number' ? f.orderNumber : undefined,
                  createdFrom: day(f.createdFrom, false),
                  createdTo: day(f.createdTo, true),
                }),
              },
            }),
          );
          return { rows: body.data, nextCursor: body.meta.nextCursor, total: body.meta.total };
        }),
      getOne: async ({ id }) =>
        ok((await call(api().GET('/api/v1/orders/{id}', { params: { path: { id: String(id) } } }))).body.data),
      create: async ({ data }) =>
        ok(
          (await call(api().POST('/api/v1/orders', { body: clean(data) as BodyOf<'/api/v1/orders', 'post'> }))).body
            .data,
        ),
    },
  },
  actions: {
    /** How all the orders in the key's scope spread over the statuses (one read). */
    orderCounts: async () => (await call(api().GET('/api/v1/orders/counts'))).body.data,
    validate: async (orderId: string, targetStatus: string) =>
      (
        await call(
          api().POST('/api/v1/orders/{id}/validate-transition', {
            params: { path: { id: orderId } },
            body: { targetStatus },
          }),
        )
      ).body.data,
    changeStatus: async (orderId: string, version: number, body: BodyOf<'/api/v1/orders/{id}/status', 'patch'>) =>
      (
        await call(
          api().PATCH('/api/v1/orders/{id}/status', {
            params: { path: { id: orderId }, header: { 'If-Match': ifMatch(version) } },
            body: clean(body),
          }),
        )
      ).body.data,
  },
  creates: { orders: 'POST /api/v1/orders' },
} satisfies DataPart;

export type OrdersActions = typeof ordersData.actions;
