import { api, call } from '../../api/client.js';
import { clean } from '../../api/clean.js';
import { str } from '../../api/filters.js';
import { type DataPart, records } from '../../api/handlers.js';
import type { BodyOf, ExportStep } from '../../api/types.js';

/** Export: the deadlines coming up (14 days unless a day is given), and recording an order's export step. */
export const exportData = {
  handlers: {
    'export-deadlines': {
      getList: async ({ filter }) => {
        const before = str(filter?.before) ?? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
        const { body } = await call(api().GET('/api/v1/export-deadlines', { params: { query: { before } } }));
        return records(body.data.map((deadline) => ({ ...deadline, id: `${deadline.orderId}:${deadline.kind}` })));
      },
    },
  },
  actions: {
    exportStep: async (
      orderId: string,
      step: ExportStep,
      version: number,
      body: BodyOf<'/api/v1/orders/{id}/export-steps/{step}', 'put'>,
    ) =>
      (
        await call(
          api().PUT('/api/v1/orders/{id}/export-steps/{step}', {
            params: { path: { id: orderId, step } },
            body: { ...clean(body), version },
          }),
        )
      ).body.data,
  },
} satisfies DataPart;

export type ExportActions = typeof exportData.actions;
