import { api, call } from '../../api/client.js';
import { clean } from '../../api/clean.js';
import { type DataPart, records } from '../../api/handlers.js';
import type { BodyOf } from '../../api/types.js';

/** An order's generated documents, and generating one. */
export const documentsData = {
  handlers: {
    documents: {
      getManyReference: {
        orderId: async ({ id }) =>
          records(
            (await call(api().GET('/api/v1/orders/{id}/documents', { params: { path: { id: String(id) } } }))).body
              .data,
          ),
      },
    },
  },
  actions: {
    generateDocument: async (orderId: string, body: BodyOf<'/api/v1/orders/{id}/documents', 'post'>) =>
      (
        await call(
          api().POST('/api/v1/orders/{id}/documents', { params: { path: { id: orderId } }, body: clean(body) }),
        )
      ).body.data,
  },
} satisfies DataPart;

export type DocumentsActions = typeof documentsData.actions;
