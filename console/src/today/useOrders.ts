import { useDataProvider } from 'react-admin';
import type { Order, OrderStatus } from '../api/types.js';

/** One page of the newest orders, optionally of one status (one read). */
export function useOrderPage() {
  const dataProvider = useDataProvider();
  return async (perPage: number, status?: OrderStatus): Promise<Order[]> =>
    (
      await dataProvider.getList<Order>('orders', {
        pagination: { page: 1, perPage },
        sort: { field: 'createdAt', order: 'DESC' },
        filter: status ? { status } : {},
      })
    ).data;
}
