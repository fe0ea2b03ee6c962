import { api, call, ifMatch } from '../api/client.js';
import { cursorList } from '../api/cursor-list.js';
import { clean } from '../api/clean.js';
import { day, str } from '../api/filters.js';
import type { GetListParams, GetListResult } from 'react-admin';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf, OrderStatus } from '../api/types.js';

/**
 * The open orders whose car the import rules in force now refuse: a list the API pages by number
 * with its total (it judges every order), so no cursor.
 */
async function failingImports({ pagination }: GetListParams): Promise<GetListResult> {
  const { body } = await call(
    api().GET('/api/v1/orders', {
      params: { query: { importCheck: 'failing', page: pagination?.page ?? 1, limit: pagination?.perPage ?? 20 } },
    }),
  );
  return records(body.data, body.meta.total);
}

/** A new order's body: empty inputs left out, the destination in capitals, an override only with its reason. */
function orderBody(data: Record<string, unknown>): Record<string, unknown> {
  const { importRuleOverride, destinationCountry, ...rest } = data as {
    importRuleOverride?: { reason?: string };
    destinationCountry?: string;
  };
  const reason = importRuleOverride?.reason?.trim();
  const country = str(destinationCountry)?.toUpperCase();
  return clean({
    ...rest,
    ...(country ? { destinationCountry: country } : {}),
    ...(reason ? { importRuleOverride: { reason } } : {}),
  });
}

/** Orders: the list (cursor paging with page numbers), one order, a new order; the moves between statuses. */
export const ordersData = {
  handlers: {
    orders: {
      getList: (params, resource) =>
        params.filter?.importCheck === 'failing'
          ? failingImports(params)
          : cursorList(resource, params, true, async (request, perPage) => {
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
          (await call(api().POST('/api/v1/orders', { body: orderBody(data) as BodyOf<'/api/v1/orders', 'post'> }))).body
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
    /** Where the order's car goes, at the version read; an admin's override reason goes with it when given. */
    setDestination: async (orderId: string, version: number, destinationCountry: string, overrideReason?: string) =>
      (
        await call(
          api().PATCH('/api/v1/orders/{id}/destination', {
            params: { path: { id: orderId } },
            body: {
              destinationCountry,
              version,
              ...(overrideReason?.trim() ? { importRuleOverride: { reason: overrideReason.trim() } } : {}),
            },
          }),
        )
      ).body.data,
  },
  creates: { orders: 'POST /api/v1/orders' },
} satisfies DataPart;

export type OrdersActions = typeof ordersData.actions;
