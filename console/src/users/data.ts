import { api, call } from '../api/client.js';
import { clean, pick } from '../api/clean.js';
import { str } from '../api/filters.js';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf, QueryOf } from '../api/types.js';

/** Staff: the list by role, one person, a new one, an edit; deactivating one. */
export const usersData = {
  handlers: {
    users: {
      getList: async ({ filter }) => {
        const role = str(filter?.role) as QueryOf<'/api/v1/users', 'get'>['role'];
        const { body } = await call(api().GET('/api/v1/users', { params: { query: clean({ role }) } }));
        return records(body.data);
      },
      getOne: async ({ id }) =>
        ok((await call(api().GET('/api/v1/users/{id}', { params: { path: { id: String(id) } } }))).body.data),
      create: async ({ data }) =>
        ok(
          (await call(api().POST('/api/v1/users', { body: clean(data) as BodyOf<'/api/v1/users', 'post'> }))).body.data,
        ),
      update: async ({ id, data }) => {
        const fields = clean(pick(data, ['name', 'mobileNumber', 'email', 'language', 'active']));
        return ok(
          (
            await call(
              api().PATCH('/api/v1/users/{id}', {
                params: { path: { id: String(id) } },
                body: fields as BodyOf<'/api/v1/users/{id}', 'patch'>,
              }),
            )
          ).body.data,
        );
      },
    },
  },
  actions: {
    deactivateUser: async (id: string) =>
      (await call(api().POST('/api/v1/users/{id}/deactivate', { params: { path: { id } } }))).body.data,
  },
  creates: { users: 'POST /api/v1/users' },
} satisfies DataPart;

export type UsersActions = typeof usersData.actions;
