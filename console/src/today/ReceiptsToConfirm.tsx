import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { BillingEntry } from '../api/types.js';
import { useMe } from '../auth/useMe.js';
import { useFormat } from '../common/format.js';
import { type Item, Section } from './Section.js';
import { useOrderPage } from './useOrders.js';

/** Accountant: pending receipts on the orders whose deposit or payment waits for confirmation. */
export function ReceiptsToConfirm() {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider();
  const orderPage = useOrderPage();
  const { can } = useMe();
  // The tenant's queue of pending entries (one read) where the key may read it; else the orders waiting on money.
  const queue = useGetList<BillingEntry>(
    'billing',
    { filter: { type: 'receipt' }, pagination: { page: 1, perPage: 50 } },
    { enabled: can('GET /api/v1/billing') },
  );
  // Each entry names its order (#number) and customer; an entry recorded before it kept them shows its amount alone.
  const queued: Item[] | undefined = queue.data?.map((entry) => ({
    key: entry.id,
    to: `/orders/${entry.orderId}/show`,
    primary: [
      entry.orderNumber !== undefined && `#${entry.orderNumber}`,
      entry.customerName,
      format.money(entry.amount, entry.currency),
    ]
      .filter(Boolean)
      .join(' · '),
    secondary: `${entry.description} · ${format.dateTime(entry.createdAt)}`,
  }));
  const query = useQuery({
    enabled: !can('GET /api/v1/billing'),
    queryKey: ['today', 'receipts'],
    queryFn: async (): Promise<Item[]> => {
      const orders = [...(await orderPage(20, 'DepositSubmitted')), ...(await orderPage(20, 'PaymentSubmitted'))].slice(
        0,
        20,
      );
      const rows = await Promise.all(
        orders.map(async (order) => {
          const { data } = await dataProvider.getManyReference<BillingEntry>('billing', {
            target: 'orderId',
            id: order.id,
            pagination: { page: 1, perPage: 100 },
            sort: { field: 'createdAt', order: 'ASC' },
            filter: {},
          });
          const pending = data.filter((entry) => entry.type === 'receipt' && entry.status === 'Pending');
          return pending.length
            ? {
                key: order.id,
                to: `/orders/${order.id}/show`,
                primary: `#${order.orderNumber} · ${order.customer.name} · ${translate(`vpo.status.${order.status}`)}`,
                secondary: pending
                  .map((entry) => `${format.money(entry.amount, entry.currency)} ${entry.description}`)
                  .join(' · '),
              }
            : undefined;
        }),
      );
      return rows.filter((row): row is NonNullable<typeof row> => Boolean(row));
    },
  });
  return (
    <Section
      title={translate('vpo.today.receipts')}
      help={translate('vpo.today.receiptsHelp')}
      query={can('GET /api/v1/billing') ? { ...queue, data: queued } : query}
    />
  );
}
