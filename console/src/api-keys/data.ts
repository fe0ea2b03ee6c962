import { api, call } from '../api/client.js';
import { clean } from '../api/clean.js';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf } from '../api/types.js';

/** API keys: the list, a new key (shown once with the record); revoking and rotating one. */
export const apiKeysData = {
  handlers: {
    'api-keys': {
      getList: async () => records((await call(api().GET('/api/v1/api-keys'))).body.data),
      create: async ({ data }) => {
        const { body } = await call(
          api().POST('/api/v1/api-keys', { body: clean(data) as BodyOf<'/api/v1/api-keys', 'post'> }),
        );
        return ok({ ...body.data.apiKey, key: body.data.key });
      },
    },
  },
  actions: {
    revokeKey: async (id: string) =>
      (await call(api().POST('/api/v1/api-keys/{id}/revoke', { params: { path: { id } } }))).body.data,
    rotateKey: async (id: string, graceSeconds?: number) =>
      (
        await call(
          api().POST('/api/v1/api-keys/{id}/rotate', { params: { path: { id } }, body: clean({ graceSeconds }) }),
        )
      ).body.data,
  },
  creates: { 'api-keys': 'POST /api/v1/api-keys' },
} satisfies DataPart;

export type ApiKeysActions = typeof apiKeysData.actions;
