import { api, call } from '../api/client.js';
import { clean, pick } from '../api/clean.js';
import { type DataPart, ok, records } from '../api/handlers.js';
import type { BodyOf } from '../api/types.js';

/** Webhook endpoints: the list, one, a new one (its secret shown once), an edit at the version read, removal; the delivery log, a test, replays. */
export const webhooksData = {
  handlers: {
    'webhook-endpoints': {
      getList: async () => records((await call(api().GET('/api/v1/webhook-endpoints'))).body.data),
      getOne: async ({ id }) =>
        ok(
          (await call(api().GET('/api/v1/webhook-endpoints/{id}', { params: { path: { id: String(id) } } }))).body.data,
        ),
      create: async ({ data }) => {
        const { body } = await call(
          api().POST('/api/v1/webhook-endpoints', { body: clean(data) as BodyOf<'/api/v1/webhook-endpoints', 'post'> }),
        );
        return ok({ ...body.data.endpoint, secret: body.data.secret });
      },
      update: async ({ id, data, previousData }) => {
        const fields = clean(pick(data, ['url', 'description', 'eventTypes', 'enabled']));
        const { body } = await call(
          api().PATCH('/api/v1/webhook-endpoints/{id}', {
            params: { path: { id: String(id) } },
            body: { ...fields, version: Number(previousData.version) } as BodyOf<
              '/api/v1/webhook-endpoints/{id}',
              'patch'
            >,
          }),
        );
        return ok(body.data);
      },
      delete: async ({ id }) =>
        ok(
          (await call(api().DELETE('/api/v1/webhook-endpoints/{id}', { params: { path: { id: String(id) } } }))).body
            .data,
        ),
    },
    deliveries: {
      getManyReference: {
        endpointId: async ({ id }) => {
          const { body } = await call(
            api().GET('/api/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: String(id) }, query: {} } }),
          );
          return records(body.data);
        },
      },
    },
  },
  actions: {
    testWebhook: async (id: string) =>
      (await call(api().POST('/api/v1/webhook-endpoints/{id}/test', { params: { path: { id } }, body: {} }))).body.data,
    replayDelivery: async (id: string, deliveryId: string) =>
      (
        await call(
          api().POST('/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay', {
            params: { path: { id, deliveryId } },
            body: {},
          }),
        )
      ).body.data,
    replaySince: async (id: string, since: string) =>
      (await call(api().POST('/api/v1/webhook-endpoints/{id}/replay', { params: { path: { id } }, body: { since } })))
        .body.data,
  },
  creates: { 'webhook-endpoints': 'POST /api/v1/webhook-endpoints' },
} satisfies DataPart;

export type WebhooksActions = typeof webhooksData.actions;
