import { api, call } from '../../api/client.js';
import type { DataPart } from '../../api/handlers.js';

/** The buyer's tracking link of an order. */
export const trackingData = {
  actions: {
    /** A new link to the buyer's tracking page; the old one stops working at once. */
    replaceTrackingLink: async (orderId: string) =>
      (await call(api().POST('/api/v1/orders/{id}/tracking-link', { params: { path: { id: orderId } } }))).body.data,
  },
} satisfies DataPart;

export type TrackingActions = typeof trackingData.actions;
