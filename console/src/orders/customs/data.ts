import { api, call } from '../../api/client.js';
import { clean } from '../../api/clean.js';
import type { DataPart } from '../../api/handlers.js';
import type { BodyOf } from '../../api/types.js';

/** An order's customs invoice, saved at the order's version read. */
export const customsData = {
  actions: {
    customsInvoice: async (
      orderId: string,
      version: number,
      body: BodyOf<'/api/v1/orders/{id}/customs-invoice', 'patch'>,
    ) =>
      (
        await call(
          api().PATCH('/api/v1/orders/{id}/customs-invoice', {
            params: { path: { id: orderId } },
            body: { ...clean(body), version },
          }),
        )
      ).body.data,
  },
} satisfies DataPart;

export type CustomsActions = typeof customsData.actions;
