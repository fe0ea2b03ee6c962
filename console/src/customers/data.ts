import { api, call } from '../api/client.js';
import { clean } from '../api/clean.js';
import { cursorList } from '../api/cursor-list.js';
import { str } from '../api/filters.js';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf } from '../api/types.js';

/** Customers: the list and its search, the matches of a phone, one customer, a new one; the wallet and its ledger, a wallet movement. */
export const customersData = {
  handlers: {
    customers: {
      getList: (params, resource) =>
        cursorList(resource, params, false, async (request, perPage) => {
          const { body } = await call(
            api().GET('/api/v1/customers', {
              params: { query: clean({ limit: perPage, cursor: request.cursor, q: str(params.filter?.q) }) },
            }),
          );
          return { rows: body.data, nextCursor: body.meta?.nextCursor };
        }),
      getOne: async ({ id }) =>
        ok((await call(api().GET('/api/v1/customers/{id}', { params: { path: { id: String(id) } } }))).body.data),
      create: async ({ data }) =>
        ok(
          (await call(api().POST('/api/v1/customers', { body: clean(data) as BodyOf<'/api/v1/customers', 'post'> })))
            .body.data,
        ),
    },
    'customer-matches': {
      getList: async ({ filter }) => {
        const phone = str(filter?.phone);
        if (!phone) return records([]);
        const { body } = await call(api().GET('/api/v1/customers/search', { params: { query: { phone } } }));
        return records(body.data);
      },
    },
    wallets: {
      getOne: async ({ id }) =>
        ok(
          (await call(api().GET('/api/v1/customers/{id}/wallet', { params: { path: { id: String(id) } } }))).body.data,
        ),
    },
    'wallet-transactions': {
      getManyReference: {
        walletId: async ({ id, pagination }) => {
          const { body } = await call(
            api().GET('/api/v1/wallets/{id}/transactions', {
              params: {
                path: { id: String(id) },
                query: { page: pagination?.page ?? 1, pageSize: Math.min(pagination?.perPage ?? 20, 100) },
              },
            }),
          );
          return records(body.data, body.meta?.total);
        },
      },
    },
  },
  actions: {
    walletTransaction: async (walletId: string, body: BodyOf<'/api/v1/wallets/{id}/transactions', 'post'>) =>
      (
        await call(
          api().POST('/api/v1/wallets/{id}/transactions', { params: { path: { id: walletId } }, body: clean(body) }),
        )
      ).body.data,
  },
  creates: { customers: 'POST /api/v1/customers' },
} satisfies DataPart;

export type CustomersActions = typeof customersData.actions;
